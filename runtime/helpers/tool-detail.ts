// Typed tool detail (canonical-model.yaml ToolDetail) read from each upstream's item shape, so a UI
// shows a command, the files, an MCP call or a search the same way for every provider. Which item
// is which type stays the spec's value maps; these read the fields of one shape each.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import {
  FILE_CHANGE_KINDS as CANONICAL_FILE_CHANGE_KINDS,
  type FileChange,
  type ToolDetail,
} from '../../generated/canonical/types.ts';
import { get, int, obj, str } from '../values.ts';

export type { FileChange, ToolDetail };

/** The canonical FileChangeKind values (canonical-model.yaml), for the providers' words to be checked against. */
export const FILE_CHANGE_KINDS: ReadonlySet<string> = new Set(CANONICAL_FILE_CHANGE_KINDS);

/** A detail with its undefined fields left out; undefined when nothing is known. */
export function detailOf(fields: ToolDetail): ToolDetail | undefined {
  let out: ToolDetail | undefined;
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) (out ??= {})[k as 'name'] = v as never;
  return out;
}

/**
 * File changes: `[{path, kind, diff?}]` where kind is a word (`add`) or a tag object (`{type: add,
 * move_path}`, Codex app-server). Codex's `diff` is a unified diff for an update, but the file's
 * whole text for an added file (its newText) or a deleted one (its oldText): each goes where it
 * says what it is (canonical-model.yaml FileChange).
 */
export function fileChanges(list: unknown): FileChange[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const out: FileChange[] = [];
  for (const c of list) {
    const o = obj(c);
    const path = str(o?.path);
    const tag = str(o?.kind) ?? str(obj(o?.kind)?.type);
    if (path === undefined || tag === undefined || !FILE_CHANGE_KINDS.has(tag)) continue;
    const movePath = str(obj(o?.kind)?.move_path) ?? str(o?.move_path);
    const diff = str(o?.diff);
    const text = tag === 'add' ? 'newText' : tag === 'delete' ? 'oldText' : 'diff';
    out.push({
      path,
      kind: tag as FileChange['kind'],
      ...(movePath !== undefined ? { movePath } : {}),
      ...(diff !== undefined ? { [text]: diff } : {}),
    });
  }
  return out;
}

/** The text of MCP content blocks (`[{type: text, text}]`), joined; undefined when there is none. */
export function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const parts: string[] = [];
  for (const b of content) {
    const text = str(obj(b)?.text);
    if (text !== undefined) parts.push(text);
  }
  return parts.length ? parts.join('\n') : undefined;
}

/** An MCP call, as both Codex sources describe it: server, tool, arguments, result content, error. */
function mcpDetail(o: Record<string, unknown>): ToolDetail | undefined {
  return detailOf({
    server: str(o.server),
    name: str(o.tool),
    input: obj(o.arguments),
    output: contentText(get(o, ['result', 'content'])),
    error: str(get(o, ['error', 'message'])),
  });
}

/** Codex app-server ThreadItem → ToolDetail (commandExecution, fileChange, mcpToolCall, dynamicToolCall, webSearch, collabAgentToolCall, imageView). */
export function codexToolDetail(_ctx: MapContext, _ids: ProviderIds, item: unknown): ToolDetail | undefined {
  const o = obj(item);
  if (!o) return undefined;
  switch (o.type) {
    case 'commandExecution':
      return detailOf({
        command: str(o.command),
        cwd: str(o.cwd),
        exitCode: o.exitCode === null ? null : int(o.exitCode),
        output: str(o.aggregatedOutput),
      });
    case 'fileChange':
      return detailOf({ changes: fileChanges(o.changes) });
    case 'mcpToolCall':
      return mcpDetail(o);
    case 'dynamicToolCall':
      return detailOf({
        name: str(o.tool),
        input: obj(o.arguments),
        output: contentText(o.contentItems),
        error: o.success === false ? 'the tool reported a failure' : undefined,
      });
    case 'webSearch':
      return detailOf({ query: str(o.query) ?? str(get(o, ['action', 'query'])), url: str(get(o, ['action', 'url'])) });
    case 'collabAgentToolCall':
      return detailOf({ name: str(o.tool), input: str(o.prompt) !== undefined ? { prompt: o.prompt } : undefined });
    case 'imageView':
      return detailOf({ input: str(o.path) !== undefined ? { path: o.path } : undefined });
    default:
      return undefined;
  }
}

/** Codex SDK ThreadItem → ToolDetail (command_execution, file_change, mcp_tool_call, web_search). */
export function codexSdkToolDetail(_ctx: MapContext, _ids: ProviderIds, item: unknown): ToolDetail | undefined {
  const o = obj(item);
  if (!o) return undefined;
  switch (o.type) {
    case 'command_execution':
      return detailOf({
        command: str(o.command),
        exitCode: o.exit_code === null ? undefined : int(o.exit_code),
        output: str(o.aggregated_output),
      });
    case 'file_change':
      return detailOf({ changes: fileChanges(o.changes) });
    case 'mcp_tool_call':
      return mcpDetail(o);
    case 'web_search':
      return detailOf({ query: str(o.query) });
    default:
      return undefined;
  }
}

/**
 * A shell tool's structured result (`{stdout, stderr, …}`: Claude's Bash `tool_use_result`,
 * claude-agent-acp's `_meta.claudeCode.toolResponse`) as the output the tool shows: stdout, then
 * stderr, each when it says something, a line apart. An empty command shows empty output, never the
 * sentence the upstream puts in its text result instead. Undefined for any other record, and for a
 * command moved to the background (`backgroundTaskId`): it has not finished, its text says where
 * its output goes.
 */
export function shellOutput(result: unknown): string | undefined {
  const o = obj(result);
  const stdout = str(o?.stdout);
  const stderr = str(o?.stderr);
  if (stdout === undefined || stderr === undefined || o?.backgroundTaskId !== undefined) return undefined;
  return [stdout, stderr].filter((t) => t !== '').join('\n');
}

/** Parts of a text (Codex reasoning `summary` / `content`, strings or `{text}` blocks), joined by blank lines; the summary when there is one. */
export function joinedText(
  _ctx: MapContext,
  _ids: ProviderIds,
  summary: unknown,
  content?: unknown,
): string | undefined {
  for (const parts of [summary, content])
    if (Array.isArray(parts)) {
      const texts = parts.map((p) => str(p) ?? str(obj(p)?.text)).filter((p): p is string => !!p);
      if (texts.length) return texts.join('\n\n');
    }
  return undefined;
}

/** A command to approve: its command line and folder. */
export function commandDetail(
  _ctx: MapContext,
  _ids: ProviderIds,
  command: unknown,
  cwd: unknown,
): ToolDetail | undefined {
  return detailOf({ command: commandLine(command), cwd: str(cwd) });
}

/** A word a POSIX shell reads as itself, unquoted. */
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * A command as the agent ran it: a command line as given, or an argv (`["/bin/bash", "-lc", "touch
 * a.txt"]`) as the shell line that runs it, each word that needs it single-quoted, as Codex itself
 * shows an argv (`/bin/bash -lc 'touch a.txt'`). Joining by spaces would show another command.
 */
export function commandLine(command: unknown): string | undefined {
  if (!Array.isArray(command)) return str(command);
  if (!command.every((p): p is string => typeof p === 'string')) return undefined;
  return command.map((w) => (PLAIN_WORD.test(w) ? w : `'${w.replaceAll("'", `'"'"'`)}'`)).join(' ');
}

/**
 * A file change the provider gave as texts (ACP's diff content, Claude's Edit and Write inputs):
 * the text before (absent for a new file) and after, as sent.
 */
export function textChange(
  path: string,
  kind: FileChange['kind'],
  oldText: string | undefined,
  newText: string | undefined,
): FileChange {
  return {
    path,
    kind,
    ...(oldText !== undefined ? { oldText } : {}),
    ...(newText !== undefined ? { newText } : {}),
  };
}

/**
 * A text that is one Markdown fenced code block and nothing else (CommonMark: an opening line of
 * three or more backticks with an optional info string, a closing line of at least as many): the
 * block's content. An agent that presents a tool's output as Markdown (claude-agent-acp wraps a
 * result in a fence) still reported that output; any other text is returned as it is.
 */
export function unfenced(text: string): string {
  const m = /^(`{3,})[^`\n]*\n(?:([\s\S]*?)\n)?(`{3,})[ \t]*\n?$/.exec(text);
  const body = m?.[2] ?? '';
  if (!m || m[3]!.length < m[1]!.length || new RegExp(`^${m[1]}`, 'm').test(body)) return text;
  return body;
}

/** A named tool's call: its name and arguments (a dynamic tool the client runs). */
export function namedToolDetail(
  _ctx: MapContext,
  _ids: ProviderIds,
  name: unknown,
  input: unknown,
): ToolDetail | undefined {
  return detailOf({ name: str(name), input: obj(input) });
}

/** A patch to approve, as a map of path → `{type: add|delete|update, unified_diff?, move_path?}` (Codex v1 applyPatchApproval). */
export function patchDetail(_ctx: MapContext, _ids: ProviderIds, patch: unknown): ToolDetail | undefined {
  const o = obj(patch);
  if (!o) return undefined;
  const list = Object.entries(o).map(([path, change]) => {
    const c = obj(change);
    return { path, kind: c?.type, move_path: c?.move_path, diff: str(c?.unified_diff) ?? str(c?.content) };
  });
  return detailOf({ changes: fileChanges(list) });
}
