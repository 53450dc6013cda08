// Turns: synthetic ids for sources that have none, and the error a failed turn states.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { currentModel } from './thread-model.ts';

/** A deterministic turn id for sources without one (the Codex SDK): one per turn.started, per thread. */
export function newTurnId(ctx: MapContext, _ids: ProviderIds): string {
  return `${ctx.currentThread ?? 'thread'}#turn-${++ctx.thread.turns}`;
}

/** The turn open on the current thread: a retry warning's (the request retried is the turn's). */
export function openTurn(ctx: MapContext, _ids: ProviderIds): string | undefined {
  return ctx.currentTurn;
}

/**
 * A turn for a source that states none before its content (Claude, ACP): opened, synthetic, when
 * none is, on the model the thread runs on (helpers/models.ts).
 */
export function openSyntheticTurn(ctx: MapContext): void {
  if (ctx.currentTurn !== undefined) return;
  const thread = ctx.thread;
  const turn = `${ctx.currentThread ?? 'session'}#turn-${++thread.turns}`;
  const model = currentModel(ctx, ctx.currentThread);
  ctx.synthetic(() => ctx.emit('turn.started', { turn }, { model }, []));
}

/** turnScratch key: the open turn's error was stated already, as a runtime.error of the turn. */
const ERROR_STATED = 'turnErrorStated';

/** The open turn's error is stated (a runtime.error of the turn): failedTurnError does not state it again. */
export function turnErrorStated(ctx: MapContext): void {
  ctx.lifecycle.holdsScratch(ctx.currentThread);
  ctx.thread.turnScratch.set(ERROR_STATED, true);
}

/**
 * A failed turn states its error once: when this message's turn.completed is failed and nothing
 * said a runtime.error of the turn yet (in this message, or earlier: turnErrorStated), emit one
 * (before the turn.completed; closeTurn keeps that order).
 */
export function failedTurnError(ctx: MapContext, _ids: ProviderIds, m: unknown): void {
  const ended = ctx.out.findLast((e) => e.type === 'turn.completed');
  if (ended?.payload.state !== 'failed' || ctx.out.some((e) => e.type === 'runtime.error')) return;
  if (ctx.thread.turnScratch.has(ERROR_STATED)) return;
  const message = typeof ended.payload.errorMessage === 'string' ? ended.payload.errorMessage : 'the turn failed';
  ctx.emit(
    'runtime.error',
    // The error belongs to the turn it ended.
    { thread: ended.providerRefs?.providerThreadId, turn: ended.providerRefs?.providerTurnId },
    { message, class: 'provider_error', detail: m },
    [],
  );
}
