// Where each item of a view is, kept beside the view rather than in it (the view stays plain data):
// item id → its turn (or its parent item, or the thread's turn-less items) and its ordinal there,
// so an event finds its item in constant time instead of searching every turn.
//
// One index serves a lineage of views (each view reduced from the one before), in a WeakMap keyed
// by view. It is shared and updated in place, so every hit is verified against the view it is used
// with (the item must be at that place); a miss rebuilds the thread's index from the view. A view
// the reducer did not make (a deserialised one, EMPTY_SESSION) gets an index of its own, built once.
import type { RuntimeItemId, ThreadId, TurnId } from '../../generated/canonical/types.ts';
import { listWork } from './lists.ts';
import type { ItemView, SessionView, ThreadView } from './view.ts';

/**
 * A top-level item of turn `turnId`, a subagent item under `parent`, or (neither) a turn-less item
 * of the thread. `ordinal`: its position counting the earlier entries the view dropped.
 */
export interface Place {
  readonly turnId?: TurnId;
  readonly parent?: RuntimeItemId;
  readonly ordinal: number;
}

export type ItemPlaces = Map<RuntimeItemId, Place>;

export class SessionPlaces {
  private readonly threads = new Map<ThreadId | undefined, ItemPlaces>();

  /** The index of a thread's items (made empty for a thread the view does not have yet). */
  of(threadId: ThreadId | undefined): ItemPlaces {
    let places = this.threads.get(threadId);
    if (places === undefined) this.threads.set(threadId, (places = new Map()));
    return places;
  }

  forgetThread(threadId: ThreadId | undefined): void {
    this.threads.delete(threadId);
  }
}

const INDEX = new WeakMap<SessionView, SessionPlaces>();

/** The index of `view`'s lineage, or a new one built from the view. */
export function placesOf(view: SessionView): SessionPlaces {
  const known = INDEX.get(view);
  if (known !== undefined) return known;
  const places = new SessionPlaces();
  for (const thread of view.threads) reindex(places.of(thread.threadId), thread);
  return places;
}

/** Keep `places` as the index of `view` (a view the reducer returned). */
export function keepPlaces(view: SessionView, places: SessionPlaces): void {
  if (view.threads.length > 0) INDEX.set(view, places);
}

/** Refill a thread's index from the thread itself. */
export function reindex(places: ItemPlaces, thread: ThreadView): void {
  places.clear();
  const add = (items: readonly ItemView[], dropped: number | undefined, at: (ordinal: number) => Place) => {
    listWork.elements += items.length;
    items.forEach((item, i) => {
      places.set(item.itemId, at(i + (dropped ?? 0)));
      if (item.children) add(item.children, item.droppedChildren, (ordinal) => ({ parent: item.itemId, ordinal }));
    });
  };
  add(thread.items, thread.droppedItems, (ordinal) => ({ ordinal }));
  for (const turn of thread.turns) add(turn.items, turn.droppedItems, (ordinal) => ({ turnId: turn.turnId, ordinal }));
}

/** Forget items the view dropped (and the subagent items under them). */
export function forgetItems(places: ItemPlaces, items: readonly ItemView[]): void {
  listWork.elements += items.length;
  for (const item of items) {
    places.delete(item.itemId);
    if (item.children) forgetItems(places, item.children);
  }
}
