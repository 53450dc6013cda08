// The lifecycle state of one session: per thread, the open turn and the synthetic turn count;
// the items still open and the requests still pending (each with its thread and turn, so a turn's
// or a thread's end closes only its own); and the duplicates already seen. Every structure is
// bounded by bytes (runtime/bounded.ts); what a bound pushes out is reported, never dropped silently.
import { BoundedMap, BoundedSet, stringBytes } from './bounded.ts';
import type { ProviderIds } from './types.ts';

/** Bytes of state kept per kind (docs/security.md states the bound per session). */
export const STATE_BYTES = {
  items: 1 << 20,
  requests: 4 << 20,
  threads: 256 << 10,
  seen: 64 << 10,
  appRequests: 64 << 10,
} as const;

/**
 * Bytes of text one open item keeps for its completion (runtime/open-item.ts): a quarter of the
 * items' bound, so one long message does not push every other open item out.
 */
export const ITEM_TEXT_BYTES = STATE_BYTES.items / 4;

/**
 * Threads whose helpers may hold state of their own at once (Claude's blocks, tools, tasks): each
 * such state is bounded, and so is how many there are; the least recently used one is let go.
 */
export const SCRATCH_THREADS = 8;

/** Bytes the helpers' state of one thread may hold (runtime/helpers/claude-state.ts divides it among its structures). */
export const SCRATCH_BYTES = 6 * (64 << 10);

/**
 * The bound of a session's state, in accounted bytes (2 a UTF-16 unit, plus fixed overheads):
 * the lifecycle's maps and duplicate sets, and SCRATCH_THREADS helper states.
 * docs/security.md states it; test/runtime/state-bound.test.ts holds it.
 */
export const SESSION_STATE_BYTES =
  STATE_BYTES.items +
  STATE_BYTES.requests +
  STATE_BYTES.threads +
  4 * STATE_BYTES.seen +
  STATE_BYTES.appRequests +
  SCRATCH_THREADS * SCRATCH_BYTES;

/** A request the app sent, until the upstream answers it. */
export interface AppRequest {
  method: string;
  session: string | undefined;
}

export interface OpenItem {
  ids: ProviderIds;
  itemType: unknown;
  /** Its text so far (the last `text` an item event carried, plus the text deltas since), for its completion. */
  text?: string | undefined;
  /** Its text grew past ITEM_TEXT_BYTES: none is kept, and its completion says so (runtime/open-item.ts). */
  textOmitted?: true | undefined;
  /**
   * Its streamed output (command_output deltas) since the last item event that gave the whole, for
   * its completion; null once too long to keep (runtime/open-item.ts).
   */
  output?: string | null | undefined;
  /** Its title on its last event: a later one with less detail to derive one from keeps it (titles.ts). */
  title?: string | undefined;
  /** How to close it when its turn ends first, if not by the turn's state (e.g. an abandoned stream). */
  end?: { status: string; detail: string };
  /** Its request decided it will not run (declined, aborted, denied, cancelled): it has no output. */
  notRun?: true;
}

/** An item eventmap closed before the upstream did: the turn it was in. */
export interface ClosedItem {
  turn: string | undefined;
}

export interface PendingRequest {
  ids: ProviderIds;
  requestType: unknown;
  method: string | undefined;
  /** What the request asked (`args` of request.opened), for helpers that compare the answer with it. */
  args: unknown;
  /** A user-input.requested came with it: its resolution owes a user-input.resolved. */
  userInput: boolean;
  userInputResolved: boolean;
}

export interface HeldState {
  threads: number;
  openTurns: number;
  openItems: number;
  pendingRequests: number;
  /** Per-turn helper states held (freed when their turn ends). */
  turnState: number;
  /** Bytes the session's state holds, as accounted (every bounded structure; docs/security.md states the bound). */
  bytes: number;
}

export interface ThreadState {
  turn: string | undefined;
  /** The last turn, for messages that arrive after it ended (Claude background subagents). */
  lastTurn: string | undefined;
  /** Synthetic turns numbered so far (sources without turn ids). */
  turns: number;
  /** Per-source helper state of this thread that outlives turns (e.g. Claude's background tasks). */
  scratch: Map<string, unknown>;
  /** Per-source helper state of the current turn (e.g. Claude's content blocks): freed at turn end. */
  turnScratch: Map<string, unknown>;
  /** The current turn started naming no model: its end names the thread's, once known (runtime/track.ts). */
  turnModelUnknown?: boolean;
}

const idsBytes = (ids: ProviderIds) =>
  (ids.thread?.length ?? 0) * 2 +
  (ids.turn?.length ?? 0) * 2 +
  (ids.item?.length ?? 0) * 2 +
  (ids.request?.length ?? 0) * 2 +
  64;

const entryBytes = (
  k: string,
  v: { ids: ProviderIds; text?: string | undefined; output?: string | null | undefined; title?: string | undefined },
) =>
  stringBytes(k) +
  idsBytes(v.ids) +
  (v.text === undefined ? 0 : stringBytes(v.text)) +
  (typeof v.output === 'string' ? stringBytes(v.output) : 0) +
  (v.title === undefined ? 0 : stringBytes(v.title));
/** A pending request also holds what it asked (`args`, compared with the answer by some helpers). */
const requestBytes = (k: string, v: PendingRequest) => entryBytes(k, v) + argsBytes(v.args);

function argsBytes(args: unknown): number {
  if (args === undefined) return 0;
  try {
    return 2 * (JSON.stringify(args)?.length ?? 0) + 32;
  } catch {
    return STATE_BYTES.requests; // cannot be measured: counted as the whole bound, so it is let go first
  }
}
const threadBytes = (k: string) => stringBytes(k) + 256;

/** The key of an item: items are per thread (`item_0` exists in every Codex SDK thread). */
export function itemKey(thread: string | undefined, item: string): string {
  // The last key again, the same string: a Map finds it by the hash kept in it, where a key built
  // anew is hashed anew (an item is looked up several times in a row: Claude's blocks).
  if (item === lastKey.item && thread === lastKey.thread) return lastKey.key;
  const key = `${thread?.length ?? -1}:${thread ?? ''}:${item}`;
  lastKey = { thread, item, key };
  return key;
}

let lastKey: { thread: string | undefined; item: string; key: string } = { thread: undefined, item: '', key: '-1::' };

export class Lifecycle {
  readonly items: BoundedMap<OpenItem>;
  readonly requests: BoundedMap<PendingRequest>;
  private readonly threads: BoundedMap<ThreadState>;
  /** Turns already started (a second announcement of the same turn emits nothing). */
  readonly startedTurns = new BoundedSet(STATE_BYTES.seen);
  /**
   * Items that completed after they started: `false` when the upstream completed them, so its
   * completion again emits nothing (Codex 0.105.0 completes a declined patch twice); the turn they
   * were in when eventmap closed them (a turn's or a run's end), so the upstream's own completion
   * after that is an item.updated of that turn (runtime/track.ts).
   */
  readonly completedItems = new BoundedMap<ClosedItem | false>(
    STATE_BYTES.seen,
    (k, v) => stringBytes(k) + (v === false || v.turn === undefined ? 16 : stringBytes(v.turn)),
  );
  /**
   * The app's own requests until the upstream answers them (ACP: an answer names no method, and a
   * session/prompt's answer ends its turn): each one's method, and the session it named.
   */
  readonly appRequests: BoundedMap<AppRequest>;
  /** Requests already resolved (a second resolution emits nothing). */
  readonly resolvedRequests = new BoundedSet(STATE_BYTES.seen);
  /** Requests whose user-input.requested came before their request.opened. */
  readonly userInputRequested = new BoundedSet(STATE_BYTES.seen);

  /** Per thread (its key, `''` for none), the keys of its open items and the ids of its pending requests. */
  private readonly itemsByThread = new Map<string, Set<string>>();
  private readonly requestsByThread = new Map<string, Set<string>>();

  constructor(onEvict: (what: string) => void) {
    this.items = new BoundedMap<OpenItem>(STATE_BYTES.items, entryBytes, (k, v) => {
      unindex(this.itemsByThread, v.ids.thread, k);
      onEvict(`open item ${v.ids.item}`);
    });
    this.requests = new BoundedMap<PendingRequest>(STATE_BYTES.requests, requestBytes, (k, v) => {
      unindex(this.requestsByThread, v.ids.thread, k);
      onEvict(`pending request ${k}`);
    });
    this.threads = new BoundedMap<ThreadState>(STATE_BYTES.threads, threadBytes, (k, v) => {
      this.turnsForgotten = Math.max(this.turnsForgotten, v.turns);
      this.scratchThreads.delete(k);
      if (v.turn !== undefined) onEvict(`thread ${k} (turn ${v.turn} open)`);
    });
    this.appRequests = new BoundedMap<AppRequest>(
      STATE_BYTES.appRequests,
      (k, v) => stringBytes(k) + stringBytes(v.method) + (v.session === undefined ? 16 : stringBytes(v.session)),
      (k, v) => onEvict(`the app's request ${k} (${v.method})`),
    );
    this.onEvict = onEvict;
  }

  /**
   * The most synthetic turns a forgotten thread had numbered. A thread's state created after the
   * bound forgot one numbers its turns on from there: were it the forgotten thread again, its
   * turn ids would otherwise repeat those it had (`<thread>#turn-1`…).
   */
  private turnsForgotten = 0;

  private readonly onEvict: (what: string) => void;
  /** Requests that came without an id of their own, numbered (`permission-<n>`). */
  unnamedRequests = 0;
  /** The app passed its prompts itself (Claude `{kind: 'prompt'}`): a capture's hook copy of one is not used. */
  promptsTyped = false;
  /** A capture's `send_prompt` marker came, and no UserPromptSubmit hook since (runtime/sources/claude-agent-sdk.ts). */
  promptSent = false;
  /** The app's prompt, until the turn it starts opens: the Codex SDK's next run (runtime/helpers/runs.ts), a Claude prompt sent before the SDK named its session (claude-turns.ts). */
  heldPrompt: string | undefined = undefined;
  /** The threads whose scratch holds state, least recently used first (at most SCRATCH_THREADS). */
  private readonly scratchThreads = new Set<string>();

  /**
   * A helper is about to keep state in this thread's scratch: the thread becomes the most recently
   * used, and past SCRATCH_THREADS the least recently used thread's scratch is let go (said once each).
   */
  holdsScratch(thread: string | undefined): void {
    const key = thread ?? '';
    this.scratchThreads.delete(key);
    this.scratchThreads.add(key);
    if (this.scratchThreads.size <= SCRATCH_THREADS) return;
    const oldest = this.scratchThreads.keys().next().value!;
    this.scratchThreads.delete(oldest);
    const t = this.threads.get(oldest);
    if (t) {
      t.scratch.clear();
      t.turnScratch.clear();
    }
    this.onEvict(`the helper state of thread ${oldest}`);
  }

  /** An item opens (its key: itemKey). */
  openItem(key: string, item: OpenItem): void {
    this.items.set(key, item);
    index(this.itemsByThread, item.ids.thread, key);
  }

  /** An item closes; false when it was not open. */
  closeItem(key: string): boolean {
    const item = this.items.get(key);
    if (item === undefined) return false;
    this.items.delete(key);
    unindex(this.itemsByThread, item.ids.thread, key);
    return true;
  }

  openRequest(id: string, request: PendingRequest): void {
    this.requests.set(id, request);
    index(this.requestsByThread, request.ids.thread, id);
  }

  closeRequest(id: string): void {
    const request = this.requests.get(id);
    if (request === undefined) return;
    this.requests.delete(id);
    unindex(this.requestsByThread, request.ids.thread, id);
  }

  /**
   * The open items and pending requests of one thread, found without looking at any other thread's
   * (a turn's end in one thread must not cost what another thread holds). Copies: the caller closes them.
   */
  openIn(thread: string | undefined): { items: [string, OpenItem][]; requests: [string, PendingRequest][] } {
    const items: [string, OpenItem][] = [];
    const requests: [string, PendingRequest][] = [];
    for (const key of this.itemsByThread.get(thread ?? '') ?? []) items.push([key, this.items.get(key)!]);
    for (const id of this.requestsByThread.get(thread ?? '') ?? []) requests.push([id, this.requests.get(id)!]);
    return { items, requests };
  }

  /** The state of a thread (`undefined`: messages that name none), created on first use. */
  thread(id: string | undefined): ThreadState {
    const key = id ?? '';
    if (key === this.lastKey) return this.lastState!;
    let t = this.threads.get(key);
    if (t === undefined) {
      t = {
        turn: undefined,
        lastTurn: undefined,
        turns: this.turnsForgotten,
        scratch: new Map(),
        turnScratch: new Map(),
      };
      this.threads.set(key, t); // may evict others, never this one
    }
    this.lastKey = key;
    this.lastState = t;
    return t;
  }

  // The last thread looked up: a stream names the same thread message after message. Only a
  // thread's creation can evict one (the bound), and then the last one becomes the new thread.
  private lastKey: string | undefined;
  private lastState: ThreadState | undefined;

  /** Threads with a turn open. */
  threadsWithTurns(): (string | undefined)[] {
    const out: (string | undefined)[] = [];
    for (const [key, t] of this.threads.entries()) if (t.turn !== undefined) out.push(key === '' ? undefined : key);
    return out;
  }

  /** What this session holds, for monitoring and tests (docs/performance.md). */
  held(): HeldState {
    let turnState = 0;
    let scratchBytes = 0;
    for (const t of this.threads.values()) turnState += t.turnScratch.size;
    for (const key of this.scratchThreads) {
      const t = this.threads.get(key);
      for (const v of [...(t?.scratch.values() ?? []), ...(t?.turnScratch.values() ?? [])])
        // A helper keeps either an object that states its size or an upstream string (a reason).
        scratchBytes += typeof v === 'string' ? stringBytes(v) : ((v as { heldBytes?: number }).heldBytes ?? 0);
    }
    return {
      threads: this.threads.size,
      openTurns: this.threadsWithTurns().length,
      openItems: this.items.size,
      pendingRequests: this.requests.size,
      turnState,
      bytes:
        this.items.heldBytes +
        this.requests.heldBytes +
        this.threads.heldBytes +
        this.startedTurns.heldBytes +
        this.completedItems.heldBytes +
        this.resolvedRequests.heldBytes +
        this.userInputRequested.heldBytes +
        this.appRequests.heldBytes +
        scratchBytes,
    };
  }

  /** The thread's state if it has any (no creation). */
  peekThread(id: string | undefined): ThreadState | undefined {
    const key = id ?? '';
    return key === this.lastKey ? this.lastState : this.threads.get(key);
  }
}

function index(byThread: Map<string, Set<string>>, thread: string | undefined, key: string): void {
  const t = thread ?? '';
  let keys = byThread.get(t);
  if (keys === undefined) byThread.set(t, (keys = new Set()));
  keys.add(key);
}

function unindex(byThread: Map<string, Set<string>>, thread: string | undefined, key: string): void {
  const t = thread ?? '';
  const keys = byThread.get(t);
  if (keys?.delete(key) && keys.size === 0) byThread.delete(t);
}
