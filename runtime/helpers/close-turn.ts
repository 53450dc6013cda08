// When a turn ends — completed, interrupted or failed — nothing it started may stay open: a UI
// spinner must stop. Upstreams leave items open on interrupts and errors, and a pending approval
// may never be answered; close each with a status that says why. The session's end (end() in
// runtime/end-session.ts) closes what is left the same way.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';

/** Item status for items a turn left open, by the turn's final state. */
const ITEM_STATUS_BY_TURN_STATE: Record<string, string> = {
  completed: 'completed',
  interrupted: 'interrupted',
  cancelled: 'cancelled',
  failed: 'failed',
};

export function closeTurn(ctx: MapContext, ids: ProviderIds, _message?: unknown): void {
  const ended = ctx.out.findLast((e) => e.type === 'turn.completed');
  const state = typeof ended?.payload.state === 'string' ? ended.payload.state : 'interrupted';
  closeOpen(ctx, ids.turn ?? ctx.currentTurn, { itemStatus: ITEM_STATUS_BY_TURN_STATE[state] ?? 'interrupted', decision: 'cancelled', reason: `turn ${state} before this finished` });
}

export interface Closing {
  /** ItemStatus of the items closed. */
  itemStatus: string;
  /** RequestDecision of the requests closed. */
  decision: string;
  /** Why, in the items' `detail` and the requests' `resolution`. */
  reason: string;
}

/** Close the items and requests still open in `turn` (all of them when undefined), as `closing` says. */
export function closeOpen(ctx: MapContext, turn: string | undefined, closing: Closing): void {
  const { itemStatus, decision, reason } = closing;
  // What follows has no upstream message of its own: mark it synthetic, keeping the cause in raw.
  const cause = ctx.raw;
  ctx.raw = { source: 'eventmap.synthetic', ...(cause.method !== undefined ? { method: cause.method } : {}), payload: cause.payload };
  for (const [item, open] of [...ctx.openItems]) {
    if (turn !== undefined && open.ids.turn !== undefined && open.ids.turn !== turn) continue;
    ctx.emit('item.completed', { ...open.ids, item }, { itemType: open.itemType ?? 'unknown', status: itemStatus, detail: reason }, []);
  }
  for (const [request, pending] of [...ctx.pendingRequests]) {
    if (turn !== undefined && pending.ids.turn !== undefined && pending.ids.turn !== turn) continue;
    ctx.emit('request.resolved', { ...pending.ids, request }, { requestType: pending.requestType ?? 'unknown', decision, resolution: { reason } }, []);
  }
  ctx.raw = cause;
  if (turn === undefined || ctx.currentTurn === turn) ctx.currentTurn = undefined;
}
