// Claude turns. Claude has no turn id: a turn runs from the first activity after a `result` to the
// next `result`; its id is `<session_id>#turn-<n>`. How it ended is read from the SDK's own signals:
// 0.3.x says it in `terminal_reason`; 0.2.62 only in the subtype, `is_error` and the
// `[Request interrupted by user…]` message the SDK yields just before an interrupted turn's result
// (which the tool the interrupt killed answers with an error just before that). Internal
// diagnostics (`[ede_diagnostic] …`) are never an errorMessage.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { get, idOf, obj, str } from '../values.ts';
import { completeStoppedBlocks, interruptStreamingBlocks } from './claude-blocks.ts';
import { claudeTurn, jsonBytes, TURN_SET_BYTES } from './claude-state.ts';
import { toolNotRun, toolResultDetail } from './claude-tools.ts';
import { claudeParentItem } from './links.ts';
import { rememberModel } from './thread-model.ts';
import { openSyntheticTurn } from './turns.ts';

const INTERRUPT_MARKER = /^\[Request interrupted by user/;
const DIAGNOSTIC = /^\[[a-z_]*diagnostic\]/i;

/** What a failed result says when it carries no message of its own. */
const SUBTYPE_MESSAGE: Record<string, string> = {
  error_during_execution: 'the turn failed during execution',
  error_max_turns: 'the turn reached its maximum number of turns',
  error_max_budget_usd: 'the turn reached its maximum budget',
  error_max_structured_output_retries: 'the turn used up its structured-output retries',
};

/**
 * A thread (a session_id) seen for the first time: `thread.started`, before the events of the
 * message that names it. Remembered in the thread's own state, so it costs nothing more and is
 * bounded with the threads (runtime/lifecycle.ts).
 */
export function claudeThreadStarted(ctx: MapContext, thread: string): void {
  const scratch = ctx.thread.scratch;
  if (scratch.has('claudeThreadStarted')) return;
  scratch.set('claudeThreadStarted', true);
  ctx.emit('thread.started', { thread }, { providerThreadId: thread }, []);
}

/** Claude: system:init's model, or a main-thread assistant message's (a subagent's is its own). */
function claudeMessageModel(ctx: MapContext): void {
  const m = ctx.raw.payload;
  if (get(m, ['parent_tool_use_id']) != null) return;
  const model =
    get(m, ['type']) === 'system'
      ? get(m, ['model'])
      : (get(m, ['message', 'model']) ?? get(m, ['event', 'message', 'model']));
  rememberModel(ctx, ctx.currentThread, model);
}

/** Before a message that may start a turn: the model it states is the thread's, then the turn opens on it. */
export function claudeOpenTurn(ctx: MapContext, _ids: ProviderIds, _message: unknown): void {
  claudeMessageModel(ctx);
  openSyntheticTurn(ctx);
  const held = ctx.lifecycle.heldPrompt;
  if (held !== undefined && ctx.currentThread !== undefined) {
    ctx.lifecycle.heldPrompt = undefined;
    emitPrompt(ctx, held, undefined);
  }
}

/**
 * The app's own prompt (the SDK never yields it back): it starts a turn, if none is open, with the
 * user's message as a `user_message` item, as the user's message is on every other provider.
 */
export function claudePrompt(ctx: MapContext, prompt: unknown, id: string | undefined): boolean {
  const text = promptText(prompt);
  if (text === undefined) return false;
  // Before the SDK has named its session, the turn's thread is not known: the prompt waits for the
  // turn the SDK's first message opens (claudeOpenTurn).
  if (ctx.currentThread === undefined) {
    ctx.lifecycle.heldPrompt = text;
    return true;
  }
  emitPrompt(ctx, text, id);
  return true;
}

function emitPrompt(ctx: MapContext, text: string, id: string | undefined): void {
  openSyntheticTurn(ctx);
  ctx.lifecycle.holdsScratch(ctx.currentThread);
  const n = ((ctx.thread.turnScratch.get('claudePrompts') as number | undefined) ?? 0) + 1;
  ctx.thread.turnScratch.set('claudePrompts', n);
  const item = `${id ?? ctx.currentTurn ?? 'session'}#prompt-${n}`;
  ctx.emit('item.started', { item }, { itemType: 'user_message', status: 'inProgress', text }, []);
  ctx.emit('item.completed', { item }, { itemType: 'user_message', status: 'completed', text }, []);
}

/** A prompt's text: a string, or an SDKUserMessage (`message.content`: a string or content blocks). */
function promptText(prompt: unknown): string | undefined {
  if (typeof prompt === 'string') return prompt;
  const content = get(prompt, ['message', 'content']) ?? get(prompt, ['content']);
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? summaryOf(content) : undefined;
}

const COMPACTION = 'claudeCompaction';

/**
 * system:compact_boundary: the conversation was compacted. A `context_compaction` item, as on every
 * provider; the CLI's next message, a user message with the summary it continues from, is that
 * item's text (not the user's words), and anything else first completes it without one.
 */
export function claudeCompaction(ctx: MapContext, ids: ProviderIds, m: unknown): void {
  completeCompaction(ctx, undefined);
  const item = `${idOf(get(m, ['uuid'])) ?? ctx.currentTurn ?? 'session'}#compaction`;
  ctx.emit('item.started', { ...ids, item }, { itemType: 'context_compaction', status: 'inProgress' }, []);
  ctx.lifecycle.holdsScratch(ctx.currentThread);
  ctx.thread.turnScratch.set(COMPACTION, item);
}

/** Complete the compaction item waiting for its summary, with `summary` as its text. */
export function completeCompaction(ctx: MapContext, summary: string | undefined): void {
  const scratch = ctx.thread.turnScratch;
  const item = scratch.get(COMPACTION) as string | undefined;
  if (item === undefined) return;
  scratch.delete(COMPACTION);
  ctx.emit('item.completed', { item }, { itemType: 'context_compaction', status: 'completed', text: summary }, []);
}

/**
 * user: tool results complete their tools' items (an error result waits for the next message: an
 * interrupt's marker makes it `interrupted`, anything else `failed`); the interrupt marker itself
 * marks the turn interrupted; any other content is a user_message item.
 */
export function claudeUser(ctx: MapContext, ids: ProviderIds, m: unknown): void {
  const raw = get(m, ['message', 'content']);
  const content = typeof raw === 'string' ? [{ type: 'text', text: raw }] : Array.isArray(raw) ? raw : [];
  const s = claudeTurn(ctx);
  const parent = idOf(get(m, ['parent_tool_use_id']));
  const uuid = idOf(get(m, ['uuid'])) ?? 'user-message';
  const marker = content.some((b) => INTERRUPT_MARKER.test(str(obj(b)?.text) ?? ''));
  const resultCount = content.filter((b) => obj(b)?.type === 'tool_result').length;
  const results = resultCount > 0;
  // The message's one structured result (tool_use_result) is that tool's only when it answers one.
  const oneResult = resultCount === 1 ? get(m, ['tool_use_result']) : undefined;
  if (ctx.thread.turnScratch.has(COMPACTION)) {
    const summary = parent === undefined && !results && !marker ? summaryOf(content) : undefined;
    completeCompaction(ctx, summary);
    if (summary !== undefined) return;
  }
  if (marker) {
    s.interrupted = true;
    interruptStreamingBlocks(ctx, ids);
  }
  if (!results) flushHeld(ctx, marker ? 'interrupted' : 'failed');
  content.forEach((rawBlock, index) => {
    const block = obj(rawBlock);
    if (!block) return;
    if (block.type === 'tool_result') return toolResult(ctx, ids, block, m, oneResult);
    if (INTERRUPT_MARKER.test(str(block.text) ?? ''))
      return ctx.ignore('the SDK’s interrupt marker: the turn ends interrupted');
    const item = `${uuid}#${index}`;
    const data = parent === undefined ? block : { parentToolUseId: parent, block };
    const text = str(block.text);
    const parentItemId = claudeParentItem(ctx, ids);
    const payload = { itemType: 'user_message', text, data, parentItemId };
    ctx.emit('item.started', { ...ids, item }, { ...payload, status: 'inProgress' }, []);
    ctx.emit('item.completed', { ...ids, item }, { ...payload, status: 'completed' }, []);
  });
  if (content.length === 0) ctx.ignore('a user message with no content');
}

/** The text of a user message's text blocks (the summary a compaction continues from). */
function summaryOf(content: unknown[]): string | undefined {
  const texts = content.flatMap((b) => {
    const text = obj(b)?.type === 'text' ? str(obj(b)?.text) : undefined;
    return text === undefined ? [] : [text];
  });
  return texts.length ? texts.join('\n') : undefined;
}

function toolResult(
  ctx: MapContext,
  ids: ProviderIds,
  block: Record<string, unknown>,
  m: unknown,
  structured: unknown,
): void {
  const item = idOf(block.tool_use_id);
  if (item === undefined) return ctx.ignore('a tool result that names no tool use');
  const open = ctx.openItem(ctx.currentThread, item);
  const itemType = open?.itemType ?? 'dynamic_tool_call';
  const turn = open?.ids.turn ?? ids.turn;
  // The tool's name and input (kept from its tool_use) with what it returned.
  const s = claudeTurn(ctx);
  const kept = s.tools.get(item);
  if (kept !== undefined) s.tools.delete(item);
  // A tool the CLI says never ran has no output; refused by a permission decision with no request
  // of its own (a PreToolUse hook's block), it is declined, as a tool canUseTool denied is.
  const skipped = toolNotRun(m, item);
  const result = toolResultDetail(block, open?.notRun !== true && !skipped.notRun, structured);
  const toolDetail = kept === undefined ? result : { ...kept, ...result };
  const end =
    open?.end ?? (skipped.refused ? { status: 'declined', detail: 'a permission rule refused it' } : undefined);
  if (end)
    return ctx.emit(
      'item.completed',
      { ...ids, item, turn },
      { itemType, status: end.status, detail: end.detail, toolDetail, data: block },
      [],
    );
  if (block.is_error !== true)
    return ctx.emit(
      'item.completed',
      { ...ids, item, turn },
      { itemType, status: 'completed', toolDetail, data: block },
      [],
    );
  // Held results are bounded: past the bound, those held so far are let go as failed (no interrupt
  // marker came for them within what the bound holds), and the warning says so.
  const bytes = jsonBytes(block);
  if (s.held.length > 0 && s.heldResultBytes + bytes > TURN_SET_BYTES) {
    ctx.warn(
      'eventmap let go of held tool error results as failed: more were held than the bound holds (docs/security.md)',
      {
        kind: 'state-limit',
      },
    );
    flushHeld(ctx, 'failed');
  }
  s.held.push({ item, turn, itemType, toolDetail, data: block, raw: ctx.raw });
  s.heldResultBytes += bytes;
  ctx.ignore('a tool’s error result waits for the next message (an interrupt’s marker, or not)');
}

/** Emit the held error results with `status`, each with its own message as raw. */
export function flushHeld(ctx: MapContext, status: 'failed' | 'interrupted'): void {
  const s = ctx.thread.turnScratch.get('claude') as ReturnType<typeof claudeTurn> | undefined;
  if (s === undefined || s.held.length === 0) return;
  const cause = ctx.raw;
  s.heldResultBytes = 0;
  for (const h of s.held.splice(0)) {
    ctx.raw = h.raw;
    ctx.emit(
      'item.completed',
      { item: h.item, turn: h.turn },
      {
        itemType: h.itemType,
        status,
        ...(status === 'interrupted' ? { detail: 'the user interrupted it' } : {}),
        toolDetail: h.toolDetail,
        data: h.data,
      },
      [],
    );
  }
  ctx.raw = cause;
}

/**
 * The app interrupted its turn (`query.interrupt()`, or the abort it passed `query()`): a result
 * that does not say the turn succeeded is that interrupt's, whatever error its text gives (0.2.x
 * answers an abort with `error_during_execution`, `is_error`, `Request was aborted`).
 */
export function claudeAppInterrupted(ctx: MapContext): void {
  if (ctx.currentTurn === undefined) return;
  const s = claudeTurn(ctx);
  s.interrupted = true;
  s.appInterrupted = true;
}

/** result: the turn's state (TurnState), from `terminal_reason` (mapped in the spec) or the older signals. */
export function claudeTurnState(ctx: MapContext, _ids: ProviderIds, m: unknown, terminal: unknown): string {
  const s = claudeTurn(ctx);
  const succeeded = get(m, ['subtype']) === 'success' && get(m, ['is_error']) !== true;
  if (s.appInterrupted && !succeeded) return 'interrupted';
  if (typeof terminal === 'string') return terminal;
  if (s.interrupted) return 'interrupted';
  return succeeded ? 'completed' : 'failed';
}

/** result: what a failed turn's error was, never an internal diagnostic; nothing for other states. */
export function claudeErrorMessage(
  ctx: MapContext,
  ids: ProviderIds,
  m: unknown,
  terminal: unknown,
): string | undefined {
  if (claudeTurnState(ctx, ids, m, terminal) !== 'failed') return undefined;
  const errors = get(m, ['errors']);
  const said = Array.isArray(errors)
    ? errors.filter((e): e is string => typeof e === 'string' && e.trim() !== '' && !DIAGNOSTIC.test(e))
    : [];
  if (said.length) return said.join('; ');
  const result = get(m, ['result']);
  if (typeof result === 'string' && result.trim() !== '') return result;
  const subtype = str(get(m, ['subtype'])) ?? 'result';
  const reason = str(get(m, ['terminal_reason']));
  return `${SUBTYPE_MESSAGE[subtype] ?? `the turn ended with ${subtype}`}${reason !== undefined ? ` (${reason})` : ''}`;
}

/** result, before closeTurn: held error results and whole-but-unclosed blocks close with the turn. */
export function claudeTurnEnd(ctx: MapContext, ids: ProviderIds, _m: unknown): void {
  completeCompaction(ctx, undefined);
  const ended = ctx.out.findLast((e) => e.type === 'turn.completed');
  flushHeld(
    ctx,
    ended?.payload.state === 'interrupted' || ended?.payload.state === 'cancelled' ? 'interrupted' : 'failed',
  );
  completeStoppedBlocks(ctx, ids);
}
