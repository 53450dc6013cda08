// The state one normalizer keeps for one session: the envelope of every event (ids, providerRefs,
// raw, createdAt), and the lifecycle bookkeeping that lets a turn's end close what it left open.
// Generated mappers call `emit`; nothing here knows any upstream's message shapes.
import { canonicalId, eventIds } from './ids.ts';
import { lookup } from './values.ts';
import type { CanonicalEvent, ProviderIds, RawRef, ValueMap } from './types.ts';

export interface ContextOptions {
  provider: string;
  sessionId: string;
  /** Milliseconds since the epoch, for messages that carry no timestamp of their own. */
  clock: () => number;
}

interface OpenItem {
  ids: ProviderIds;
  itemType: unknown;
}

interface PendingRequest {
  ids: ProviderIds;
  requestType: unknown;
  method: string | undefined;
}

const TURN_SCOPED = /^(turn\.|item\.|content\.|request\.|user-input\.|tool\.|task\.)/;
/** TURN_SCOPED.test(type), memoised: emit asks it for every event, and there are few types. */
const turnScoped = new Map<string, boolean>();

/** The range Date can print as YYYY-MM-DDTHH:mm:ss.sssZ (years 0000-9999), which IsoDateTime requires. */
const MIN_ISO_MS = -62_167_219_200_000;
const MAX_ISO_MS = 253_402_300_799_999;

function isoMs(ms: unknown): ms is number {
  return typeof ms === 'number' && ms >= MIN_ISO_MS && ms <= MAX_ISO_MS;
}

export class MapContext {
  readonly provider: string;
  readonly sessionId: string;
  private readonly clock: () => number;
  private readonly eventId: (seq: number) => string;
  private seq = 0;
  /** The events produced for the message being mapped. */
  out: CanonicalEvent[] = [];
  /** The message being mapped, as `raw` on every event it produces. */
  raw: RawRef = { source: 'eventmap.synthetic', payload: null };
  /** The message's own timestamp, when it has one (ms since the epoch). */
  timestampMs: number | undefined;
  currentThread: string | undefined;
  currentTurn: string | undefined;
  readonly openItems = new Map<string, OpenItem>();
  readonly pendingRequests = new Map<string, PendingRequest>();
  /** Per-source correlation state that runtime helpers keep (e.g. Claude's content-block items). */
  readonly scratch = new Map<string, unknown>();
  /** The spec's value maps, for helpers that classify (set by the source's framing). */
  valueMaps: Readonly<Record<string, ValueMap>> = {};
  /** The last turn, for messages that arrive after it ended (background subagents). */
  lastTurn: string | undefined;
  /** Turns already started, so a second announcement of the same turn emits nothing. */
  private readonly startedTurns = new Set<string>();
  /** Requests already resolved, so a second resolution (response, then serverRequest/resolved) emits nothing. */
  private readonly resolvedRequests = new Set<string>();

  constructor(options: ContextOptions) {
    this.provider = options.provider;
    this.sessionId = options.sessionId;
    this.clock = options.clock;
    this.eventId = eventIds(options.sessionId);
  }

  /** Start mapping one upstream message. */
  begin(raw: RawRef, timestampMs: number | undefined): void {
    this.out = [];
    this.raw = raw;
    this.timestampMs = timestampMs;
  }

  /**
   * Emit one canonical event. Undefined payload fields are left out; a required field that the
   * message did not provide turns the event into a runtime.warning (with raw), never a throw.
   */
  emit(type: string, ids: ProviderIds, payload: Record<string, unknown>, required: readonly string[]): void {
    for (const key in payload) {
      if (payload[key] === undefined) {
        payload = withoutUndefined(payload);
        break;
      }
    }
    for (const field of required) {
      if (!(field in payload)) {
        this.warn(`${this.describeRaw()}: cannot fill required field \`${field}\` of ${type}; the message does not match its schema`, { kind: 'invalid-message', eventType: type, field });
        return;
      }
    }
    const full: ProviderIds = { ...ids };
    if (full.thread === undefined) full.thread = this.currentThread;
    if (full.turn === undefined) {
      let scoped = turnScoped.get(type);
      if (scoped === undefined) turnScoped.set(type, (scoped = TURN_SCOPED.test(type)));
      if (scoped) full.turn = this.currentTurn;
    }
    if (!this.track(type, full, payload)) return;
    this.push(type, full, payload);
  }

  /** An unknown or invalid message: a runtime.warning that carries raw, so nothing is lost. */
  warn(message: string, detail: Record<string, unknown>): void {
    this.push('runtime.warning', { thread: this.currentThread }, { message, detail });
  }

  /** Translate through a value map of mapping-spec.yaml by name (undefined when the map does not know it). */
  mapValue(map: string, value: unknown): string | undefined {
    const m = this.valueMaps[map];
    return m ? lookup(m.values, m.fallback, value, m.prefixes) : undefined;
  }

  describeRaw(): string {
    return `${this.raw.source} ${this.raw.method ?? this.raw.messageType ?? ''}`.trim();
  }

  /** Lifecycle bookkeeping; false means "already done, emit nothing" (a request resolved twice). */
  private track(type: string, ids: ProviderIds, payload: Record<string, unknown>): boolean {
    switch (type) {
      case 'turn.started':
        // A turn starts once, whichever announcement comes first (0.105.0 sends a v2 turn/started
        // and a legacy task_started for most turns, only the legacy one for a spawned agent's).
        if (ids.turn !== undefined) {
          if (this.startedTurns.has(ids.turn)) return false;
          if (this.startedTurns.size >= 10_000) this.startedTurns.clear();
          this.startedTurns.add(ids.turn);
          this.currentTurn = this.lastTurn = ids.turn;
        }
        return true;
      case 'thread.started':
        if (ids.thread !== undefined) this.currentThread = ids.thread;
        return true;
      case 'item.started':
        if (ids.item !== undefined) this.openItems.set(ids.item, { ids, itemType: payload.itemType });
        return true;
      case 'item.completed':
        if (ids.item !== undefined) this.openItems.delete(ids.item);
        return true;
      case 'request.opened':
        if (ids.request !== undefined) {
          // A JSON-RPC id may be reused once its request is answered.
          this.resolvedRequests.delete(ids.request);
          this.pendingRequests.set(ids.request, { ids, requestType: payload.requestType, method: this.raw.method });
        }
        return true;
      case 'request.resolved': {
        if (ids.request === undefined) return true;
        if (this.resolvedRequests.has(ids.request)) return false;
        if (this.resolvedRequests.size >= 10_000) this.resolvedRequests.clear();
        this.resolvedRequests.add(ids.request);
        const pending = this.pendingRequests.get(ids.request);
        if (pending) {
          this.pendingRequests.delete(ids.request);
          if (ids.item === undefined) ids.item = pending.ids.item;
          if (ids.turn === undefined) ids.turn = pending.ids.turn;
        }
        return true;
      }
      default:
        return true;
    }
  }

  /**
   * The message's timestamp, or the clock's, as ISO 8601. A timestamp Date cannot print with a
   * four-digit year (upstream garbage such as 1e300) falls back to the clock, then to the epoch,
   * so createdAt always validates. Memoised: the events of one message share it.
   */
  private createdAt(): string {
    let ms = this.timestampMs;
    if (!isoMs(ms)) {
      const now = this.clock();
      ms = isoMs(now) ? now : 0;
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

  private readonly lastIds = { thread: '', threadId: '', turn: '', turnId: '', item: '', itemId: '' };
  private lastMs = Number.NaN;
  private lastIso = '';
  private lastSecond = Number.NaN;
  private lastPrefix = '';

  private push(type: string, ids: ProviderIds, payload: Record<string, unknown>): void {
    const event: CanonicalEvent = {
      eventId: this.eventId(this.seq++),
      provider: this.provider,
      sessionId: this.sessionId,
      createdAt: this.createdAt(),
      type,
      payload,
      raw: this.raw,
    };
    const refs: Record<string, string> = {};
    // A stream repeats the same thread, turn and item: remember the last canonical id of each.
    if (ids.thread !== undefined) {
      if (ids.thread !== this.lastIds.thread) this.lastIds.threadId = canonicalId('thread', (this.lastIds.thread = ids.thread));
      event.threadId = this.lastIds.threadId;
      refs.providerThreadId = ids.thread;
    }
    if (ids.turn !== undefined) {
      if (ids.turn !== this.lastIds.turn) this.lastIds.turnId = canonicalId('turn', (this.lastIds.turn = ids.turn));
      event.turnId = this.lastIds.turnId;
      refs.providerTurnId = ids.turn;
    }
    if (ids.item !== undefined) {
      if (ids.item !== this.lastIds.item) this.lastIds.itemId = canonicalId('item', (this.lastIds.item = ids.item));
      event.itemId = this.lastIds.itemId;
      refs.providerItemId = ids.item;
    }
    if (ids.request !== undefined) {
      event.requestId = canonicalId('request', ids.request);
      refs.providerRequestId = ids.request;
    }
    for (const _ in refs) {
      event.providerRefs = refs;
      break;
    }
    this.out.push(event);
  }
}

function withoutUndefined(payload: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in payload) if (payload[key] !== undefined) out[key] = payload[key];
  return out;
}
