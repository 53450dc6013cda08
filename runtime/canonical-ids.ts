// The canonical ids of one session (EVENTS.md §1.6), and what each is scoped by, so that ids never
// collide across sessions or threads:
//   threadId  ← provider + provider thread id (a resumed thread keeps its id across sessions)
//   turnId    ← session + thread + provider turn id (Claude and Codex SDK turns are numbered per thread)
//   itemId    ← session + thread + provider item id (the Codex SDK's `item_0` exists in every thread),
//               and the run from a stream's second run on (each Codex SDK run counts from `item_0`)
//   requestId ← session + provider request id (JSON-RPC ids restart in every connection)
//   eventId   ← session + sequence number
// Parts are length-prefixed, so no provider id can forge another scope.
import { eventIds, uuidV5 } from './ids.ts';

/** A thread id longer than this is hashed once into the names of its turns and items (threadPart). */
const LONG_THREAD = 512;

export class CanonicalIds {
  readonly event: (seq: number) => string;
  private readonly scope: string;
  private longThread: { id: string; part: string } | undefined;
  // The last id of each kind: a stream names the same thread, turn and item on most events.
  private readonly last = new Map<string, { thread: string | undefined; id: string; run: number; value: string }>();

  constructor(
    private readonly provider: string,
    readonly sessionId: string,
  ) {
    this.event = eventIds(sessionId);
    this.scope = part(sessionId);
  }

  private memo(kind: string, thread: string | undefined, id: string, run: number, name: () => string): string {
    const hit = this.last.get(kind);
    if (hit !== undefined && hit.id === id && hit.thread === thread && hit.run === run) return hit.value;
    const value = uuidV5(name());
    this.last.set(kind, { thread, id, run, value });
    return value;
  }

  thread(id: string): string {
    return this.memo('thread', undefined, id, 0, () => `thread:${part(this.provider)}${id}`);
  }

  turn(thread: string | undefined, id: string): string {
    return this.memo('turn', thread, id, 0, () => `turn:${this.scope}${this.threadPart(thread)}${id}`);
  }

  /**
   * `run`: the stream's run (MapContext.runs); below 2, the item's name has no run part. A run is
   * digits, so `run:…:` cannot be read as the thread's length-prefixed part, nor that as a run.
   */
  item(thread: string | undefined, id: string, run: number): string {
    const r = run < 2 ? 0 : run;
    return this.memo('item', thread, id, r, () => {
      return `item:${this.scope}${r === 0 ? '' : `run:${r}:`}${this.threadPart(thread)}${id}`;
    });
  }

  request(id: string): string {
    return uuidV5(`request:${this.scope}${id}`);
  }

  /**
   * A thread's part of turn and item names: `<length>:<id>:`, or for a long id `#<UUID v5 of the
   * id>:` (a length prefix never starts with `#`, so the two cannot meet), hashed once per thread:
   * otherwise every turn and item of a thread with a megabyte id would hash the megabyte again (a
   * cost an upstream could set at will).
   */
  private threadPart(thread: string | undefined): string {
    const t = thread ?? '';
    if (t.length <= LONG_THREAD) return part(t);
    if (this.longThread?.id !== t) this.longThread = { id: t, part: `#${uuidV5(`thread-part:${t}`)}:` };
    return this.longThread.part;
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
