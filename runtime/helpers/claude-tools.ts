// Claude tool uses → typed tool detail (canonical-model.yaml ToolDetail), one builder for the
// content-block path (claude-blocks.ts: a tool_use block, streamed or whole) and the permission path
// (mapping-spec.yaml canUseTool). Which tool is which item type is the spec's claudeToolItemType
// (the caller passes the mapped type); which file change a tool makes is the spec's
// claudeFileChangeKind, read by name. TodoWrite's todos become plan steps through claudeTodoStatus.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { get, obj, str } from '../values.ts';
import { HOOK_VALUE_MAPS } from './value-maps.ts';
import { stepLabel } from './plan-steps.ts';
import {
  contentText,
  detailOf,
  FILE_CHANGE_KINDS,
  shellOutput,
  textChange,
  type FileChange,
  type ToolDetail,
} from './tool-detail.ts';

/** An MCP tool's name: `mcp__<server>__<tool>` (the server's name has no `__`). */
const MCP_NAME = /^mcp__(.+?)__(.+)$/;

/**
 * What a tool call does, by its canonical item type: a command (command_execution), the file it
 * changes (file_change), the MCP server and tool (mcp_tool_call), the query or page (web_search);
 * always the tool's name and input. Undefined without a name.
 */
export function claudeToolDetail(
  ctx: MapContext,
  _ids: ProviderIds,
  itemType: unknown,
  name: unknown,
  input: unknown,
): ToolDetail | undefined {
  const tool = str(name);
  if (tool === undefined) return undefined;
  const args = obj(input);
  const detail: ToolDetail = { name: tool, ...(args !== undefined ? { input: args } : {}) };
  switch (itemType) {
    case 'command_execution':
      return detailOf({ ...detail, command: str(args?.command) });
    case 'file_change': {
      const path = str(args?.file_path) ?? str(args?.notebook_path);
      const kind = ctx.mapValue(HOOK_VALUE_MAPS.claudeFileChange, tool);
      const changes =
        path !== undefined && kind !== undefined && FILE_CHANGE_KINDS.has(kind)
          ? editChanges(path, kind as FileChange['kind'], args)
          : undefined;
      return detailOf({ ...detail, changes });
    }
    case 'web_search':
      return detailOf({ ...detail, query: str(args?.query), url: str(args?.url) });
    case 'mcp_tool_call': {
      const m = MCP_NAME.exec(tool);
      return m ? { ...detail, server: m[1]!, name: m[2]! } : detail;
    }
    default:
      return detail;
  }
}

/**
 * A file tool's input as file changes with their texts: Write's `content` (the file's new text),
 * Edit's `old_string` → `new_string`, one change per edit of MultiEdit's `edits`, NotebookEdit's
 * `new_source`. Each is what the input states, never read back from the file.
 */
function editChanges(path: string, kind: FileChange['kind'], args: Record<string, unknown> | undefined): FileChange[] {
  const edits = Array.isArray(args?.edits) && args.edits.length > 0 ? args.edits.map((e) => obj(e)) : [args];
  return edits.map((e) =>
    textChange(path, kind, str(e?.old_string), str(e?.new_string) ?? str(e?.content) ?? str(e?.new_source)),
  );
}

/**
 * A tool_result block: what the tool returned, and why it failed when it did. The output is the
 * tool's structured result where it gives one (`structured`: the message's `tool_use_result`, a
 * shell's `{stdout, stderr}`), else the result's text. A tool that never ran (its request was
 * declined or cancelled, or the CLI says it did not execute) returned nothing: the text the CLI
 * sends for it ("The user doesn't want to proceed…", a hook's refusal) is only why.
 */
export function toolResultDetail(
  block: Record<string, unknown>,
  ran: boolean,
  structured?: unknown,
): ToolDetail | undefined {
  const text = contentText(block.content);
  const failed = block.is_error === true || !ran;
  return detailOf({
    output: ran ? (shellOutput(structured) ?? text) : undefined,
    error: failed ? (text !== undefined && text !== '' ? text : 'the tool reported an error') : undefined,
  });
}

/**
 * Whether the CLI says a tool use never executed, and whether a permission decision refused it
 * (0.3.x's `tool_result_meta`: `non_execution_kind`, `permission_decision.decision: reject`, which
 * a PreToolUse hook's block and a canUseTool deny both give). 0.2.62 sends no such record.
 */
export function toolNotRun(message: unknown, toolUseId: string): { notRun: boolean; refused: boolean } {
  const metas = get(message, ['tool_result_meta']);
  const meta = Array.isArray(metas) ? metas.map((m) => obj(m)).find((m) => m?.id === toolUseId) : undefined;
  const notRun = typeof meta?.non_execution_kind === 'string';
  return { notRun, refused: notRun && get(meta, ['permission_decision', 'decision']) === 'reject' };
}

/** TodoWrite's input → plan steps (`[{step, status}]`); undefined when it holds no todo list. */
export function todoPlan(ctx: MapContext, input: unknown): { step: string; status: string }[] | undefined {
  const todos = get(input, ['todos']);
  if (!Array.isArray(todos)) return undefined;
  return todos.map((t, i) => {
    const o = obj(t);
    return {
      step: stepLabel(i, o?.content, o?.activeForm),
      status: ctx.mapValue(HOOK_VALUE_MAPS.claudeTodoStatus, o?.status) ?? 'pending',
    };
  });
}
