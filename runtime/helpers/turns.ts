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

/**
 * A failed turn states its error once: when this message's turn.completed is failed and nothing
 * in it said runtime.error yet, emit one (before the turn.completed; closeTurn keeps that order).
 */
export function failedTurnError(ctx: MapContext, _ids: ProviderIds, m: unknown): void {
  const ended = ctx.out.findLast((e) => e.type === 'turn.completed');
  if (ended?.payload.state !== 'failed' || ctx.out.some((e) => e.type === 'runtime.error')) return;
  const message = typeof ended.payload.errorMessage === 'string' ? ended.payload.errorMessage : 'the turn failed';
  ctx.emit(
    'runtime.error',
    // The error belongs to the turn it ended.
    { thread: ended.providerRefs?.providerThreadId, turn: ended.providerRefs?.providerTurnId },
    { message, class: 'provider_error', detail: m },
    [],
  );
}
