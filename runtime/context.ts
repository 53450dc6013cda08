// The state one normalizer keeps for one session: the envelope of every event (ids, providerRefs,
// raw, createdAt), and the lifecycle bookkeeping that lets a turn's end close what it left open.
// Generated mappers call `emit`; nothing here knows any upstream's message shapes.
import { canonicalId } from './ids.ts';
import type { CanonicalEvent, ProviderIds, RawRef } from './types.ts';

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

export class MapContext {
  readonly provider: string;
  readonly sessionId: string;
  private readonly clock: () => number;
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
  /** Requests already resolved, so a second resolution (response, then serverRequest/resolved) emits nothing. */
  private readonly resolvedRequests = new Set<string>();

  constructor(options: ContextOptions) {
    this.provider = options.provider;
    this.sessionId = options.sessionId;
    this.clock = options.clock;
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
    for (const key of Object.keys(payload)) if (payload[key] === undefined) delete payload[key];
    for (const field of required) {
      if (!(field in payload)) {
        this.warn(`${this.describeRaw()}: cannot fill required field \`${field}\` of ${type}; the message does not match its schema`, { kind: 'invalid-message', eventType: type, field });
        return;
      }
    }
    const full: ProviderIds = { ...ids };
    if (full.thread === undefined) full.thread = this.currentThread;
    if (full.turn === undefined && TURN_SCOPED.test(type)) full.turn = this.currentTurn;
    if (!this.track(type, full, payload)) return;
    this.push(type, full, payload);
  }

  /** An unknown or invalid message: a runtime.warning that carries raw, so nothing is lost. */
  warn(message: string, detail: Record<string, unknown>): void {
    this.push('runtime.warning', { thread: this.currentThread }, { message, detail });
  }

  describeRaw(): string {
    return `${this.raw.source} ${this.raw.method ?? this.raw.messageType ?? ''}`.trim();
  }

  /** Lifecycle bookkeeping; false means "already done, emit nothing" (a request resolved twice). */
  private track(type: string, ids: ProviderIds, payload: Record<string, unknown>): boolean {
    switch (type) {
      case 'turn.started':
        if (ids.turn !== undefined) this.currentTurn = ids.turn;
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

  private push(type: string, ids: ProviderIds, payload: Record<string, unknown>): void {
    const event: CanonicalEvent = {
      eventId: canonicalId('event', `${this.sessionId}:${this.seq++}`),
      provider: this.provider,
      sessionId: this.sessionId,
      createdAt: new Date(this.timestampMs ?? this.clock()).toISOString(),
      type,
      payload,
      raw: this.raw,
    };
    const refs: Record<string, string> = {};
    if (ids.thread !== undefined) {
      event.threadId = canonicalId('thread', ids.thread);
      refs.providerThreadId = ids.thread;
    }
    if (ids.turn !== undefined) {
      event.turnId = canonicalId('turn', ids.turn);
      refs.providerTurnId = ids.turn;
    }
    if (ids.item !== undefined) {
      event.itemId = canonicalId('item', ids.item);
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
