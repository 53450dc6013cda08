// When a turn ends — completed, interrupted, cancelled or failed — nothing it started may stay
// open: a UI spinner must stop. Upstreams leave items open on interrupts and errors, and a pending
// approval may never be answered; each is closed with a status that says why, BEFORE the turn's
// turn.completed, so a consumer that finalises the turn has everything. A thread's or a session's
// end does the same for what has no turn (and ends a turn still open). Turns always end: a turn
// whose end could not be read (an invalid status) still gets a turn.completed.
import type { MapContext } from '../context.ts';
import { CLOSED_BY } from '../lifecycle-roles.ts';
import { HOOK_VALUE_MAPS } from './value-maps.ts';
import type { ProviderIds } from '../types.ts';

/** Why an item or request a turn left open closes, by the turn's final state (TurnState). */
function reasonFor(turnState: string): string {
  if (turnState === 'completed') return 'abandoned: the turn completed without finishing it';
  return turnState === 'failed'
    ? 'the turn failed before this finished'
    : `the turn was ${turnState} before this finished`;
}

export function closeTurn(ctx: MapContext, ids: ProviderIds, _message: unknown): void {
  const thread = ids.thread ?? ctx.currentThread;
  const state = ctx.lifecycle.peekThread(thread);
  const turn = ids.turn ?? state?.turn;
  let ended = ctx.out.findLast((e) => e.type === CLOSED_BY.turn);
  ctx.synthetic(() => {
    if (!ended && turn !== undefined) {
      ctx.emit(
        CLOSED_BY.turn,
        { thread, turn },
        {
          state: 'failed',
          errorMessage: 'the upstream ended this turn with a status eventmap cannot read (see the warning and raw)',
        },
        [],
      );
      ended = ctx.out.findLast((e) => e.type === CLOSED_BY.turn);
    }
    const turnState = typeof ended?.payload.state === 'string' ? ended.payload.state : 'failed';
    // The item's status is the spec's value map (a turn that completed without it abandoned it: failed).
    const itemStatus = ctx.mapValue(HOOK_VALUE_MAPS.turnEndItemStatus, turnState) ?? 'failed';
    closeOpen(ctx, thread, turn, itemStatus, 'cancelled', reasonFor(turnState));
  });
  if (state && (turn === undefined || state.turn === turn)) state.turn = undefined;
  if (state?.turnScratch.size) state.turnScratch.clear();
  if (ended) ctx.moveToEnd(ended);
}

/** thread/closed, thread/deleted, a session's exit: everything of that thread (or of all threads) ends. */
export function closeThread(ctx: MapContext, ids: ProviderIds, _message: unknown): void {
  endThreads(ctx, ids.thread, ids.thread !== undefined ? 'the thread ended' : 'the session ended');
}

/**
 * End a thread (`undefined`: every thread): its items close `cancelled`, its requests `expired`,
 * and a turn still open is aborted with `reason`, then completes `cancelled`. Used by
 * closeThread and by Normalizer.end(), so a thread's end and a session's end read the same.
 */
export function endThreads(ctx: MapContext, only: string | undefined, reason: string): void {
  const life = ctx.lifecycle;
  // Each thread once, in the order its open items, pending requests and turn come.
  const threads = new Set<string | undefined>();
  if (only !== undefined) threads.add(only);
  else {
    for (const x of life.items.values()) threads.add(x.ids.thread);
    for (const x of life.requests.values()) threads.add(x.ids.thread);
    for (const t of life.threadsWithTurns()) threads.add(t);
  }
  if (threads.size === 0) return;
  ctx.synthetic(() => {
    for (const thread of threads) {
      inThread(ctx, thread, () => {
        const state = life.peekThread(thread);
        closeOpen(ctx, thread, undefined, 'cancelled', 'expired', `${reason} before this finished`);
        if (state?.turn !== undefined) {
          ctx.emit('turn.aborted', { thread, turn: state.turn }, { reason }, ['reason']);
          ctx.emit(CLOSED_BY.turn, { thread, turn: state.turn }, { state: 'cancelled' }, ['state']);
          state.turn = undefined;
          state.turnScratch.clear();
        }
      });
    }
  });
}

/**
 * Run `fn` with `thread` as the current thread. An event that names no thread joins the current
 * one (MapContext.emit): closing what a message without a thread left open, while another thread
 * is current (a later run's, a session's end), must not give it that thread's ids.
 */
function inThread(ctx: MapContext, thread: string | undefined, fn: () => void): void {
  const current = ctx.currentThread;
  ctx.currentThread = thread;
  try {
    fn();
  } finally {
    ctx.currentThread = current;
  }
}

/** Close the thread's open items and pending requests (of `turn`, or all of the thread's when undefined). */
function closeOpen(
  ctx: MapContext,
  thread: string | undefined,
  turn: string | undefined,
  itemStatus: string,
  decision: string,
  reason: string,
): void {
  const { items, requests } = ctx.lifecycle.openIn(thread);
  for (const [, open] of items) {
    if (turn !== undefined && open.ids.turn !== undefined && open.ids.turn !== turn) continue;
    ctx.emit(
      CLOSED_BY.item,
      { ...open.ids },
      {
        itemType: open.itemType ?? 'unknown',
        status: open.end?.status ?? itemStatus,
        detail: open.end?.detail ?? reason,
      },
      [],
    );
  }
  // Without the app's answers (it never passed them), a request still open may have been answered:
  // what was decided is not known, and the decision says so.
  const unanswered = ctx.repliesSeen ? decision : 'unobserved';
  for (const [request, pending] of requests) {
    // A request with no turn is closed only by its answer or its thread's end, never by a turn's.
    if (turn !== undefined && pending.ids.turn !== turn) continue;
    ctx.emit(
      CLOSED_BY.request,
      { ...pending.ids, request },
      { requestType: pending.requestType ?? 'unknown', decision: unanswered, resolution: { reason } },
      [],
    );
  }
}
