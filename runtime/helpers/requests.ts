// Request decisions that depend on what was asked, not only on the answer's words.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { obj } from '../values.ts';

/** The requestType a pending request was opened with (serverRequest/resolved does not repeat it). */
export function pendingRequestType(ctx: MapContext, ids: ProviderIds): unknown {
  return (ids.request === undefined ? undefined : ctx.lifecycle.requests.get(ids.request)?.requestType) ?? 'unknown';
}

/** A user-input answer: `answered` with at least one answer, `declined` with none. */
export function userInputDecision(_ctx: MapContext, _ids: ProviderIds, answers: unknown): string {
  const o = obj(answers);
  if (o) for (const _ in o) return 'answered';
  return Array.isArray(answers) && answers.length > 0 ? 'answered' : 'declined';
}

/**
 * A permissions request's answer, compared with what was asked (the request's `args.permissions`):
 * everything granted → accepted (for the session when `scope` says so); nothing → declined; some →
 * partially_accepted.
 */
export function permissionsDecision(ctx: MapContext, ids: ProviderIds, granted: unknown, scope: unknown): string {
  const asked = obj(
    obj(ids.request === undefined ? undefined : ctx.lifecycle.requests.get(ids.request)?.args)?.permissions,
  );
  const got = obj(granted) ?? {};
  let wanted = 0;
  let full = 0;
  let part = 0;
  for (const key of Object.keys(asked ?? got)) {
    const want = asked ? asked[key] : got[key];
    if (want === null || want === undefined) continue;
    wanted++;
    const have = Object.hasOwn(got, key) ? got[key] : undefined;
    if (have === null || have === undefined) continue;
    if (sameJson(have, want)) full++;
    else part++;
  }
  if (wanted > 0 && full === wanted) return scope === 'session' ? 'accepted_for_session' : 'accepted';
  if (full === 0 && part === 0) return 'declined';
  return 'partially_accepted';
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    a === null ||
    b === null ||
    Array.isArray(a) !== Array.isArray(b)
  )
    return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}
