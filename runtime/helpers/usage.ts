// The context-window snapshot (canonical-model.yaml ThreadTokenUsageSnapshot) from each provider's
// counts: what the thread's context holds after its last model request, and the window's size.
import type { ThreadTokenUsageSnapshot, TurnCompletedPayload } from '../../generated/canonical/types.ts';
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { get, int, obj } from '../values.ts';

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

// ---- per turn ----------------------------------------------------------------------------------
// canonical-model.yaml TurnUsage: this turn's own tokens and cost, and the thread's running cost
// beside them. Where a provider reports running totals (Claude's total_cost_usd, Codex's token
// totals, ACP's usage_update cost), the turn's figure is the difference since the thread's last turn.

type TurnUsage = NonNullable<TurnCompletedPayload['turnUsage']>;

/** Thread scratch: the running totals as the thread's last turn ended, and the latest seen. */
interface Totals {
  /** The running cost at the last turn's end (USD). */
  costAtTurnEnd?: number;
  /** The latest running cost reported (ACP usage_update). */
  cost?: number;
  /** The latest running token totals reported (Codex thread/tokenUsage/updated), and those at the last turn's end. */
  tokens?: TokenCounts;
  tokensAtTurnEnd?: TokenCounts;
}
interface TokenCounts {
  inputTokens?: number;
  cachedInputTokens?: number;
  outputTokens?: number;
  reasoningOutputTokens?: number;
}

function totals(ctx: MapContext): Totals {
  const scratch = ctx.thread.scratch;
  let t = scratch.get('usageTotals') as Totals | undefined;
  if (!t) {
    ctx.lifecycle.holdsScratch(ctx.currentThread);
    scratch.set('usageTotals', (t = {}));
  }
  return t;
}

/** This turn's cost from the running total at its end (a total below the last one is a new process's: all this turn's). */
function costOfTurn(t: Totals, running: number | undefined): Pick<TurnUsage, 'costUsd' | 'sessionCostUsd'> {
  if (running === undefined || !Number.isFinite(running) || running < 0) return {};
  const before = t.costAtTurnEnd ?? 0;
  t.costAtTurnEnd = running;
  const costUsd = running >= before ? running - before : running;
  return { costUsd: Math.round(costUsd * 1e9) / 1e9, sessionCostUsd: running };
}

/** The fields that are set, or undefined when none is. */
function usageOf(fields: TurnUsage): TurnUsage | undefined {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(fields)) if (typeof v === 'number' && v >= 0) out[k] = v;
  return Object.keys(out).length ? (out as TurnUsage) : undefined;
}

/**
 * Claude result: `usage` is this turn's (its model requests summed), `total_cost_usd` the
 * session's running total: the turn's cost is the difference since the thread's last result.
 */
export function claudeTurnUsage(
  ctx: MapContext,
  _ids: ProviderIds,
  usage: unknown,
  totalCostUsd: unknown,
): TurnUsage | undefined {
  const u = obj(usage);
  const input = int(u?.input_tokens);
  const cacheRead = int(u?.cache_read_input_tokens);
  const cacheCreation = int(u?.cache_creation_input_tokens);
  return usageOf({
    inputTokens: input === undefined ? undefined : input + (cacheRead ?? 0) + (cacheCreation ?? 0),
    cachedInputTokens: cacheRead,
    outputTokens: int(u?.output_tokens),
    reasoningOutputTokens: int(get(u, ['output_tokens_details', 'thinking_tokens'])) || undefined,
    ...costOfTurn(totals(ctx), typeof totalCostUsd === 'number' ? totalCostUsd : undefined),
  });
}

/** Codex thread/tokenUsage/updated: keep the running totals (the turn's end takes its share). */
export function codexKeepTotals(ctx: MapContext, _ids: ProviderIds, tokenUsage: unknown): void {
  const total = obj(get(tokenUsage, ['params', 'tokenUsage', 'total']));
  if (!total) return;
  totals(ctx).tokens = {
    inputTokens: int(total.inputTokens),
    cachedInputTokens: int(total.cachedInputTokens),
    outputTokens: int(total.outputTokens),
    reasoningOutputTokens: int(total.reasoningOutputTokens),
  };
}

/** Codex turn/completed: this turn's tokens, the thread's running totals less those at its last turn's end. */
export function codexTurnUsage(ctx: MapContext, _ids: ProviderIds): TurnUsage | undefined {
  const t = totals(ctx);
  const now = t.tokens;
  if (now === undefined) return undefined;
  const before = t.tokensAtTurnEnd ?? {};
  t.tokensAtTurnEnd = now;
  const diff = (k: keyof TokenCounts) =>
    now[k] === undefined
      ? undefined
      : Math.max(0, now[k]! - (before[k] !== undefined && before[k]! <= now[k]! ? before[k]! : 0));
  return usageOf({
    inputTokens: diff('inputTokens'),
    cachedInputTokens: diff('cachedInputTokens'),
    outputTokens: diff('outputTokens'),
    reasoningOutputTokens: diff('reasoningOutputTokens'),
  });
}

/** Codex SDK turn.completed `usage`: the run's (one turn's) own counts. */
export function codexSdkTurnUsage(_ctx: MapContext, _ids: ProviderIds, usage: unknown): TurnUsage | undefined {
  const u = obj(usage);
  return usageOf({
    inputTokens: int(u?.input_tokens),
    cachedInputTokens: int(u?.cached_input_tokens),
    outputTokens: int(u?.output_tokens),
    reasoningOutputTokens: int(u?.reasoning_output_tokens),
  });
}

/** ACP usage_update `cost` (the session's running total): its amount in USD, kept for the turn's end. */
export function acpSessionCost(ctx: MapContext, cost: unknown): number | undefined {
  const c = obj(cost);
  const amount = c?.amount;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || c?.currency !== 'USD') return undefined;
  totals(ctx).cost = amount;
  return amount;
}

/**
 * ACP session/prompt's answer: its `usage` (this turn's tokens, where the agent sends it: unstable
 * before 2.0, still sent by claude-agent-acp), and the cost the last usage_update reported.
 */
export function acpTurnUsage(ctx: MapContext, _ids: ProviderIds, response: unknown): TurnUsage | undefined {
  const u = obj(get(response, ['usage']));
  const t = totals(ctx);
  return usageOf({
    inputTokens: int(u?.inputTokens),
    cachedInputTokens: int(u?.cachedReadTokens),
    outputTokens: int(u?.outputTokens),
    reasoningOutputTokens: int(u?.thoughtTokens),
    ...(t.cost !== undefined ? costOfTurn(t, t.cost) : {}),
  });
}

/** Claude task_progress / task_notification `usage {total_tokens, tool_uses, duration_ms}`: the task's own (TaskUsage). */
export function claudeTaskUsage(
  _ctx: MapContext,
  _ids: ProviderIds,
  usage: unknown,
): { totalTokens?: number; toolUses?: number; durationMs?: number } | undefined {
  const u = obj(usage);
  const out: Record<string, number> = {};
  for (const [from, to] of [
    ['total_tokens', 'totalTokens'],
    ['tool_uses', 'toolUses'],
    ['duration_ms', 'durationMs'],
  ] as const) {
    const v = int(u?.[from]);
    if (v !== undefined && v >= 0) out[to] = v;
  }
  return Object.keys(out).length ? out : undefined;
}
