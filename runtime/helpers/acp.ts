// Agent Client Protocol helpers: what ACP leaves to the client to correlate. Its chunks carry no
// item id (at most a messageId), its turns no id at all, its request ids are the JSON-RPC
// envelope's, and its permission answers name an option whose meaning is in the request.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { stringBytes } from '../bounded.ts';
import { itemKey } from '../lifecycle.ts';
import { get, idOf, int, obj, str } from '../values.ts';
import { HOOK_VALUE_MAPS } from './value-maps.ts';
import { keptId } from './long-ids.ts';
import type { PlanStep } from './plans.ts';
import { stepLabel } from './plan-steps.ts';
import { answersBy, type Question } from './user-input.ts';
import {
  commandLine,
  contentText,
  detailOf,
  shellOutput,
  textChange,
  unfenced,
  type FileChange,
  type ToolDetail,
} from './tool-detail.ts';
import { closeTurn } from './close.ts';
import { openSyntheticTurn } from './turns.ts';
import { codexRetry, retryMessage } from './retry.ts';
import { acpSessionCost } from './usage.ts';

/**
 * The message chunks that are items of their own, by `sessionUpdate`: the item type each opens
 * (what a chunk's text is, a stream or the item's whole text, is the spec's).
 */
const CHUNKS: Readonly<Record<string, { itemType: string }>> = {
  agent_message_chunk: { itemType: 'assistant_message' },
  agent_thought_chunk: { itemType: 'reasoning' },
  user_message_chunk: { itemType: 'user_message' },
};

interface OpenChunk {
  kind: string;
  item: string;
  /** The chunks' messageId, as kept (helpers/long-ids.ts: a long one by its hash). */
  messageId: string | undefined;
  /** What it holds, for the session's bound (Lifecycle.held). */
  heldBytes: number;
}

const CHUNK = 'acpChunk';

/** turnScratch keys: the turn is a session/prompt's (not a replayed one); the agent has reported in it. */
const PROMPTED = 'acpPrompted';
const SPOKE = 'acpSpoke';

/** A turn for what the agent reports with none open: the session/prompt it answers was not seen. */
export function acpOpenTurn(ctx: MapContext, _ids: ProviderIds, _m: unknown): void {
  openSyntheticTurn(ctx);
}

/**
 * The client's session/prompt: its turn. A turn still open from a replay (session/load sends the
 * history as updates) ends first: what it replayed happened before.
 */
export function acpPromptTurn(ctx: MapContext, ids: ProviderIds, m: unknown): void {
  if (ctx.currentTurn !== undefined && ctx.thread.turnScratch.get(PROMPTED) !== true) acpEndReplay(ctx, ids, m);
  openSyntheticTurn(ctx);
  ctx.thread.turnScratch.set(PROMPTED, true);
}

/**
 * A user's message chunk outside a prompt (a replayed history): a turn of its own, so the turn
 * before it, once the agent has answered in it, ends.
 */
export function acpUserTurn(ctx: MapContext, ids: ProviderIds, m: unknown): void {
  const scratch = ctx.thread.turnScratch;
  if (ctx.currentTurn !== undefined && scratch.get(PROMPTED) !== true && scratch.get(SPOKE) === true)
    acpEndReplay(ctx, ids, m);
  openSyntheticTurn(ctx);
}

/** session/load's answer (the replay is over), or a new turn after one: a replayed turn still open completed, in the past. */
export function acpEndReplay(ctx: MapContext, ids: ProviderIds, m: unknown): void {
  if (ctx.currentTurn === undefined || ctx.thread.turnScratch.get(PROMPTED) === true) return;
  acpChunk(ctx, ids, undefined);
  ctx.synthetic(() => ctx.emit('turn.completed', {}, { state: 'completed' }, []));
  closeTurn(ctx, ids, m);
}

/**
 * before every session/update and the turn's end: a chunk continues the open item of its kind
 * (the same messageId, when the agent gives one); anything else completes that item first, and a
 * chunk of another kind or message starts its own item (item.started).
 */
export function acpChunk(ctx: MapContext, _ids: ProviderIds, m: unknown): void {
  const scratch = ctx.thread.turnScratch;
  const reported = obj(m) !== undefined && 'stopReason' in obj(m)! ? acpSystemError(ctx) : undefined;
  if (reported !== undefined) acpErrorEcho(ctx, [reported]);
  const open = scratch.get(CHUNK) as OpenChunk | undefined;
  const kind = str(obj(m)?.sessionUpdate);
  const chunk = kind === undefined ? undefined : CHUNKS[kind];
  const id = idOf(obj(m)?.messageId); // as every id: trimmed, a blank one none
  if (open && chunk && open.kind === kind && (id === undefined || keptId(id) === open.messageId)) return;
  if (open) {
    scratch.delete(CHUNK);
    // A turn cut short (cancelled, an error, a limit) did not finish its message: closeTurn closes
    // it as the turn's end says (interrupted, failed), not completed.
    if (!cutShort(ctx, m))
      ctx.emit(
        'item.completed',
        { item: open.item },
        { itemType: CHUNKS[open.kind]!.itemType, status: 'completed' },
        [],
      );
  }
  if (kind !== undefined && kind !== 'user_message_chunk') scratch.set(SPOKE, true);
  if (!chunk || kind === undefined) return;
  const n = ((scratch.get('acpChunks') as number | undefined) ?? 0) + 1;
  scratch.set('acpChunks', n);
  // Not the messageId alone: one message's thought and text chunks share it (claude-agent-acp).
  const messageId = keptId(id);
  const item = `${messageId ?? ctx.currentTurn ?? 'session'}#${kind}-${n}`;
  ctx.lifecycle.holdsScratch(ctx.currentThread); // the helper state of at most 8 threads is kept
  const heldBytes = stringBytes(item) + (messageId === undefined ? 0 : stringBytes(messageId)) + 64;
  scratch.set(CHUNK, { kind, item, messageId, heldBytes } satisfies OpenChunk);
  ctx.emit('item.started', { item }, { itemType: chunk.itemType, status: 'inProgress' }, []);
}

/** A prompt's end that is not a finished answer: an error, a stopReason other than end_turn, or a turn the agent reported failed. */
function cutShort(ctx: MapContext, m: unknown): boolean {
  const o = obj(m);
  if (o !== undefined && 'stopReason' in o && acpSystemError(ctx) !== undefined) return true;
  return o !== undefined && ('error' in o || ('stopReason' in o && o.stopReason !== 'end_turn'));
}

/**
 * A failed prompt's error answer, before its turn ends: an agent that first sent that very error as
 * the message it was writing (claude-agent-acp sends `API Error: …` as a chunk, then the error answer
 * `Internal error: API Error: …`) showed no answer but the error, which the turn states: the message
 * closes `failed` with no text, so the error is shown once. The two strings are the agent's own,
 * compared whole (the error's reason ends with the message's text); no wording is interpreted.
 */
export function acpErrorEcho(ctx: MapContext, reasons: readonly string[]): void {
  const open = ctx.thread.turnScratch.get(CHUNK) as OpenChunk | undefined;
  if (!open || open.kind !== 'agent_message_chunk') return;
  const text = ctx.openItem(ctx.currentThread, open.item)?.text?.trim();
  if (!text || !reasons.some((r) => r.trim().endsWith(text))) return;
  ctx.thread.turnScratch.delete(CHUNK);
  ctx.emit(
    'item.completed',
    { item: open.item },
    {
      itemType: 'assistant_message',
      status: 'failed',
      text: '',
      detail: 'the agent sent its error as this message; the turn states it',
    },
    [],
  );
}

/** turnScratch key: the agent reported the turn failed (codex-acp's `_meta.codex`), with the reason when it gave one. */
const SYSTEM_ERROR = 'acpSystemError';
/** turnScratch key: the cause of the last error codex retried in the turn (its RetryInfo.message). */
const RETRIED = 'acpRetried';
/** What a turn the agent reported failed without a reason says. */
const NO_REASON = 'the agent reported a system error (codex threadStatus systemError) with no reason of its own';

/** The error of a turn the agent reported failed (`_meta.codex`), or undefined. */
function acpSystemError(ctx: MapContext): string | undefined {
  return ctx.thread.turnScratch.get(SYSTEM_ERROR) as string | undefined;
}

/**
 * session_info_update's `_meta.codex`, where the TypeScript codex-acp (`@agentclientprotocol/codex-acp`)
 * passes on what codex app-server said of the thread: `error` (its `error` notification: message,
 * codexErrorInfo, willRetry) and `threadStatus` (`thread/status/changed`). It answers a failed turn
 * with `stopReason: end_turn` and the error as message text; these are its only structured signals
 * that the turn failed: a retry is a runtime.warning with `retry`, as on Codex; an error that is not
 * retried, or `threadStatus` `systemError`, makes the turn `failed` when its prompt is answered. Its
 * reason is the error's own: the message of the error not retried, else the cause of the last one
 * retried (what codex app-server's own final error says, recorded in acp/2.4.0/codex-acp-ts: it passes
 * the retry on and sends the final error as message text only).
 */
export function acpCodexMeta(ctx: MapContext, ids: ProviderIds, m: unknown): void {
  const codex = obj(get(m, ['_meta', 'codex']));
  if (!codex || ctx.currentTurn === undefined) return;
  const error = obj(codex.error);
  const systemError = str(obj(codex.threadStatus)?.type) === 'systemError';
  if (error && error.willRetry === true) {
    // The model request ends and is tried again: the message streaming before it ended there (it may
    // be no model text: codex-acp writes codex's own warnings as message text), and what comes after
    // is a message of its own (the failed turn's error text, acpErrorEcho).
    acpChunk(ctx, ids, m);
    const info = codexRetry(ctx, ids, { error });
    if (info?.message !== undefined) {
      ctx.lifecycle.holdsScratch(ctx.currentThread);
      ctx.thread.turnScratch.set(RETRIED, info.message);
    }
    // The retried request is the open turn's.
    const turn = { ...ids, turn: ids.turn ?? ctx.currentTurn };
    ctx.emit('runtime.warning', turn, { message: retryMessage(ctx, ids, info), retry: info, detail: error }, [
      'message',
    ]);
  } else if (error) {
    const message = str(error.message);
    if (message !== undefined && message.trim() !== '') {
      ctx.lifecycle.holdsScratch(ctx.currentThread);
      ctx.thread.turnScratch.set(SYSTEM_ERROR, message);
    }
  }
  if (systemError && acpSystemError(ctx) === undefined) {
    ctx.lifecycle.holdsScratch(ctx.currentThread);
    ctx.thread.turnScratch.set(SYSTEM_ERROR, (ctx.thread.turnScratch.get(RETRIED) as string | undefined) ?? NO_REASON);
  }
}

/** session/prompt's answer: the state its stopReason maps to, unless the agent reported the turn failed. */
export function acpPromptState(ctx: MapContext, _ids: ProviderIds, mapped: unknown): unknown {
  return acpSystemError(ctx) !== undefined ? 'failed' : mapped;
}

/**
 * The reason a JSON-RPC error answer gives: the agent's own, in `data` (Zed's codex-acp sends
 * `{code: -32603, message: "Internal error", data: {message: <codex's error>}}`), else `message`.
 */
export function jsonRpcErrorReason(error: Record<string, unknown>): string | undefined {
  const data = error.data;
  const own = typeof data === 'string' ? data : str(obj(data)?.message);
  if (own !== undefined && own.trim() !== '') return own;
  return str(error.message);
}

/** The item of the open chunk (acpChunk opened it). */
export function acpChunkItem(ctx: MapContext, _ids: ProviderIds): string | undefined {
  return (ctx.thread.turnScratch.get(CHUNK) as OpenChunk | undefined)?.item;
}

/** The JSON-RPC id of the request being mapped (ACP's params do not repeat it), as sent: `ids.request` reads it. */
export function acpRequestId(ctx: MapContext, _ids: ProviderIds): unknown {
  return obj(ctx.raw.payload)?.id;
}

/**
 * session/request_permission may be the first the client hears of its tool call (codex-acp asks
 * before it reports the call): the tool starts here, as its tool_call would start it, so that
 * the answer has an item to decline, and a cancel one to interrupt.
 */
export function acpPermissionTool(ctx: MapContext, ids: ProviderIds, m: unknown): void {
  const call = obj(obj(m)?.toolCall);
  const id = idOf(call?.toolCallId);
  if (!call || id === undefined || ctx.openItem(ctx.currentThread, id)) return;
  if (ctx.lifecycle.completedItems.has(itemKey(ctx.currentThread, id))) return;
  ctx.emit(
    'item.started',
    { item: id },
    {
      itemType: ctx.mapValue(HOOK_VALUE_MAPS.acpToolItemType, call.kind) ?? 'dynamic_tool_call',
      status: 'inProgress',
      detail: str(call.title),
      toolDetail: acpToolDetail(ctx, ids, call),
      data: call,
    },
    [],
  );
}

/** A tool update's item type: its kind's (mapped), else what its tool_call said, else a dynamic tool. */
export function acpItemType(ctx: MapContext, _ids: ProviderIds, mapped: unknown, toolCallId: unknown): unknown {
  if (mapped !== undefined) return mapped;
  const id = idOf(toolCallId);
  return (id === undefined ? undefined : ctx.openItem(ctx.currentThread, id)?.itemType) ?? 'dynamic_tool_call';
}

/** turnScratch key: the client sent session/cancel during this turn. */
const CANCELLED = 'acpCancelled';

/** session/cancel: the client interrupts the turn; it ends in the prompt's response (stopReason `cancelled`). */
export function acpCancel(ctx: MapContext, _ids: ProviderIds, _m: unknown): void {
  if (ctx.currentTurn !== undefined) ctx.thread.turnScratch.set(CANCELLED, true);
  ctx.ignore('client-notification:session/cancel');
}

/**
 * How a tool ended: as its update says, except that a tool that failed because it was not allowed
 * (its permission request said no) is `declined`, and one that failed after the client cancelled
 * the turn was `interrupted` (agents report both as `failed`).
 */
export function acpToolEnd(ctx: MapContext, _ids: ProviderIds, status: unknown, toolCallId: unknown): unknown {
  const id = idOf(toolCallId);
  if (status !== 'failed' || id === undefined) return status;
  if (ctx.openItem(ctx.currentThread, id)?.end?.status === 'declined') return 'declined';
  return ctx.thread.turnScratch.get(CANCELLED) === true ? 'interrupted' : status;
}

/** Why a turn that stopped short failed, in words (the upstream's own word stays in `stopReason`). */
const STOPPED_SHORT: Readonly<Record<string, string>> = {
  max_tokens: 'the agent stopped: the model reached its maximum number of tokens (max_tokens)',
  max_turn_requests: 'the agent stopped: the turn reached its maximum number of model requests (max_turn_requests)',
  refusal: 'the agent refused to go on (refusal)',
};

/** The errorMessage of a prompt turn that ended short of an answer, or that the agent reported failed; undefined for the others. */
export function acpStopMessage(ctx: MapContext, _ids: ProviderIds, stopReason: unknown): string | undefined {
  const reported = acpSystemError(ctx);
  if (reported !== undefined) return reported;
  return typeof stopReason === 'string' && Object.hasOwn(STOPPED_SHORT, stopReason)
    ? STOPPED_SHORT[stopReason]
    : undefined;
}

/**
 * ToolCall / ToolCallUpdate → ToolDetail: the raw input, the command as run, the files it changes
 * (its `diff` content), and what it returned. The output is the tool's own: `rawOutput` (a text,
 * content blocks, or a command's record: `aggregated_output`, `formatted_output`, `stdout`,
 * `output`), else, on the update that ends the call, the terminal extension's output
 * (`_meta.terminal_output`, whose chunks agents use both as a whole and as a part, so only at the
 * end), else its text content (one Markdown fence around it, the agent's presentation, taken off).
 * Text content before the end describes the call (an approval's prompt, a tool's description),
 * never its output. Streamed chunks (`_meta.terminal_output_delta`) are the spec's content.delta.
 * The exit code is `rawOutput`'s, else the terminal extension's (`_meta.terminal_exit`). Before all
 * of these, a shell's structured result (claude-agent-acp's `_meta.claudeCode.toolResponse`
 * {stdout, stderr}, on an update of its own before the one that ends the call, kept until then) is
 * the output, as Claude's `tool_use_result` is (tool-detail.ts shellOutput): an empty command shows
 * empty output, not the placeholder sentence the agent puts in `rawOutput`.
 */
export function acpToolDetail(ctx: MapContext, _ids: ProviderIds, call: unknown): ToolDetail | undefined {
  const o = obj(call);
  if (!o) return undefined;
  const structured = structuredOutput(ctx, o);
  const input = obj(o.rawInput);
  const ended = o.status === 'completed' || o.status === 'failed';
  const texts: unknown[] = [];
  const changes: FileChange[] = [];
  for (const c of Array.isArray(o.content) ? o.content : []) {
    const part = obj(c);
    if (part?.type === 'content') texts.push(part.content);
    const path = str(part?.path);
    if (part?.type !== 'diff' || path === undefined) continue;
    const oldText = str(part.oldText);
    changes.push(textChange(path, oldText === undefined ? 'add' : 'update', oldText, str(part.newText)));
  }
  const shown = ended ? contentText(texts) : undefined;
  const terminal = ended ? str(get(o, ['_meta', 'terminal_output', 'data'])) : undefined;
  return detailOf({
    name: str(o.name),
    command: commandLine(input?.command),
    cwd: str(input?.cwd),
    input,
    output: structured ?? rawOutputText(o.rawOutput) ?? terminal ?? (shown === undefined ? undefined : unfenced(shown)),
    changes: changes.length ? changes : undefined,
    url: str(input?.url),
    query: str(input?.query),
    exitCode: exitCodeOf(obj(o.rawOutput), obj(get(o, ['_meta', 'terminal_exit']))),
  });
}

/** turnScratch key prefix: a call's structured shell output, kept for the update that ends it. */
const SHELL_OUTPUT = 'acpShellOutput:';

const shellKey = (o: Record<string, unknown>): string | undefined => {
  const id = idOf(o.toolCallId);
  return id === undefined ? undefined : SHELL_OUTPUT + keptId(id);
};

/** A call's structured shell output: this update's `_meta.claudeCode.toolResponse`, else the one kept. */
function structuredOutput(ctx: MapContext, o: Record<string, unknown>): string | undefined {
  const told = shellOutput(get(o, ['_meta', 'claudeCode', 'toolResponse']));
  const key = shellKey(o);
  if (told !== undefined || key === undefined || ctx.currentThread === undefined) return told;
  return ctx.thread.turnScratch.get(key) as string | undefined;
}

/**
 * After a tool_call_update: a structured shell output it gave is kept with the turn for the update
 * that ends the call (acpToolDetail); the call's end lets it go.
 */
export function acpKeepShellOutput(ctx: MapContext, _ids: ProviderIds, call: unknown): void {
  const o = obj(call);
  const key = o === undefined ? undefined : shellKey(o);
  if (o === undefined || key === undefined || ctx.currentThread === undefined) return;
  const scratch = ctx.thread.turnScratch;
  if (o.status === 'completed' || o.status === 'failed') {
    scratch.delete(key);
    return;
  }
  const told = shellOutput(get(o, ['_meta', 'claudeCode', 'toolResponse']));
  if (told === undefined) return;
  ctx.lifecycle.holdsScratch(ctx.currentThread);
  scratch.set(key, told);
}

/** The text of a tool's rawOutput: a text, content blocks, or a command's record (its output field). */
function rawOutputText(raw: unknown): string | undefined {
  const o = obj(raw);
  if (!o) return contentText(raw);
  for (const key of ['aggregated_output', 'formatted_output', 'stdout', 'output']) {
    const text = contentText(o[key]);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** The first record's `exit_code` (or `exitCode`) that has one: a number, or null (it ended without one: a signal). */
function exitCodeOf(...records: (Record<string, unknown> | undefined)[]): number | null | undefined {
  for (const o of records) {
    const code = o?.exit_code !== undefined ? o.exit_code : o?.exitCode;
    if (code === null) return null;
    if (int(code) !== undefined) return int(code);
  }
  return undefined;
}

/**
 * The client's answer to session/request_permission: `cancelled` (its turn was cancelled), or the
 * option it selected, whose kind (allow_once, reject_always…) the request listed.
 */
export function acpPermissionDecision(ctx: MapContext, ids: ProviderIds, outcome: unknown): string | undefined {
  const o = obj(outcome);
  if (o?.outcome === 'cancelled') return 'cancelled';
  const optionId = o?.optionId;
  const pending = ids.request === undefined ? undefined : ctx.lifecycle.requests.get(ids.request);
  const options = get(pending?.args, ['options']);
  const chosen = Array.isArray(options) ? options.find((o) => obj(o)?.optionId === optionId) : undefined;
  const kind = obj(chosen)?.kind;
  return kind === undefined ? undefined : ctx.mapValue(HOOK_VALUE_MAPS.acpPermissionDecision, kind);
}

/** Plan entries `[{content, status}]` → plan steps. */
export function acpPlan(ctx: MapContext, _ids: ProviderIds, entries: unknown): PlanStep[] | undefined {
  if (!Array.isArray(entries)) return undefined;
  return entries.map((e, i) => ({
    step: stepLabel(i, obj(e)?.content),
    status:
      (ctx.mapValue(HOOK_VALUE_MAPS.acpPlanStatus, obj(e)?.status) as PlanStep['status'] | undefined) ?? 'pending',
  }));
}

/** usage_update → the context window snapshot, with the session's running cost when it is in USD. */
export function acpTokenUsage(
  ctx: MapContext,
  _ids: ProviderIds,
  used: unknown,
  size: unknown,
  cost?: unknown,
): { usedTokens: number; maxTokens?: number; sessionCostUsd?: number } | undefined {
  const usedTokens = int(used);
  if (usedTokens === undefined) return undefined;
  const maxTokens = int(size);
  const sessionCostUsd = acpSessionCost(ctx, cost);
  return {
    usedTokens,
    ...(maxTokens !== undefined ? { maxTokens } : {}),
    ...(sessionCostUsd !== undefined ? { sessionCostUsd } : {}),
  };
}

/** The user's message a session/prompt sends: one item per turn. */
export function acpPromptItem(ctx: MapContext, _ids: ProviderIds): string | undefined {
  const turn = ctx.currentTurn;
  return turn === undefined ? undefined : `${turn}#prompt`;
}

/** The text of a prompt's content blocks, joined; undefined when it has none. */
export function acpContentText(_ctx: MapContext, _ids: ProviderIds, prompt: unknown): string | undefined {
  return contentText(prompt);
}

/**
 * initialize's response names the agent (agentInfo.name): its ProviderKind, through the spec's
 * acpAgentProvider map, is every later event's provider, unless the app's `provider` option said.
 */
export function acpAgent(ctx: MapContext, _ids: ProviderIds, m: unknown): void {
  const name = get(m, ['agentInfo', 'name']);
  const map = ctx.valueMaps[HOOK_VALUE_MAPS.acpAgent];
  if (typeof name !== 'string' || ctx.providerFixed || !map) return;
  // Any other agent is the map's default (`acp`) by design, not a value the spec lacks: no warning.
  ctx.eventProvider = Object.hasOwn(map.values, name) ? ctx.mapValue(HOOK_VALUE_MAPS.acpAgent, name) : map.fallback;
}

/**
 * A form elicitation's fields as questions (one per property of its requestedSchema, keyed by the
 * property's name, which is what the answer's `content` is keyed by): the title is the header, the
 * description the question, an enum's values the options (their `oneOf` titles as descriptions);
 * an array of them is a multi-select. Undefined for a URL elicitation (no schema).
 */
export function acpElicitationQuestions(_ctx: MapContext, _ids: ProviderIds, schema: unknown): Question[] | undefined {
  const props = obj(obj(schema)?.properties);
  if (!props) return undefined;
  const out: Question[] = [];
  for (const [id, value] of Object.entries(props)) {
    const prop = obj(value);
    const many = prop?.type === 'array';
    const choices = many ? obj(prop?.items) : prop;
    const header = str(prop?.title) ?? id;
    out.push({
      id,
      header,
      question: str(prop?.description) ?? header,
      options: optionsOf(choices),
      ...(many ? { multiSelect: true } : {}),
    });
  }
  return out;
}

/** An enum's values as options: `enum: [..]`, or `oneOf`/`anyOf` of `{const, title}`. */
function optionsOf(schema: Record<string, unknown> | undefined): Question['options'] {
  if (Array.isArray(schema?.enum)) return schema.enum.flatMap((v) => (typeof v === 'string' ? [{ label: v }] : []));
  const members = schema?.oneOf ?? schema?.anyOf;
  if (!Array.isArray(members)) return [];
  return members.flatMap((m) => {
    const label = str(obj(m)?.const);
    const description = str(obj(m)?.title);
    return label === undefined ? [] : [description === undefined ? { label } : { label, description }];
  });
}

/** What the user entered, by field: each value as text (a number or a yes/no too), a multi-select's as a list. */
export function acpElicitationAnswers(_ctx: MapContext, _ids: ProviderIds, content: unknown): Record<string, string[]> {
  return answersBy(content, (value) => {
    const list = (Array.isArray(value) ? value : [value]).flatMap((v) =>
      typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? [String(v)] : [],
    );
    return list.length ? list : undefined;
  });
}
