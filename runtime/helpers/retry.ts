// Retries of a failed model request, the same on every provider: runtime.warning with
// `retry: {attempt, limit, status, message}` (canonical-model.yaml RetryInfo) and a message that says it.
import type { ProviderIds } from '../types.ts';
import type { MapContext } from '../context.ts';
import { get, obj, str } from '../values.ts';

export interface RetryInfo {
  attempt: number;
  limit?: number;
  status?: number | null;
  message?: string;
}

const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);

/** RetryInfo from the provider's values (Claude api_retry: attempt, max_retries, error_status, error). */
export function retry(
  _ctx: MapContext,
  _ids: ProviderIds,
  attempt: unknown,
  limit: unknown,
  status: unknown,
  message: unknown,
): RetryInfo | undefined {
  const n = int(attempt);
  if (n === undefined) return undefined;
  const max = int(limit);
  const code = status === null ? null : int(status);
  const text = str(message);
  return {
    attempt: n,
    ...(max !== undefined ? { limit: max } : {}),
    ...(code !== undefined ? { status: code } : {}),
    ...(text !== undefined && text.trim() !== '' ? { message: text } : {}),
  };
}

/**
 * RetryInfo from a Codex `error` notification with willRetry: the attempt and the limit are only in
 * its message ("Reconnecting... 1/2"), the HTTP status in its codexErrorInfo's one variant.
 */
export function codexRetry(ctx: MapContext, ids: ProviderIds, params: unknown): RetryInfo | undefined {
  const error = obj(get(params, ['error']));
  const counts = COUNTS.exec(str(error?.message) ?? '');
  let status: unknown;
  const info = obj(error?.codexErrorInfo);
  if (info) for (const key in info) status = get(info[key], ['httpStatusCode']);
  return retry(
    ctx,
    ids,
    counts ? Number(counts[1]) : undefined,
    counts ? Number(counts[2]) : undefined,
    status,
    error?.additionalDetails ?? error?.message,
  );
}

/**
 * RetryInfo from codex's retry words alone, where nothing else says it is one (the Codex SDK's
 * `error` event): "Reconnecting... 1/2 (cause)", attempt 1 of 2, for the cause inside the outer
 * parentheses; undefined for any other text.
 */
export function codexWordsRetry(ctx: MapContext, ids: ProviderIds, text: string): RetryInfo | undefined {
  const counts = WORDS.exec(text);
  if (!counts) return undefined;
  const open = text.indexOf('(', counts[0].length);
  const close = text.lastIndexOf(')');
  const cause = open >= 0 && close > open ? text.slice(open + 1, close) : undefined;
  return retry(ctx, ids, Number(counts[1]), Number(counts[2]), undefined, cause);
}

/** The attempt and the limit in codex's retry words ("1/2"); each run of one class is followed by another: linear. */
const COUNTS = /(\d{1,9})\s*\/\s*(\d{1,9})/;
/** The words codex's retries start with, then the counts (anchored). */
const WORDS = new RegExp(`^Reconnecting\\.\\.\\.\\s*${COUNTS.source}`);

/** The warning's message: "Model request failed (HTTP 500: server_error); retrying (attempt 1 of 2)". */
export function retryMessage(_ctx: MapContext, _ids: ProviderIds, info: unknown): string {
  const r = obj(info) as Partial<RetryInfo> | undefined;
  const cause = [typeof r?.status === 'number' ? `HTTP ${r.status}` : undefined, r?.message].filter(Boolean).join(': ');
  const attempt =
    typeof r?.attempt === 'number'
      ? ` (attempt ${r.attempt}${typeof r.limit === 'number' ? ` of ${r.limit}` : ''})`
      : '';
  return `Model request failed${cause ? ` (${cause})` : ''}; retrying${attempt}`;
}
