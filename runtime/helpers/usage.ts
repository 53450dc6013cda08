// The context-window snapshot (canonical-model.yaml ThreadTokenUsageSnapshot) from each provider's
// counts: what the thread's context holds after its last model request, and the window's size.
import type { ThreadTokenUsageSnapshot } from '../../generated/canonical/types.ts';
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { int, obj } from '../values.ts';

type UsageSnapshot = ThreadTokenUsageSnapshot;

/** A snapshot with its undefined counts left out (and negative ones: a count is never below zero). */
export function snapshotOf(fields: { [K in keyof UsageSnapshot]: number | undefined }): UsageSnapshot | undefined {
  if (fields.usedTokens === undefined || fields.usedTokens < 0) return undefined;
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v >= 0) out[k] = v;
  return out as unknown as UsageSnapshot;
}

/**
 * Codex `tokenUsage {total, last, modelContextWindow}`: the context holds what the last request
 * processed (`last.totalTokens`); the thread's totals are `total`.
 */
export function codexTokenUsage(_ctx: MapContext, _ids: ProviderIds, tokenUsage: unknown): UsageSnapshot | undefined {
  const u = obj(tokenUsage);
  const total = obj(u?.total);
  const last = obj(u?.last);
  return snapshotOf({
    usedTokens: int(last?.totalTokens),
    maxTokens: int(u?.modelContextWindow) || undefined,
    totalProcessedTokens: int(total?.totalTokens),
    inputTokens: int(total?.inputTokens),
    cachedInputTokens: int(total?.cachedInputTokens),
    outputTokens: int(total?.outputTokens),
    reasoningOutputTokens: int(total?.reasoningOutputTokens),
    lastInputTokens: int(last?.inputTokens),
    lastCachedInputTokens: int(last?.cachedInputTokens),
    lastOutputTokens: int(last?.outputTokens),
    lastReasoningOutputTokens: int(last?.reasoningOutputTokens),
  });
}
