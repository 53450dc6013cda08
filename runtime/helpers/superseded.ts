// Codex's retried model request (`error` with `willRetry: true`): the messages its turn was streaming
// were given up, and are superseded copies (cut-off.ts).
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { get } from '../values.ts';
import { supersede } from './cut-off.ts';

/**
 * A retried model request (Codex `error` with `willRetry: true`): the messages its turn was
 * streaming were given up; the retry streams them again.
 */
export function supersedeOnRetry(ctx: MapContext, ids: ProviderIds, m: unknown): void {
  if (get(m, ['params', 'willRetry']) !== true) return;
  const turn = ids.turn ?? ctx.currentTurn;
  for (const [, open] of ctx.lifecycle.openIn(ids.thread ?? ctx.currentThread).items) {
    if (open.ids.item === undefined || (turn !== undefined && open.ids.turn !== turn)) continue;
    supersede(ctx, { ...ids, thread: open.ids.thread }, open.ids.item);
  }
}
