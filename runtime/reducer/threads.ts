// Finding (or making) the thread, turn and item an event is about, and replacing them immutably.
// Lists are capped (limits.ts): what a cap drops is counted on its parent and forgotten by the index.
import type { RuntimeItemId, ThreadId, TurnId } from '../../generated/canonical/types.ts';
import { MAX_NESTING, VIEW_LIMITS } from './limits.ts';
import { appendCapped, lastIndex, plus, replaceAt } from './lists.ts';
import { forgetItems, reindex, type ItemPlaces, type Place, type SessionPlaces } from './places.ts';
import type { ItemView, SessionView, ThreadView, TurnView } from './view.ts';

export const EMPTY_SESSION: SessionView = { threads: [], warnings: [], errors: [] };

function emptyThread(threadId: ThreadId | undefined): ThreadView {
  const thread: ThreadView = { turns: [], items: [], requests: [], userInputs: [], tasks: [] };
  return threadId === undefined ? thread : { threadId, ...thread };
}

/** A new turn, started at `at` (the createdAt of the event that made it). */
export function emptyTurn(turnId: TurnId, at: string): TurnView {
  return { turnId, state: 'running', items: [], startedAt: at };
}

/** Update the event's thread (made when new); the same view when `update` changes nothing. */
export function withThread(
  view: SessionView,
  places: SessionPlaces,
  threadId: ThreadId | undefined,
  update: (thread: ThreadView, items: ItemPlaces) => ThreadView,
): SessionView {
  const index = lastIndex(view.threads, (t) => t.threadId === threadId);
  if (index >= 0) {
    const threads = replaceAt(view.threads, index, update(view.threads[index]!, places.of(threadId)));
    return threads === view.threads ? view : { ...view, threads };
  }
  const items = places.of(threadId);
  items.clear();
  const added = appendCapped(view.threads, update(emptyThread(threadId), items), VIEW_LIMITS.threads, true);
  for (const gone of added.dropped) places.forgetThread(gone.threadId);
  const droppedThreads = plus(view.droppedThreads, added.dropped.length);
  return { ...view, threads: added.list, ...(droppedThreads === undefined ? {} : { droppedThreads }) };
}

/**
 * The index of the turn an event is about: the one it names, else (naming none) the thread's
 * running turn, else its last turn; -1 when there is none.
 */
export function turnIndex(thread: ThreadView, turnId: TurnId | undefined): number {
  const { turns } = thread;
  if (turnId !== undefined) return lastIndex(turns, (t) => t.turnId === turnId);
  if (turns.length > 0 && turns[turns.length - 1]!.state === 'running') return turns.length - 1;
  const running = lastIndex(turns, (t) => t.state === 'running');
  return running >= 0 ? running : turns.length - 1;
}

/** Update an existing turn (see turnIndex); the same thread when there is none. */
export function withTurn(
  thread: ThreadView,
  turnId: TurnId | undefined,
  update: (turn: TurnView) => TurnView,
): ThreadView {
  const index = turnIndex(thread, turnId);
  if (index < 0) return thread;
  const turns = replaceAt(thread.turns, index, update(thread.turns[index]!));
  return turns === thread.turns ? thread : { ...thread, turns };
}

/** Append a turn (capped: the turns dropped take their items out of the index). */
function appendTurn(thread: ThreadView, places: ItemPlaces, turn: TurnView): ThreadView {
  const added = appendCapped(thread.turns, turn, VIEW_LIMITS.turns);
  for (const gone of added.dropped) forgetItems(places, gone.items);
  const droppedTurns = plus(thread.droppedTurns, added.dropped.length);
  return { ...thread, turns: added.list, ...(droppedTurns === undefined ? {} : { droppedTurns }) };
}

/**
 * Update the turn an event is about (turnIndex); a turn the event names but the view lacks is
 * made (its turn.started was not seen). With no turn to update, the thread is unchanged.
 */
export function upsertTurn(
  thread: ThreadView,
  places: ItemPlaces,
  turnId: TurnId | undefined,
  at: string,
  update: (turn: TurnView) => TurnView,
): ThreadView {
  const index = turnIndex(thread, turnId);
  if (index < 0 && turnId !== undefined) return appendTurn(thread, places, update(emptyTurn(turnId, at)));
  if (index < 0) return thread;
  const turns = replaceAt(thread.turns, index, update(thread.turns[index]!));
  return turns === thread.turns ? thread : { ...thread, turns };
}

/** `list` with the item at `ordinal` updated; undefined when it is not the item `itemId`. */
function updateIn(
  list: readonly ItemView[],
  dropped: number | undefined,
  ordinal: number,
  itemId: RuntimeItemId,
  update: (item: ItemView) => ItemView,
): readonly ItemView[] | undefined {
  const at = ordinal - (dropped ?? 0);
  const item = list[at];
  return item?.itemId === itemId ? replaceAt(list, at, update(item)) : undefined;
}

/** Update the item where the index places it; undefined when it is not there. */
function updatePlaced(
  thread: ThreadView,
  places: ItemPlaces,
  itemId: RuntimeItemId,
  update: (item: ItemView) => ItemView,
  depth = 0,
): ThreadView | undefined {
  const place = places.get(itemId);
  if (place === undefined) return undefined;
  const { parent, turnId, ordinal } = place;
  if (parent !== undefined) {
    // Deeper than any item the reducer nests: a view whose ids repeat (made by hand) ends here.
    if (depth > MAX_NESTING) return undefined;
    let found = true;
    const out = updatePlaced(
      thread,
      places,
      parent,
      (p) => {
        const children = updateIn(p.children ?? [], p.droppedChildren, ordinal, itemId, update);
        if (children === undefined) found = false;
        return children === undefined || children === p.children ? p : { ...p, children };
      },
      depth + 1,
    );
    return found ? out : undefined;
  }
  if (turnId === undefined) {
    const items = updateIn(thread.items, thread.droppedItems, ordinal, itemId, update);
    return items === undefined ? undefined : items === thread.items ? thread : { ...thread, items };
  }
  const t = lastIndex(thread.turns, (u) => u.turnId === turnId);
  const turn = thread.turns[t];
  if (turn === undefined) return undefined;
  const items = updateIn(turn.items, turn.droppedItems, ordinal, itemId, update);
  if (items === undefined) return undefined;
  return items === turn.items ? thread : { ...thread, turns: replaceAt(thread.turns, t, { ...turn, items }) };
}

/** Update an item the thread has: where the index says, else (a stale index) after reindexing. */
function updateExisting(
  thread: ThreadView,
  places: ItemPlaces,
  itemId: RuntimeItemId,
  update: (item: ItemView) => ItemView,
): ThreadView | undefined {
  if (!places.has(itemId)) return undefined;
  const out = updatePlaced(thread, places, itemId, update);
  if (out !== undefined) return out;
  reindex(places, thread);
  return updatePlaced(thread, places, itemId, update);
}

/** Append `item` to a list, capped; its place and the dropped items' go to the index. */
function appendItem(
  places: ItemPlaces,
  list: readonly ItemView[],
  dropped: number | undefined,
  item: ItemView,
  place: (ordinal: number) => Place,
): { list: readonly ItemView[]; droppedItems?: number } {
  const added = appendCapped(list, item, VIEW_LIMITS.items);
  places.set(item.itemId, place(list.length + (dropped ?? 0)));
  forgetItems(places, added.dropped);
  const droppedItems = plus(dropped, added.dropped.length);
  return droppedItems === undefined ? { list: added.list } : { list: added.list, droppedItems };
}

/**
 * Update the item wherever it already is in the thread (an item stays where it was first seen).
 * A new item with a `parent` the thread has goes under that item (a subagent's work); otherwise to
 * the turn the event names (made when the event is its first sign), else to the running turn, else
 * the last turn, else the thread's turn-less items: never dropped.
 */
export function withItem(
  thread: ThreadView,
  places: ItemPlaces,
  ids: { itemId: RuntimeItemId; turnId: TurnId | undefined; parent: RuntimeItemId | undefined; at: string },
  update: (item: ItemView | undefined) => ItemView,
): ThreadView {
  const { itemId, turnId, parent, at } = ids;
  const existing = updateExisting(thread, places, itemId, update);
  if (existing !== undefined) return existing;
  const item = update(undefined);
  if (parent !== undefined && parent !== itemId && ancestors(places, parent) < MAX_NESTING - 1) {
    const nested = updateExisting(thread, places, parent, (p) => {
      const added = appendItem(places, p.children ?? [], p.droppedChildren, item, (ordinal) => ({ parent, ordinal }));
      const { droppedItems } = added;
      return { ...p, children: added.list, ...(droppedItems === undefined ? {} : { droppedChildren: droppedItems }) };
    });
    if (nested !== undefined) return nested;
  }
  const index = turnIndex(thread, turnId);
  if (turnId !== undefined && index < 0) {
    places.set(itemId, { turnId, ordinal: 0 });
    return appendTurn(thread, places, { ...emptyTurn(turnId, at), items: [item] });
  }
  if (index < 0) {
    const { list, droppedItems } = appendItem(places, thread.items, thread.droppedItems, item, (ordinal) => ({
      ordinal,
    }));
    return { ...thread, items: list, ...(droppedItems === undefined ? {} : { droppedItems }) };
  }
  const turn = thread.turns[index]!;
  const { list, droppedItems } = appendItem(places, turn.items, turn.droppedItems, item, (ordinal) => ({
    turnId: turn.turnId,
    ordinal,
  }));
  const next: TurnView = { ...turn, items: list, ...(droppedItems === undefined ? {} : { droppedItems }) };
  return { ...thread, turns: replaceAt(thread.turns, index, next) };
}

/** How many items `itemId` is nested under (counting stops past MAX_NESTING). */
function ancestors(places: ItemPlaces, itemId: RuntimeItemId): number {
  let n = 0;
  for (let at = places.get(itemId)?.parent; at !== undefined && n <= MAX_NESTING; at = places.get(at)?.parent) n++;
  return n;
}

/** An item of the thread, wherever it is. */
export function findItem(
  thread: ThreadView,
  places: ItemPlaces,
  itemId: RuntimeItemId | undefined,
): ItemView | undefined {
  if (itemId === undefined) return undefined;
  let found: ItemView | undefined;
  updateExisting(thread, places, itemId, (item) => (found = item));
  return found;
}
