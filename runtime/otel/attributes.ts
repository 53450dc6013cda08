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
 * What the tool call did, content left out: the folder a command ran in and its exit code, the MCP
 * server, the files touched and how. The command line, a search's query and a fetched page's URL
 * are the tool's arguments (a command line holds what it echoes, a URL its query string): content,
 * like the arguments, output and error text (gen_ai.tool.call.arguments/result), kept only with
 * captureContent.
 */
export function toolAttributes(detail: ToolDetail, captureContent: boolean): Attributes {
  return defined({
    [EVENTMAP.command]: captureContent ? detail.command : undefined,
    [EVENTMAP.cwd]: detail.cwd,
    [EVENTMAP.exitCode]: detail.exitCode ?? undefined,
    [EVENTMAP.server]: detail.server,
    [EVENTMAP.url]: captureContent ? detail.url : undefined,
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
