// Claude content blocks → items. Streamed blocks start at content_block_start (a tool use keeps its
// `toolu_` id; text and thinking are `<message id>#<index>`), are updated by the `assistant` copy,
// and complete at message_stop unless the CLI says it abandoned them (0.3.x `abandoned_blocks`: a
// cut-off stream it retries), or the stream never stopped and the CLI sent its message whole
// instead (0.2.62): such a copy is superseded (superseded.ts). Blocks streaming when the SDK's
// interrupt marker comes close `interrupted`. Tools complete at their tool_result (claude-turns.ts). Blocks never streamed
// (subagents, no partial messages) start and, unless tools, complete at once. Classification
// (tool name → item type, block type → item type) is the spec's value maps, read by name.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { get, idOf, obj, str } from '../values.ts';
import { claudeTurn, type ClaudeTurnState } from './claude-state.ts';
import { claudeToolDetail, todoPlan } from './claude-tools.ts';
import { trackRequestUsage } from './claude-usage.ts';
import { claudeSubagentModel } from './claude-requests.ts';
import { claudeParentItem } from './links.ts';
import { HOOK_VALUE_MAPS } from './value-maps.ts';
import { keptId } from './long-ids.ts';
import { OPENED_BY } from '../lifecycle-roles.ts';
import { supersede } from './cut-off.ts';

/** Value maps of mapping-spec.yaml these helpers classify with (declared in the manifest; generate checks they exist). */
export const CLAUDE_VALUE_MAPS = {
  tool: HOOK_VALUE_MAPS.claudeTool,
  block: HOOK_VALUE_MAPS.claudeBlock,
  fileChange: HOOK_VALUE_MAPS.claudeFileChange,
  todoStatus: HOOK_VALUE_MAPS.claudeTodoStatus,
  deltaItem: HOOK_VALUE_MAPS.claudeDeltaItem,
} as const;

/** What a synthetic API-error message's `model` says (the CLI writes it itself). */
const SYNTHETIC_MODEL = '<synthetic>';

/** message_start (`m` is the inner stream event): a new model response; its content blocks are numbered from 0. */
export function claudeMessageStart(ctx: MapContext, _ids: ProviderIds, m: unknown): void {
  const s = claudeTurn(ctx);
  s.messageId = keptId(idOf(get(m, ['message', 'id'])));
  if (s.blocks.size) s.blocks.clear();
  if (s.messageId !== undefined) s.streamed.add(s.messageId);
  trackRequestUsage(ctx, get(m, ['message']));
  ctx.ignore('message_start opens a model response; its content blocks are the items');
}

/**
 * The id a streamed block's item is named by: `<message id>#<index>`. A stream with no
 * message_start takes the SDK's `api_message_id` (0.3.x) as its message id, else a number of its
 * own in its turn, so the blocks of two such streams never share an id.
 */
function streamItem(ctx: MapContext, s: ClaudeTurnState, index: number): string {
  if (s.messageId === undefined) {
    const api = keptId(idOf(get(ctx.raw.payload, ['api_message_id'])));
    if (api !== undefined) {
      s.messageId = api;
      s.streamed.add(api);
    } else return `${ctx.currentTurn ?? 'turn'}/stream-${s.anonymous}#${index}`;
  }
  return `${s.messageId}#${index}`;
}

/** content_block_start: a block that is an item starts (a tool use's start is the spec's); a server tool's result block completes that tool's item. */
export function claudeBlockStart(ctx: MapContext, ids: ProviderIds, m: unknown): void {
  const index = get(m, ['index']);
  const block = obj(get(m, ['content_block']));
  if (typeof index !== 'number' || !block) return;
  const s = claudeTurn(ctx);
  // A block at an index this message already used starts another message whose message_start (and
  // the last one's message_stop) never came: the last one ends as message_stop would end it.
  if (s.blocks.has(index) && s.blocks.get(index)!.item !== idOf(block.id)) endMessage(ctx, ids, s, Infinity);
  // A tool use's item.started is the spec's (mapping-spec.yaml content_block_start): remember its block only.
  const item =
    startedBySpec(ctx, idOf(block.id)) ??
    startBlock(ctx, ids, block, idOf(block.id) ?? streamItem(ctx, s, index), undefined, true);
  if (item !== undefined) remember(ctx, s, index, item, block);
}

function remember(
  ctx: MapContext,
  s: ClaudeTurnState,
  index: number,
  item: string,
  block: Record<string, unknown>,
): void {
  const parent = idOf(get(ctx.raw.payload, ['parent_tool_use_id']));
  s.blocks.set(index, { item, isTool: isTool(block), stopped: false, type: block.type, parent });
}

/**
 * content_block_delta, before its emits: a delta for a block whose start never came (a stream
 * joined mid-message) starts that block's item, of the type the delta says (the spec's
 * claudeDeltaItemType), so its text is never dropped nor left without an item.
 */
export function claudeBlockDelta(ctx: MapContext, ids: ProviderIds, m: unknown): void {
  const index = get(m, ['index']);
  const type = get(m, ['delta', 'type']);
  if (typeof index !== 'number' || typeof type !== 'string') return;
  const s = claudeTurn(ctx);
  if (s.blocks.has(index)) return;
  const itemType = ctx.mapValue(CLAUDE_VALUE_MAPS.deltaItem, type);
  if (itemType === undefined) return;
  const item = streamItem(ctx, s, index);
  const block = { type: BLOCK_OF_ITEM[itemType] ?? type };
  startBlock(ctx, ids, block, item, undefined, true, itemType);
  remember(ctx, s, index, item, block);
}

/** The block type an `assistant` copy of a started-by-delta block has (to match it by index). */
const BLOCK_OF_ITEM: Readonly<Record<string, string>> = {
  assistant_message: 'text',
  reasoning: 'thinking',
  dynamic_tool_call: 'tool_use',
};

/** The item, when this message's own emits (the spec's) already started it. */
function startedBySpec(ctx: MapContext, item: string | undefined): string | undefined {
  if (item === undefined) return undefined;
  return ctx.out.some((e) => e.type === OPENED_BY.item && e.providerRefs?.providerItemId === item) ? item : undefined;
}

/** content_block_delta: the item of the block at this index. */
export function claudeBlockItem(ctx: MapContext, _ids: ProviderIds, index: unknown): string | undefined {
  return typeof index === 'number' ? claudeTurn(ctx).blocks.get(index)?.item : undefined;
}

/** content_block_delta: the item type of the block at this index (for item.updated). */
export function claudeBlockType(ctx: MapContext, ids: ProviderIds, index: unknown): unknown {
  const item = claudeBlockItem(ctx, ids, index);
  return item === undefined ? undefined : ctx.openItem(ctx.currentThread, item)?.itemType;
}

/** content_block_stop: the block is whole; it completes at message_stop (a tool, at its result). */
export function claudeBlockStop(ctx: MapContext, _ids: ProviderIds, m: unknown): void {
  const index = get(m, ['index']);
  const block = typeof index === 'number' ? claudeTurn(ctx).blocks.get(index) : undefined;
  if (block) block.stopped = true;
  ctx.ignore(
    block?.isTool
      ? 'a tool use was streamed whole; its item completes with its result'
      : 'a content block was streamed whole; its item completes at message_stop',
  );
}

/** message_stop: the blocks that stopped complete; those the CLI says it abandoned are superseded copies. */
export function claudeMessageStop(ctx: MapContext, ids: ProviderIds, _m: unknown): void {
  // `abandoned_blocks` is on the SDK message around the stream event (0.3.x).
  const abandoned = obj(get(ctx.raw.payload, ['abandoned_blocks']));
  endMessage(
    ctx,
    ids,
    claudeTurn(ctx),
    typeof abandoned?.from_block_index === 'number' ? abandoned.from_block_index : Infinity,
  );
  ctx.ignore('message_stop ends one model response; its items closed above or wait for their results');
}

/** One model response ends: its blocks that stopped complete, those from `from` on were abandoned (superseded). */
function endMessage(ctx: MapContext, ids: ProviderIds, s: ClaudeTurnState, from: number): void {
  for (const [index, block] of s.blocks) {
    if (block.isTool) continue;
    if (index >= from) {
      supersede(ctx, ids, block.item);
      continue;
    }
    if (!block.stopped) continue;
    const open = ctx.openItem(ctx.currentThread, block.item);
    if (open)
      ctx.emit('item.completed', { ...ids, item: block.item }, { itemType: open.itemType, status: 'completed' }, []);
  }
  if (s.blocks.size) s.blocks.clear();
  // The next stream names its message again (message_start), or is another stream with no id.
  s.messageId = undefined;
  s.anonymous++;
}

/** The SDK's interrupt marker: the text and thinking blocks still streaming were cut off by the user. */
export function interruptStreamingBlocks(ctx: MapContext, ids: ProviderIds): void {
  for (const block of claudeTurn(ctx).blocks.values()) {
    const open = block.isTool ? undefined : ctx.openItem(ctx.currentThread, block.item);
    if (open)
      ctx.emit(
        'item.completed',
        { ...ids, item: block.item, turn: open.ids.turn },
        { itemType: open.itemType, status: 'interrupted', detail: 'the user interrupted it' },
        [],
      );
  }
}

/**
 * system:api_retry: the model request being streamed failed and is retried. The main thread's text
 * and thinking blocks that had not stopped were given up (where the CLI did not already say so with
 * `abandoned_blocks`): superseded copies, as Codex's at its retry.
 */
export function claudeRetry(ctx: MapContext, ids: ProviderIds, _m: unknown): void {
  const s = claudeTurn(ctx);
  for (const [index, block] of s.blocks)
    if (!block.isTool && !block.stopped && block.parent === undefined) {
      supersede(ctx, ids, block.item);
      s.blocks.delete(index);
    }
}

/**
 * A main-thread message sent whole while another message's stream never stopped (0.2.62 retries a
 * cut-off stream so): that stream's unfinished blocks were given up.
 */
function supersedeUnstopped(ctx: MapContext, ids: ProviderIds, s: ClaudeTurnState, id: string | undefined): void {
  if (s.messageId === undefined || s.messageId === id) return;
  for (const block of s.blocks.values())
    if (!block.isTool && !block.stopped && block.parent === undefined) supersede(ctx, ids, block.item);
}

/** At a turn's end: blocks that stopped but saw no message_stop did finish. */
export function completeStoppedBlocks(ctx: MapContext, ids: ProviderIds): void {
  const s = claudeTurn(ctx);
  for (const block of s.blocks.values()) {
    const open = block.stopped && !block.isTool ? ctx.openItem(ctx.currentThread, block.item) : undefined;
    if (open)
      ctx.emit(
        'item.completed',
        { ...ids, item: block.item, turn: open.ids.turn },
        { itemType: open.itemType, status: 'completed' },
        [],
      );
  }
  if (s.blocks.size) s.blocks.clear();
}

/**
 * assistant: one content block per message. A streamed block's item already exists: update it with
 * the final block. A block that was never streamed becomes an item of its own, attributed to its
 * parent tool use. The CLI's own API-error message (`model: "<synthetic>"` with an `error`) is no
 * item: the failed turn's runtime.error and errorMessage state that error once (docs/parity.md);
 * another synthetic message is an `error` item.
 */
export function claudeAssistant(ctx: MapContext, ids: ProviderIds, m: unknown): void {
  const s = claudeTurn(ctx);
  const message = obj(get(m, ['message']));
  const id = keptId(idOf(message?.id));
  const content = Array.isArray(message?.content) ? message.content : [];
  const parent = idOf(get(m, ['parent_tool_use_id']));
  const error = get(m, ['error']);
  const synthetic = message?.model === SYNTHETIC_MODEL;
  const context = {
    ...(parent !== undefined ? { parentToolUseId: parent } : {}),
    ...(error !== undefined ? { error } : {}),
  };
  trackRequestUsage(ctx, message);
  if (synthetic && error !== undefined)
    return ctx.ignore('the CLI’s own API-error message: the failed turn states this error once (result)');
  if (parent === undefined && !(id !== undefined && s.streamed.has(id))) supersedeUnstopped(ctx, ids, s, id);
  claudeSubagentModel(ctx, ids, m);
  for (const raw of content) {
    const block = obj(raw);
    if (!block) continue;
    const part = s.assistantParts.get(id ?? '') ?? 0;
    s.assistantParts.set(id ?? '', part + 1);
    const copyOf = id !== undefined && s.streamed.has(id) ? undefined : unnamedStreamBlock(s, part, block, parent);
    const item = idOf(block.id) ?? copyOf ?? `${id ?? 'message'}#${part}`;
    if ((id !== undefined && s.streamed.has(id)) || copyOf !== undefined) {
      const open = ctx.openItem(ctx.currentThread, item);
      const itemType = open?.itemType ?? classify(ctx, block);
      if (itemType !== undefined) {
        const toolDetail = detailOfBlock(ctx, s, item, itemType, block);
        ctx.emit(
          'item.updated',
          { ...ids, item },
          {
            itemType,
            text: textOf(block),
            toolDetail,
            data: dataOf(block, context),
            parentItemId: claudeParentItem(ctx, ids),
          },
          [],
        );
        plan(ctx, ids, itemType, block, parent);
      } else ctx.ignore('a result block of a server tool, already mapped from the stream');
      continue;
    }
    if (startBlock(ctx, ids, block, item, context, false, synthetic ? 'error' : undefined) !== undefined)
      plan(ctx, ids, ctx.openItem(ctx.currentThread, item)?.itemType, block, parent);
  }
  if (content.length === 0) ctx.ignore('an assistant message with no content');
}

/**
 * The item of the block streamed at this index, when the stream had no message id (no
 * message_start, no api_message_id): the `assistant` copy is matched to it by its index, its type
 * and the thread it streams for, once.
 */
function unnamedStreamBlock(
  s: ClaudeTurnState,
  part: number,
  block: Record<string, unknown>,
  parent: string | undefined,
): string | undefined {
  if (s.messageId !== undefined) return undefined;
  const b = s.blocks.get(part);
  if (!b || b.copied || b.isTool || b.type !== block.type || b.parent !== parent) return undefined;
  b.copied = true;
  return b.item;
}

/** A text or thinking block's text. */
function textOf(block: Record<string, unknown>): string | undefined {
  return str(block.text) ?? str(block.thinking);
}

/** A tool use block's detail (claude-tools.ts), kept for its completion at its result. */
function detailOfBlock(
  ctx: MapContext,
  s: ClaudeTurnState,
  item: string,
  itemType: unknown,
  block: Record<string, unknown>,
): unknown {
  if (str(block.type)?.endsWith('tool_use') !== true) return undefined;
  const detail = claudeToolDetail(ctx, {}, itemType, block.name, block.input);
  if (detail !== undefined) s.tools.set(item, detail);
  return detail;
}

/** The tool the agent leaves plan mode with: its `plan` input is the plan it proposes. */
const EXIT_PLAN_MODE = 'ExitPlanMode';

/**
 * A plan proposed to the user (turn.proposed.completed, naming the tool use's item): from the
 * canUseTool call for ExitPlanMode (`$` the permission record), or from its tool_use block when the
 * app was not asked (a mode that allows it), once per tool use.
 */
export function claudeProposedPlan(ctx: MapContext, ids: ProviderIds, m: unknown): void {
  const record = obj(m);
  const name = str(record?.toolName) ?? str(record?.name);
  const item = idOf(get(m, ['options', 'toolUseID'])) ?? idOf(record?.id);
  const plan = str(get(m, ['input', 'plan']));
  if (name !== EXIT_PLAN_MODE || plan === undefined || item === undefined) return;
  // The permission and the assistant message of one tool use come one after the other: the last
  // tool use proposed is all there is to remember (state stays one id, however many plans a turn has).
  const scratch = ctx.thread.turnScratch;
  if (scratch.get('claudeProposed') === item) return;
  ctx.lifecycle.holdsScratch(ctx.currentThread);
  scratch.set('claudeProposed', item);
  ctx.emit('turn.proposed.completed', { thread: ids.thread, turn: ids.turn, item }, { planMarkdown: plan }, [
    'planMarkdown',
  ]);
}

/** A main-thread TodoWrite (a tool the spec makes a `plan`) with its whole input: the turn's plan; an ExitPlanMode: the plan it proposes. */
function plan(
  ctx: MapContext,
  ids: ProviderIds,
  itemType: unknown,
  block: Record<string, unknown>,
  parent: string | undefined,
): void {
  if (block.type === 'tool_use' && parent === undefined) claudeProposedPlan(ctx, ids, block);
  if (itemType !== 'plan' || block.type !== 'tool_use' || parent !== undefined) return;
  const steps = todoPlan(ctx, block.input);
  if (steps !== undefined) ctx.emit('turn.plan.updated', { ...ids, item: undefined }, { plan: steps }, ['plan']);
}

/**
 * Start the item of one content block (streamed: it completes later; whole: text and thinking
 * complete at once). A server tool's result block completes that tool's item instead. Returns the
 * item id, or undefined when the block is not an item.
 */
function startBlock(
  ctx: MapContext,
  ids: ProviderIds,
  block: Record<string, unknown>,
  item: string,
  context: Record<string, unknown> | undefined,
  streamed: boolean,
  itemType = classify(ctx, block),
): string | undefined {
  const data = dataOf(block, context);
  const s = claudeTurn(ctx);
  if (itemType === undefined) {
    const tool = idOf(block.tool_use_id);
    if (tool === undefined) {
      ctx.ignore('a content block that is not an item of its own (no tool use to attach to)');
      return undefined;
    }
    const open = ctx.openItem(ctx.currentThread, tool);
    const failed = str(obj(block.content)?.type)?.endsWith('_error') === true;
    ctx.emit(
      'item.completed',
      { ...ids, item: tool, turn: open?.ids.turn ?? ids.turn },
      { itemType: open?.itemType ?? 'web_search', status: failed ? 'failed' : 'completed', data },
      [],
    );
    return undefined;
  }
  const toolDetail = streamed ? undefined : detailOfBlock(ctx, s, item, itemType, block);
  const text = streamed ? undefined : textOf(block);
  // A subagent's block names the tool use that spawned the subagent.
  const parentItemId = claudeParentItem(ctx, ids);
  ctx.emit(
    'item.started',
    { ...ids, item },
    { itemType, status: 'inProgress', text, toolDetail, data, parentItemId },
    [],
  );
  if (!streamed && !isTool(block))
    ctx.emit('item.completed', { ...ids, item }, { itemType, status: 'completed', text, data, parentItemId }, []);
  return item;
}

function isTool(block: Record<string, unknown>): boolean {
  return idOf(block.id) !== undefined || str(block.type)?.endsWith('tool_use') === true;
}

/** The block, or (with a parent tool use or an error to keep) `{ block, parentToolUseId, error }`. */
function dataOf(block: Record<string, unknown>, context: Record<string, unknown> | undefined): unknown {
  if (context === undefined) return block;
  for (const _ in context) return { ...context, block };
  return block;
}

function classify(ctx: MapContext, block: Record<string, unknown>): string | undefined {
  if (block.type === 'tool_use' && typeof block.name === 'string')
    return ctx.mapValue(CLAUDE_VALUE_MAPS.tool, block.name);
  return ctx.mapValue(CLAUDE_VALUE_MAPS.block, block.type);
}
