// The state one normalizer keeps for one session: the envelope of every event (ids, providerRefs,
// raw, createdAt), and the lifecycle bookkeeping (runtime/lifecycle.ts) that lets a turn's end
// close what it left open. Generated mappers call `emit`; nothing here knows any upstream's shapes.
import { CanonicalIds, derivedSessionId, randomSessionId } from './canonical-ids.ts';
import { Lifecycle, itemKey, type OpenItem, type ThreadState } from './lifecycle.ts';
import { roleOf } from './lifecycle-roles.ts';
import { track } from './track.ts';
import { titleOf } from './titles.ts';
import { keepOpenItem } from './open-item.ts';
import type { EmitPayload, HelperIds, MapperIds, PayloadByType, RequiredFields } from './emit-payload.ts';
import { SYNTHETIC, type CanonicalEvent, type ProviderIds, type RawRef, type ValueMap } from './types.ts';
import { lookup } from './values.ts';

export interface ContextOptions {
  provider: string;
  /** The provider events carry, when the app names it (NormalizerOptions.provider); default `provider`. */
  eventProvider?: string | undefined;
  /** The source name, part of the default session id. */
  source: string;
  /** Explicit session id; default: a random one (see NormalizerOptions.sessionId). */
  sessionId?: string | undefined;
  /** Derive the session id from the first message that yields an event instead (replays). */
  deriveSessionId?: boolean | undefined;
  /** Milliseconds since the epoch, for messages that carry no timestamp of their own. */
  clock: () => number;
}

/** The range Date can print as YYYY-MM-DDTHH:mm:ss.sssZ (years 0000-9999), which IsoDateTime requires. */
const MIN_ISO_MS = -62_167_219_200_000;
const MAX_ISO_MS = 253_402_300_799_999;

function isoMs(ms: unknown): ms is number {
  return typeof ms === 'number' && ms >= MIN_ISO_MS && ms <= MAX_ISO_MS;
}

export class MapContext {
  /** The source's ProviderKind: every event's, and the namespace of the canonical ids. */
  readonly provider: string;
  /**
   * The provider events carry when the upstream names its agent as it goes (ACP's initialize
   * response, runtime/helpers/acp.ts acpAgent); the ids keep `provider`, so they do not change.
   */
  eventProvider: string | undefined;
  /** The app said which provider it is (`provider` option): what the upstream says does not change it. */
  readonly providerFixed: boolean;
  private readonly source: string;
  private readonly clock: () => number;
  private ids: CanonicalIds | undefined;
  private seq = 0;
  /** The events produced for the message being mapped. */
  out: CanonicalEvent[] = [];
  /** The message being mapped, as `raw` on every event it produces. */
  raw: RawRef = { source: SYNTHETIC, payload: null };
  /** The message's own timestamp, when it has one (ms since the epoch). */
  timestampMs: number | undefined;
  /** The provider thread of the message being mapped (set by the source's framing). */
  currentThread: string | undefined;
  /** Why the message being mapped deliberately yields no event (a named ignore), if it does not. */
  ignored: string | undefined;
  /** The message being mapped nested too deep and was cut (runtime/depth.ts). */
  cut = false;
  /**
   * Runs of the stream begun so far, where an upstream numbers its items per run (the Codex SDK:
   * every `thread.run()` is a `codex exec` that counts from `item_0` again; helpers/runs.ts
   * newRun). From the second run on, the run is part of every item id's name; 0 for other sources.
   */
  runs = 0;
  readonly lifecycle = new Lifecycle((what) =>
    this.warn(`eventmap stopped tracking ${what}: the session holds more state than its bound (docs/performance.md)`, {
      kind: 'state-limit',
    }),
  );
  /**
   * Whether the app's side reaches this session (a reply, a capture's client lines, a permission
   * record), or `observesReplies` says it will. Until then, a request closed without its answer
   * cannot say what was decided: `unobserved`.
   */
  repliesSeen = false;
  /** The spec's value maps, for helpers that classify (set by the source's framing). */
  valueMaps: Readonly<Record<string, ValueMap>> = {};

  constructor(options: ContextOptions) {
    this.provider = options.provider;
    this.eventProvider = options.eventProvider;
    this.providerFixed = options.eventProvider !== undefined;
    this.source = options.source;
    this.clock = options.clock;
    if (options.sessionId !== undefined) this.ids = new CanonicalIds(options.provider, options.sessionId);
    else if (!options.deriveSessionId) this.ids = new CanonicalIds(options.provider, randomSessionId());
  }

  /** The session id (with deriveSessionId, undefined until the first message that yields an event). */
  get sessionId(): string | undefined {
    return this.ids?.sessionId;
  }

  /** The lifecycle state of the current thread. */
  get thread(): ThreadState {
    return this.lifecycle.thread(this.currentThread);
  }

  /** The open turn of the current thread. */
  get currentTurn(): string | undefined {
    return this.lifecycle.peekThread(this.currentThread)?.turn;
  }

  set currentTurn(turn: string | undefined) {
    this.thread.turn = turn;
  }

  /** Start mapping one upstream message. */
  begin(raw: RawRef, timestampMs: number | undefined): void {
    this.raw = raw;
    this.timestampMs = timestampMs;
    this.messageIso = undefined;
  }

  /** An open item of a thread (items are per thread). */
  openItem(thread: string | undefined, item: string): OpenItem | undefined {
    const items = this.lifecycle.items;
    return items.size > 0 ? items.get(itemKey(thread, item)) : undefined;
  }

  /**
   * Emit one canonical event. Undefined payload fields are left out; a required field that the
   * message did not provide turns the event into a runtime.warning (with raw), never a throw.
   */
  emit<T extends keyof PayloadByType>(
    type: T,
    ids: MapperIds,
    payload: EmitPayload<T>,
    required: RequiredFields<T>,
  ): void;
  emit(type: string, ids: HelperIds, payload: Record<string, unknown>, required: readonly string[]): void;
  emit(type: string, ids: ProviderIds, payload: Record<string, unknown>, required: readonly string[]): void {
    for (const key in payload) {
      if (payload[key] === undefined) {
        payload = withoutUndefined(payload);
        break;
      }
    }
    for (let i = 0; i < required.length; i++) {
      const field = required[i]!;
      if (!Object.hasOwn(payload, field)) {
        this.warn(
          `${this.describeRaw()}: cannot fill required field \`${field}\` of ${type}; the message does not match its schema`,
          { kind: 'invalid-message', eventType: type, field },
        );
        return;
      }
    }
    // One object shape for every event's ids (a copy: track() may keep or amend it).
    const role = roleOf(type);
    const thread = ids.thread === undefined ? this.currentThread : ids.thread;
    let turn = ids.turn;
    if (turn === undefined && role?.turnScoped === true) turn = this.lifecycle.peekThread(thread)?.turn;
    const full: ProviderIds = { thread, turn, item: ids.item, request: ids.request };
    // The item's open state, looked up once: its kept title and text (runtime/open-item.ts).
    const items = this.lifecycle.items;
    const key = full.item === undefined || items.size === 0 ? undefined : itemKey(thread, full.item);
    const open = key === undefined ? undefined : items.get(key);
    if (payload.title === undefined && (payload.itemType !== undefined || role?.opens === 'request')) {
      const title = titleOf(payload, open?.title);
      if (title !== undefined) payload = { ...payload, title };
    }
    if (open !== undefined) payload = keepOpenItem(this, items, key!, open, payload, role?.closes === 'item');
    if (role !== undefined && !track(this, role, full, payload)) return;
    this.push(type, full, payload);
  }

  /** A runtime.warning that carries raw, so nothing is lost (unknown or invalid input, a bound reached). */
  warn(message: string, detail: Record<string, unknown>): void {
    this.push('runtime.warning', { thread: this.currentThread }, { message, detail });
  }

  /** Say why the message being mapped yields no event (counted by name in the stats). */
  ignore(reason: string): void {
    this.ignored ??= reason;
  }

  /** Translate through a value map of mapping-spec.yaml by name (undefined when the map does not know it). */
  mapValue(map: string, value: unknown): string | undefined {
    const m = this.valueMaps[map];
    return m ? lookup(m.values, m.fallback, value, m.prefixes) : undefined;
  }

  describeRaw(): string {
    return `${this.raw.source} ${this.raw.method ?? this.raw.messageType ?? ''}`.trim();
  }

  /** What `fn` emits has no upstream message of its own: mark it synthetic, keeping the cause in raw. */
  synthetic(fn: () => void): void {
    const cause = this.raw;
    const { method, messageType, payload } = cause;
    // Literals, not spreads (this runs at every turn's end); keys in the order RawRef lists them.
    this.raw =
      method === undefined
        ? messageType === undefined
          ? { source: SYNTHETIC, payload }
          : { source: SYNTHETIC, messageType, payload }
        : messageType === undefined
          ? { source: SYNTHETIC, method, payload }
          : { source: SYNTHETIC, method, messageType, payload };
    try {
      fn();
    } finally {
      this.raw = cause;
    }
  }

  /** Move an event already emitted for this message to the end (a turn's end comes after what it closes). */
  moveToEnd(event: CanonicalEvent): void {
    const at = this.out.lastIndexOf(event);
    if (at >= 0 && at < this.out.length - 1) {
      this.out.splice(at, 1);
      this.out.push(event);
    }
  }

  /**
   * The message's timestamp, or the clock's, as ISO 8601. A timestamp Date cannot print with a
   * four-digit year (upstream garbage such as 1e300) falls back to the clock, then to the epoch,
   * so createdAt always validates. Once per message: its events share it, the clock read once.
   */
  private createdAt(): string {
    return (this.messageIso ??= this.iso());
  }

  private messageIso: string | undefined;
  /** The last recorded time an event was stamped with, and the clock's reading then. */
  private recordedMs: number | undefined;
  private clockAtRecorded = 0;

  /**
   * One clock rule, every source: a message's own recorded time where it carries one; otherwise
   * the clock — advanced from the session's last recorded time when there is one (that time plus
   * the clock's time since), so that a replay's events keep the recording's timeline and a live
   * session's keep the upstream's, instead of mixing today's time with the recorded one.
   */
  private iso(): string {
    let ms = this.timestampMs;
    if (isoMs(ms)) {
      this.recordedMs = ms;
      this.clockAtRecorded = this.clock();
    } else {
      const now = this.clock();
      ms = this.recordedMs === undefined ? now : this.recordedMs + (now - this.clockAtRecorded);
      if (!isoMs(ms)) ms = isoMs(now) ? now : 0;
    }
    if (ms === this.lastMs) return this.lastIso;
    // Date keeps whole milliseconds (toward zero); toISOString is slow, so reuse the
    // "YYYY-MM-DDTHH:mm:ss." of the last second and only print the milliseconds.
    const whole = Math.trunc(ms);
    const second = Math.floor(whole / 1000);
    if (second !== this.lastSecond) {
      this.lastSecond = second;
      this.lastPrefix = new Date(second * 1000).toISOString().slice(0, 20);
    }
    const milli = whole - second * 1000;
    this.lastMs = ms;
    this.lastIso = `${this.lastPrefix}${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
    return this.lastIso;
  }

  private lastMs = Number.NaN;
  private lastIso = '';
  private lastSecond = Number.NaN;
  private lastPrefix = '';

  /** This session's canonical ids, made on first use (with deriveSessionId, from this message). */
  private canonical(): CanonicalIds {
    return (this.ids ??= new CanonicalIds(this.provider, derivedSessionId(this.source, this.raw.payload)));
  }

  /** The canonical id of a provider item (of `thread`, else the current one): for a payload that names another item. */
  itemIdOf(thread: string | undefined, item: string): string {
    return this.canonical().item(thread ?? this.currentThread, item, this.runs);
  }

  /** The canonical id of a provider thread: for a payload that names another thread. */
  threadIdOf(thread: string): string {
    return this.canonical().thread(thread);
  }

  /** Append an event with its envelope. Exposed to track() for the events a lifecycle owes. */
  push(type: string, ids: ProviderIds, payload: Record<string, unknown>): void {
    const c = this.canonical();
    const event: CanonicalEvent = {
      eventId: c.event(this.seq++),
      provider: this.eventProvider ?? this.provider,
      sessionId: c.sessionId,
      createdAt: this.createdAt(),
      type,
      payload,
      raw: this.raw,
    };
    const { thread, turn, item, request } = ids;
    if (thread === undefined && turn === undefined && item === undefined && request === undefined) {
      this.out.push(event);
      return;
    }
    const refs: Record<string, string> = {};
    if (thread !== undefined) {
      event.threadId = c.thread(thread);
      refs.providerThreadId = thread;
    }
    if (turn !== undefined) {
      event.turnId = c.turn(thread, turn);
      refs.providerTurnId = turn;
    }
    if (item !== undefined) {
      event.itemId = c.item(thread, item, this.runs);
      refs.providerItemId = item;
    }
    if (request !== undefined) {
      event.requestId = c.request(request);
      refs.providerRequestId = request;
    }
    event.providerRefs = refs;
    this.out.push(event);
  }
}

function withoutUndefined(payload: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in payload) if (payload[key] !== undefined) out[key] = payload[key];
  return out;
}
