// Attributes made from the canonical shapes: a tool call's detail, a turn's usage, a tool's type.
import type { Attributes } from '@opentelemetry/api';
import type { CanonicalItemType, ToolDetail, TurnUsage } from '../../generated/canonical/types.ts';
import { EVENTMAP, GEN_AI } from './conventions.ts';

/** The attributes without the undefined ones. */
export function defined(attrs: Record<string, string | number | boolean | string[] | undefined>): Attributes {
  const out: Attributes = {};
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) out[k] = v;
  return out;
}

/**
 * What the tool call did, content left out: the command line and its folder and exit code, the
 * MCP server, the page fetched, the files touched and how. Arguments, output and error text are
 * content (gen_ai.tool.call.arguments/result, captureContent); so is a search's query.
 */
export function toolAttributes(detail: ToolDetail, captureContent: boolean): Attributes {
  return defined({
    [EVENTMAP.command]: detail.command,
    [EVENTMAP.cwd]: detail.cwd,
    [EVENTMAP.exitCode]: detail.exitCode ?? undefined,
    [EVENTMAP.server]: detail.server,
    [EVENTMAP.url]: detail.url,
    [EVENTMAP.query]: captureContent ? detail.query : undefined,
    [EVENTMAP.files]: detail.changes?.map((c) => c.path),
    [EVENTMAP.fileKinds]: detail.changes?.map((c) => c.kind),
  });
}

/** A turn's own tokens and cost. gen_ai.usage.input_tokens counts cached tokens too, as TurnUsage does. */
export function usageAttributes(usage: TurnUsage): Attributes {
  return defined({
    [GEN_AI.inputTokens]: usage.inputTokens,
    [GEN_AI.outputTokens]: usage.outputTokens,
    [GEN_AI.cacheReadTokens]: usage.cachedInputTokens,
    [GEN_AI.reasoningTokens]: usage.reasoningOutputTokens,
    [EVENTMAP.costUsd]: usage.costUsd,
    [EVENTMAP.sessionCostUsd]: usage.sessionCostUsd,
  });
}

/**
 * gen_ai.tool.type: `extension` for a tool that calls out of the agent (an MCP server, a web
 * search), `function` for what the agent's harness runs itself (commands, edits, its own tools).
 */
export function toolType(itemType: CanonicalItemType): 'function' | 'extension' {
  return itemType === 'mcp_tool_call' || itemType === 'web_search' ? 'extension' : 'function';
}
