// The canonical ids of one session (EVENTS.md §1.6), and what each is scoped by, so that ids never
// collide across sessions or threads:
//   threadId  ← provider + provider thread id (a resumed thread keeps its id across sessions)
//   turnId    ← session + thread + provider turn id (Claude and Codex SDK turns are numbered per thread)
//   itemId    ← session + thread + provider item id (the Codex SDK's `item_0` exists in every thread),
//               and the run from a stream's second run on (each Codex SDK run counts from `item_0`)
//   requestId ← session + provider request id (JSON-RPC ids restart in every connection)
//   eventId   ← session + sequence number
// Parts are length-prefixed, so no provider id can forge another scope. Derivations are memoised
// per session in a cache bounded by bytes (a stream repeats the same few ids).
import { BoundedMap, stringBytes } from './bounded.ts';
import { UuidPrefix, eventIds, uuidV5 } from './ids.ts';

/** The id cache of one session: at most this many bytes of names and ids. */
export const ID_CACHE_BYTES = 256 * 1024;
/** Longer names are derived each time rather than memoised (they would crowd the cache out). */
const MEMO_MAX_NAME = 512;

interface Scoped {
  kind: 'turn' | 'item';
  thread: string | undefined;
  run: number;
  value: string;
}

/** The name prefix of a kind's ids in one thread, hashed once (runtime/ids.ts). */
interface ThreadPrefix {
  thread: string | undefined;
  run: number;
  prefix: UuidPrefix;
}

interface Last {
  thread: string | undefined;
  run: number;
  id: string;
  value: string;
}

const nameBytes = (k: string, v: string) => stringBytes(k) + stringBytes(v);
const scopedBytes = (k: string, v: Scoped) =>
  stringBytes(k) + stringBytes(v.value) + (v.thread === undefined ? 0 : stringBytes(v.thread));

export class CanonicalIds {
  readonly event: (seq: number) => string;
  private readonly scope: string;
  // Threads and requests by their name; turns and items by the provider id alone (a stream names
  // them on most events: a hit then builds and hashes no name). Half the bound each.
  private readonly cache = new BoundedMap<string>(ID_CACHE_BYTES / 2, nameBytes);
  private readonly byId = new BoundedMap<Scoped>(ID_CACHE_BYTES / 2, scopedBytes);
  // The last id of each kind: a stream repeats the same thread, turn and item.
  private lastThread: Last | undefined;
  private lastTurn: Last | undefined;
  private lastItem: Last | undefined;
  private turnPrefix: ThreadPrefix | undefined;
  private itemPrefix: ThreadPrefix | undefined;

  constructor(
    private readonly provider: string,
    readonly sessionId: string,
  ) {
    this.event = eventIds(sessionId);
    this.scope = part(sessionId);
  }

  thread(id: string): string {
    const l = this.lastThread;
    if (l !== undefined && l.id === id) return l.value;
    return (this.lastThread = {
      thread: undefined,
      run: 0,
      id,
      value: this.derive(`thread:${part(this.provider)}${id}`),
    }).value;
  }

  turn(thread: string | undefined, id: string): string {
    const l = this.lastTurn;
    if (l !== undefined && l.id === id && l.thread === thread) return l.value;
    return (this.lastTurn = { thread, run: 0, id, value: this.scoped('turn', thread, 0, id) }).value;
  }

  /** `run`: the stream's run (MapContext.runs); below 2, the item's name has no run part. */
  item(thread: string | undefined, id: string, run: number): string {
    const r = run < 2 ? 0 : run;
    const l = this.lastItem;
    if (l !== undefined && l.id === id && l.thread === thread && l.run === r) return l.value;
    return (this.lastItem = { thread, run: r, id, value: this.scoped('item', thread, r, id) }).value;
  }

  /** Bytes the id cache holds (at most ID_CACHE_BYTES). */
  get cacheBytes(): number {
    return this.cache.heldBytes + this.byId.heldBytes;
  }

  request(id: string): string {
    return this.derive(`request:${this.scope}${id}`);
  }

  /** A turn or item id (a turn id and an item id that are the same string just take turns in the memo). */
  private scoped(kind: 'turn' | 'item', thread: string | undefined, run: number, id: string): string {
    const hit = this.byId.get(id);
    if (hit !== undefined && hit.kind === kind && hit.thread === thread && hit.run === run) return hit.value;
    const value = this.prefixOf(kind, thread, run).uuid(id); // uuidV5(prefix + id)
    if (id.length + (thread?.length ?? 0) <= MEMO_MAX_NAME) this.byId.set(id, { kind, thread, run, value });
    return value;
  }

  /**
   * The prefix of a kind's names in `thread` and `run` (the last one of each kind kept: a stream
   * stays in one thread): `<kind>:<session>[run:<run>:]<thread>:`. A run is digits, so `run:…:`
   * cannot be read as the thread's length-prefixed part, nor that as a run.
   */
  private prefixOf(kind: 'turn' | 'item', thread: string | undefined, run: number): UuidPrefix {
    const last = kind === 'turn' ? this.turnPrefix : this.itemPrefix;
    if (last !== undefined && last.thread === thread && last.run === run) return last.prefix;
    const runPart = run === 0 ? '' : `run:${run}:`;
    const next = { thread, run, prefix: new UuidPrefix(`${kind}:${this.scope}${runPart}${this.threadPart(thread)}`) };
    if (kind === 'turn') this.turnPrefix = next;
    else this.itemPrefix = next;
    return next.prefix;
  }

  /**
   * A thread's part of turn and item names: `<length>:<id>:`, or for an id too long to memoise
   * `#<UUID v5 of the id>:` (a length prefix never starts with `#`, so the two cannot meet), hashed
   * once per thread: otherwise every turn and item of a thread with a megabyte id would hash the
   * megabyte again (a cost an upstream could set at will).
   */
  private threadPart(thread: string | undefined): string {
    const t = thread ?? '';
    if (t.length <= MEMO_MAX_NAME) return part(t);
    if (this.longThread?.id !== t) this.longThread = { id: t, part: `#${uuidV5(`thread-part:${t}`)}:` };
    return this.longThread.part;
  }

  private longThread: { id: string; part: string } | undefined;

  private derive(name: string): string {
    let value = this.cache.get(name);
    if (value === undefined) {
      value = uuidV5(name);
      if (name.length <= MEMO_MAX_NAME) this.cache.set(name, value);
    }
    return value;
  }
}

/** `<length>:<text>:`, so that concatenated parts cannot be split two ways. */
function part(text: string): string {
  return `${text.length}:${text}:`;
}

/**
 * The default session id: a random UUID (v4), so that no two sessions share one — two runs of one
 * resumed thread can begin with the very same message (the Codex SDK's `thread.started`).
 */
export function randomSessionId(): string {
  // Typed here: the runtime compiles without DOM or Node type libraries.
  const crypto = (globalThis as { crypto?: WebCrypto }).crypto;
  if (crypto?.randomUUID) return crypto.randomUUID(); // secure contexts and Node
  const bytes = new Uint8Array(16);
  if (crypto?.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256); // no Web Crypto at all
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface WebCrypto {
  randomUUID?(): string;
  getRandomValues?(array: Uint8Array): Uint8Array;
}

/**
 * The derived session id (`deriveSessionId: true`, for replays): a UUID v5 of the source and the
 * first upstream message that yields an event. That message names the upstream's own session or thread (a Claude session_id with the
 * message's own uuid, a Codex thread id) or carries its own timestamp, so two sessions — also a
 * resumed one — usually get two ids, and the same input always the same id. Two sessions that
 * begin with byte-identical messages share it: hence not the default.
 */
export function derivedSessionId(source: string, firstMessage: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(firstMessage) ?? String(firstMessage);
  } catch {
    text = String(firstMessage);
  }
  return uuidV5(`session:${part(source)}${text}`);
}
