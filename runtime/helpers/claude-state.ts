// What the Claude helpers remember, per thread (a Claude session_id): per turn (freed when the turn
// ends, runtime/helpers/close.ts) and across turns (background tasks outlive the turn that started them).
import { BoundedMap, BoundedSet, stringBytes } from '../bounded.ts';
import type { MapContext } from '../context.ts';
import type { RawRef } from '../types.ts';
import type { ToolDetail } from './tool-detail.ts';

/** Bytes a turn's message-id sets may hold, and the task → tool-use map of a session. */
const TURN_SET_BYTES = 64 << 10;
const TASK_MAP_BYTES = 64 << 10;

export interface Block {
  item: string;
  isTool: boolean;
  /** content_block_stop seen: the block is whole (it completes at message_stop). */
  stopped: boolean;
  /** The block's type and the subagent it streams for (null: the main thread), to match an `assistant` copy by index. */
  type?: unknown;
  parent?: string | undefined;
  /** Its `assistant` copy came (matched by index: the stream had no message id). */
  copied?: boolean;
}

/** A tool's error result, held until the next message says whether an interrupt caused it. */
export interface HeldResult {
  item: string;
  turn: string | undefined;
  itemType: unknown;
  toolDetail: ToolDetail | undefined;
  data: unknown;
  raw: RawRef;
}

export interface ClaudeTurnState {
  /** The message being streamed: its id and its content blocks by index. */
  messageId: string | undefined;
  blocks: Map<number, Block>;
  /** Messages whose blocks arrived as stream events (their `assistant` copies only update items). */
  streamed: BoundedSet;
  /** How many `assistant` messages of one message id were seen (each carries one content block). */
  assistantParts: BoundedMap<number>;
  held: HeldResult[];
  /** Streams of this turn that had no message id (no message_start): numbers their items' ids. */
  anonymous: number;
  /** A tool use's detail (name, input), for its completion at its result. */
  tools: BoundedMap<ToolDetail>;
  /** The SDK's `[Request interrupted by user…]` message was seen: the turn ends interrupted. */
  interrupted: boolean;
}

/** Rough bytes of a JSON value (a tool's input), never throwing. */
function jsonBytes(v: unknown): number {
  try {
    return 2 * (JSON.stringify(v)?.length ?? 0) + 32;
  } catch {
    return TURN_SET_BYTES;
  }
}

export function claudeTurn(ctx: MapContext): ClaudeTurnState {
  const scratch = ctx.thread.turnScratch;
  let s = scratch.get('claude') as ClaudeTurnState | undefined;
  if (!s) {
    s = {
      messageId: undefined,
      blocks: new Map(),
      streamed: new BoundedSet(TURN_SET_BYTES),
      assistantParts: new BoundedMap<number>(TURN_SET_BYTES, (k) => stringBytes(k) + 16),
      held: [],
      anonymous: 0,
      tools: new BoundedMap<ToolDetail>(TURN_SET_BYTES, (k, v) => stringBytes(k) + jsonBytes(v)),
      interrupted: false,
    };
    scratch.set('claude', s);
  }
  return s;
}

/** task_id → the tool use that started it (task_updated names only the task). */
export function claudeTasks(ctx: MapContext): BoundedMap<string> {
  const scratch = ctx.thread.scratch;
  let m = scratch.get('claudeTasks') as BoundedMap<string> | undefined;
  if (!m)
    scratch.set('claudeTasks', (m = new BoundedMap<string>(TASK_MAP_BYTES, (k, v) => stringBytes(k) + stringBytes(v))));
  return m;
}
