// The end of a session (Normalizer.end()): whatever the upstream left open — items, pending
// requests, turns in progress, in every thread — is closed with the reason, so no spinner waits
// forever. The same mechanism as a thread's end (helpers/close.ts).
import type { MapContext } from './context.ts';
import { endThreads } from './helpers/close.ts';
import { SYNTHETIC } from './types.ts';

export const DEFAULT_END_REASON = 'the session ended';

export function endSession(ctx: MapContext, reason: string): void {
  // These events have no upstream message of their own.
  ctx.begin({ source: SYNTHETIC, payload: null }, undefined);
  endThreads(ctx, undefined, reason);
}
