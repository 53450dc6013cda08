// The end of a session (Normalizer.end()): whatever the upstream left open — items, pending
// requests, the turn in progress — is closed, with the reason, so no spinner waits forever.
// Items and requests close through the same mechanism as a turn's end (helpers/close-turn.ts).
import type { MapContext } from './context.ts';
import { closeOpen } from './helpers/close-turn.ts';

export const DEFAULT_END_REASON = 'the session ended';

export function endSession(ctx: MapContext, reason: string): void {
  // These events have no upstream message of their own.
  ctx.begin({ source: 'eventmap.synthetic', payload: null }, undefined);
  const turn = ctx.currentTurn;
  // Items close as cancelled ("cut off because its session ended"), requests as expired ("never
  // answered: the session or connection ended"): canonical-model.yaml's meanings of both values.
  closeOpen(ctx, undefined, { itemStatus: 'cancelled', decision: 'expired', reason: `${reason} before this finished` });
  if (turn !== undefined) {
    ctx.emit('turn.aborted', { turn }, { reason }, ['reason']);
    ctx.emit('turn.completed', { turn }, { state: 'cancelled' }, ['state']);
  }
  ctx.currentTurn = undefined;
}
