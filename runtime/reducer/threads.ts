// Finding (or making) the thread, turn and item an event is about, and replacing them immutably.
import type { RuntimeItemId, ThreadId, TurnId } from '../../generated/canonical/types.ts';
import { replaceAt, upsertLast } from './lists.ts';
import type { ItemView, SessionView, ThreadView, TurnView } from './view.ts';

export const EMPTY_SESSION: SessionView = { threads: [], warnings: [], errors: [] };

function emptyThread(threadId: ThreadId | undefined): ThreadView {
  const thread: ThreadView = { turns: [], items: [], requests: [], userInputs: [], tasks: [] };
  return threadId === undefined ? thread : { threadId, ...thread };
}

export function emptyTurn(turnId: TurnId): TurnView {
  return { turnId, state: 'running', items: [] };
}

/** Update the event's thread (made when new); the same view when `update` changes nothing. */
export function withThread(
  view: SessionView,
  threadId: ThreadId | undefined,
  update: (thread: ThreadView) => ThreadView,
): SessionView {
  const threads = upsertLast(
    view.threads,
    (t) => t.threadId === threadId,
    (t) => update(t ?? emptyThread(threadId)),
  );
  return threads === view.threads ? view : { ...view, threads };
}

/**
 * The index of the turn an event is about: the one it names, else (naming none) the thread's
 * running turn, else its last turn; -1 when there is none.
 */
export function turnIndex(thread: ThreadView, turnId: TurnId | undefined): number {
  const { turns } = thread;
  if (turnId !== undefined) return turns.findLastIndex((t) => t.turnId === turnId);
  const running = turns.findLastIndex((t) => t.state === 'running');
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

/**
 * Update the item wherever it already is in the thread (an item stays where it was first seen).
 * A new item goes to the turn the event names (made when the event is its first sign), else to
 * the running turn, else the last turn, else the thread's turn-less items: never dropped.
 */
export function withItem(
  thread: ThreadView,
  itemId: RuntimeItemId,
  turnId: TurnId | undefined,
  update: (item: ItemView | undefined) => ItemView,
): ThreadView {
  const isIt = (i: ItemView) => i.itemId === itemId;
  for (let t = thread.turns.length - 1; t >= 0; t--) {
    const turn = thread.turns[t]!;
    const at = turn.items.findLastIndex(isIt);
    if (at < 0) continue;
    const items = replaceAt(turn.items, at, update(turn.items[at]));
    return items === turn.items ? thread : { ...thread, turns: replaceAt(thread.turns, t, { ...turn, items }) };
  }
  const loose = thread.items.findLastIndex(isIt);
  if (loose >= 0) {
    const items = replaceAt(thread.items, loose, update(thread.items[loose]));
    return items === thread.items ? thread : { ...thread, items };
  }
  const item = update(undefined);
  if (turnId !== undefined && turnIndex(thread, turnId) < 0) {
    return { ...thread, turns: [...thread.turns, { ...emptyTurn(turnId), items: [item] }] };
  }
  const index = turnIndex(thread, turnId);
  if (index < 0) return { ...thread, items: [...thread.items, item] };
  const turn = thread.turns[index]!;
  return { ...thread, turns: replaceAt(thread.turns, index, { ...turn, items: [...turn.items, item] }) };
}

/** An item of the thread, wherever it is. */
export function findItem(thread: ThreadView, itemId: RuntimeItemId | undefined): ItemView | undefined {
  if (itemId === undefined) return undefined;
  for (let t = thread.turns.length - 1; t >= 0; t--) {
    const item = thread.turns[t]!.items.findLast((i) => i.itemId === itemId);
    if (item) return item;
  }
  return thread.items.findLast((i) => i.itemId === itemId);
}

/**
 * Update the turn an event is about (turnIndex); a turn the event names but the view lacks is
 * made (its turn.started was not seen). With no turn to update, the thread is unchanged.
 */
export function upsertTurn(
  thread: ThreadView,
  turnId: TurnId | undefined,
  update: (turn: TurnView) => TurnView,
): ThreadView {
  if (turnId !== undefined && turnIndex(thread, turnId) < 0) {
    return { ...thread, turns: [...thread.turns, update(emptyTurn(turnId))] };
  }
  const index = turnIndex(thread, turnId);
  if (index < 0) return thread;
  const turns = replaceAt(thread.turns, index, update(thread.turns[index]!));
  return turns === thread.turns ? thread : { ...thread, turns };
}
