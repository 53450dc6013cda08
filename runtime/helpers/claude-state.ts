// What the Claude helpers remember, per thread (a Claude session_id): per turn (freed when the turn
// ends, runtime/helpers/close.ts) and across turns (background tasks outlive the turn that started them).
import { BoundedMap, BoundedSet, stringBytes } from '../bounded.ts';
import type { MapContext } from '../context.ts';
import { SCRATCH_BYTES } from '../lifecycle.ts';
import type { RawRef } from '../types.ts';
import type { ToolDetail } from './tool-detail.ts';

/**
 * Bytes each of a turn's structures may hold (its message ids, its blocks, its tools' detail, the
 * error results it holds back), and the task → tool-use map of a thread: six shares of the helper
 * state a thread may hold (runtime/lifecycle.ts SCRATCH_BYTES; docs/security.md sums them).
 */
export const TURN_SET_BYTES = SCRATCH_BYTES / 6;
const TASK_MAP_BYTES = SCRATCH_BYTES / 6;

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

/**
 * A message's content blocks by index, bounded by bytes (an upstream can start any number of blocks
 * in one message): past the bound the oldest block is forgotten (its item closes with its turn),
 * and `onEvict` says so once.
 */
export class BlockMap extends Map<number, Block> {
  private bytes = 0;
  private warned = false;

  constructor(private readonly onEvict: () => void) {
    super();
  }

  get heldBytes(): number {
    return this.bytes;
  }

  override set(index: number, block: Block): this {
    this.delete(index);
    super.set(index, block);
    this.bytes += blockBytes(block);
    while (this.bytes > TURN_SET_BYTES && this.size > 1) {
      this.delete(this.keys().next().value!);
      if (!this.warned) this.onEvict();
      this.warned = true;
    }
    return this;
  }

  override delete(index: number): boolean {
    const block = this.get(index);
    if (block !== undefined) this.bytes -= blockBytes(block);
    return super.delete(index);
  }

  override clear(): void {
    this.bytes = 0;
    super.clear();
  }
}

const blockBytes = (b: Block) => stringBytes(b.item) + (b.parent === undefined ? 0 : stringBytes(b.parent)) + 64;

export interface ClaudeTurnState {
  /** The message being streamed: its id and its content blocks by index. */
  messageId: string | undefined;
  blocks: BlockMap;
  /** Messages whose blocks arrived as stream events (their `assistant` copies only update items). */
  streamed: BoundedSet;
  /** How many `assistant` messages of one message id were seen (each carries one content block). */
  assistantParts: BoundedMap<number>;
  held: HeldResult[];
  /** Bytes of the held results' blocks (at most TURN_SET_BYTES: past it they are let go, as failed). */
  heldResultBytes: number;
  /** Bytes the state holds, all structures (held() sums it: runtime/lifecycle.ts). */
  readonly heldBytes: number;
  /** Streams of this turn that had no message id (no message_start): numbers their items' ids. */
  anonymous: number;
  /** A tool use's detail (name, input), for its completion at its result. */
  tools: BoundedMap<ToolDetail>;
  /** The SDK's `[Request interrupted by user…]` message was seen, or the app interrupted: the turn ends interrupted. */
  interrupted: boolean;
  /** The app said it interrupted the turn (claude-turns.ts claudeAppInterrupted). */
  appInterrupted?: boolean;
}

/** Rough bytes of a JSON value (a tool's input), never throwing. */
export function jsonBytes(v: unknown): number {
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
    ctx.lifecycle.holdsScratch(ctx.currentThread);
    s = {
      messageId: undefined,
      blocks: new BlockMap(() =>
        ctx.warn(
          'eventmap stopped tracking the oldest content blocks of this message: it has more than the bound holds (docs/security.md)',
          {
            kind: 'state-limit',
          },
        ),
      ),
      streamed: new BoundedSet(TURN_SET_BYTES),
      assistantParts: new BoundedMap<number>(TURN_SET_BYTES, (k) => stringBytes(k) + 16),
      held: [],
      heldResultBytes: 0,
      get heldBytes() {
        return (
          this.blocks.heldBytes +
          this.streamed.heldBytes +
          this.assistantParts.heldBytes +
          this.tools.heldBytes +
          this.heldResultBytes
        );
      },
      anonymous: 0,
      tools: new BoundedMap<ToolDetail>(TURN_SET_BYTES, (k, v) => stringBytes(k) + jsonBytes(v)),
      interrupted: false,
    };
    scratch.set('claude', s);
  }
  return s;
}

/** The SDK's interrupt marker came in the current turn (read without creating the turn's state). */
export function claudeTurnInterrupted(ctx: MapContext): boolean {
  return (ctx.thread.turnScratch.get('claude') as ClaudeTurnState | undefined)?.interrupted === true;
}

/** task_id → the tool use that started it (task_updated names only the task). */
export function claudeTasks(ctx: MapContext): BoundedMap<string> {
  const scratch = ctx.thread.scratch;
  let m = scratch.get('claudeTasks') as BoundedMap<string> | undefined;
  if (!m) ctx.lifecycle.holdsScratch(ctx.currentThread);
  if (!m)
    scratch.set('claudeTasks', (m = new BoundedMap<string>(TASK_MAP_BYTES, (k, v) => stringBytes(k) + stringBytes(v))));
  return m;
}
