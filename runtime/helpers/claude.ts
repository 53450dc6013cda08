// Claude Agent SDK correlation that mapping-spec.yaml cannot express as data: content-block
// indexes → stable item ids, tool results → the tool's item, synthetic turns (Claude has no
// turn id), and subagent messages (no stream events) → items of their own. Classification
// (tool name → item type, block type → item type) stays in the spec's value maps, read by name.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { get, idOf, obj, str } from '../values.ts';

/** Value maps of mapping-spec.yaml these helpers classify with (a test checks they exist). */
export const CLAUDE_VALUE_MAPS = { tool: 'claudeToolItemType', block: 'claudeBlockItemType' } as const;

interface Block {
  item: string;
  isTool: boolean;
}

interface ClaudeState {
  turns: number;
  /** The message being streamed: its id and its content blocks by index. */
  messageId: string | undefined;
  blocks: Map<number, Block>;
  /** Messages whose blocks arrived as stream events (their `assistant` copies only update items). */
  streamed: Set<string>;
  /** How many `assistant` messages of one message id were seen (each carries one content block). */
  assistantParts: Map<string, number>;
  /** Tool uses whose permission was denied: their result closes the item as declined. */
  denied: Set<string>;
}

function state(ctx: MapContext): ClaudeState {
  let s = ctx.scratch.get('claude') as ClaudeState | undefined;
  if (!s) {
    s = { turns: 0, messageId: undefined, blocks: new Map(), streamed: new Set(), assistantParts: new Map(), denied: new Set() };
    ctx.scratch.set('claude', s);
  }
  return s;
}

/** Claude has no turn id: a turn runs from the first activity after a `result` to the next `result`. */
export function claudeOpenTurn(ctx: MapContext, _ids?: ProviderIds, _message?: unknown): void {
  if (ctx.currentTurn !== undefined) return;
  const s = state(ctx);
  const turn = `${ctx.currentThread ?? 'session'}#turn-${++s.turns}`;
  const cause = ctx.raw;
  ctx.raw = { source: 'eventmap.synthetic', ...(cause.messageType !== undefined ? { messageType: cause.messageType } : {}), payload: cause.payload };
  ctx.emit('turn.started', { turn }, {}, []);
  ctx.raw = cause;
}

/** message_start (`m` is the inner stream event): a new model response; its content blocks are numbered from 0. */
export function claudeMessageStart(ctx: MapContext, _ids: ProviderIds, m: unknown): void {
  const s = state(ctx);
  s.messageId = idOf(get(m, ['message', 'id']));
  s.blocks.clear();
  if (s.messageId !== undefined) s.streamed.add(s.messageId);
}

/** content_block_start: the block's item id (a tool use keeps its own id, so its result can find it). */
export function claudeBlockStart(ctx: MapContext, _ids: ProviderIds, index: unknown, blockId: unknown, blockType: unknown): string | undefined {
  if (typeof index !== 'number') return undefined;
  const s = state(ctx);
  const item = idOf(blockId) ?? `${s.messageId ?? 'message'}#${index}`;
  s.blocks.set(index, { item, isTool: blockId !== undefined || (typeof blockType === 'string' && blockType.endsWith('tool_use')) });
  return item;
}

/** content_block_delta: the item of the block at this index. */
export function claudeBlockItem(ctx: MapContext, _ids: ProviderIds, index: unknown): string | undefined {
  return typeof index === 'number' ? state(ctx).blocks.get(index)?.item : undefined;
}

/** content_block_stop: text and thinking items are complete; a tool's item waits for its result. */
export function claudeBlockStop(ctx: MapContext, ids: ProviderIds, m: unknown): void {
  const index = get(m, ['index']);
  const block = typeof index === 'number' ? state(ctx).blocks.get(index) : undefined;
  if (!block || block.isTool) return;
  const open = ctx.openItems.get(block.item);
  if (open) ctx.emit('item.completed', { ...ids, item: block.item }, { itemType: open.itemType, status: 'completed' }, []);
}

/**
 * assistant: one content block per message. A streamed block's item already exists: update it with
 * the final block. A block that was never streamed (subagents, or no partial messages) becomes an
 * item of its own, attributed to its parent tool use; text and thinking complete at once.
 */
export function claudeAssistant(ctx: MapContext, ids: ProviderIds, m: unknown): void {
  const s = state(ctx);
  const message = obj(get(m, ['message']));
  const id = idOf(message?.id);
  const content = Array.isArray(message?.content) ? message.content : [];
  const parent = idOf(get(m, ['parent_tool_use_id']));
  for (const raw of content) {
    const block = obj(raw);
    if (!block) continue;
    const part = s.assistantParts.get(id ?? '') ?? 0;
    s.assistantParts.set(id ?? '', part + 1);
    const item = idOf(block.id) ?? `${id ?? 'message'}#${part}`;
    const itemType = classify(ctx, block);
    if (itemType === undefined) continue; // result blocks of server tools are not items of their own
    const data = parent === undefined ? block : { parentToolUseId: parent, block };
    if (id !== undefined && s.streamed.has(id)) {
      ctx.emit('item.updated', { ...ids, item }, { itemType, data }, []);
      continue;
    }
    ctx.emit('item.started', { ...ids, item }, { itemType, status: 'inProgress', data }, []);
    if (!str(block.type)?.endsWith('tool_use')) ctx.emit('item.completed', { ...ids, item }, { itemType, status: 'completed', data }, []);
  }
}

/** user: each tool_result completes its tool's item, carrying the output. */
export function claudeToolResults(ctx: MapContext, ids: ProviderIds, m: unknown): void {
  const content = get(m, ['message', 'content']);
  if (!Array.isArray(content)) return;
  const s = state(ctx);
  for (const raw of content) {
    const block = obj(raw);
    if (block?.type !== 'tool_result') continue;
    const item = idOf(block.tool_use_id);
    if (item === undefined) continue;
    const open = ctx.openItems.get(item);
    const status = s.denied.has(item) ? 'declined' : block.is_error === true ? 'failed' : 'completed';
    ctx.emit('item.completed', { ...ids, item, turn: open?.ids.turn ?? ids.turn }, { itemType: open?.itemType ?? 'dynamic_tool_call', status, data: block }, []);
  }
}

/** canUseTool answered with deny: remember it, so the tool's error result closes it as declined. */
export function claudePermissionDecision(ctx: MapContext, _ids: ProviderIds, record: unknown): void {
  const toolUse = idOf(get(record, ['options', 'toolUseID']));
  if (toolUse !== undefined && get(record, ['decision', 'behavior']) === 'deny') state(ctx).denied.add(toolUse);
}

function classify(ctx: MapContext, block: Record<string, unknown>): string | undefined {
  if (block.type === 'tool_use' && typeof block.name === 'string') return ctx.mapValue(CLAUDE_VALUE_MAPS.tool, block.name);
  return ctx.mapValue(CLAUDE_VALUE_MAPS.block, block.type);
}
