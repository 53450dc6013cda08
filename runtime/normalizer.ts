// A normalizer: one upstream message in, canonical events out. Never throws; an unknown or invalid
// message becomes runtime.warning with raw; every event it returns serialises. This core takes one
// source's framing: createNormalizer (runtime/create.ts) picks it by name and bundles every source,
// a source's own entry point (runtime/entries/) bundles only that one.
import type { ProviderKind, ProviderRuntimeEvent } from '../generated/canonical/types.ts';
import { MapContext } from './context.ts';
import { DEFAULT_END_REASON, endSession } from './end-session.ts';
import type { HeldState } from './lifecycle.ts';
import { asJsonValue, lastCopyWasCut, limitDepth, MAX_DEPTH } from './depth.ts';
import type { SourceName } from './sources/names.ts';
import type { Framing, NormalizeStats, UpstreamValidator } from './sources/types.ts';
import { eventStream, eventsOf } from './stream.ts';
import { SYNTHETIC, type CanonicalEvent } from './types.ts';
import { onDefaultUsed } from './values.ts';

export interface NormalizerOptions {
  /**
   * Canonical session id, part of every event, turn, item and request id. Default: a random UUID,
   * so ids never collide across sessions. Pass one (or `deriveSessionId`) for reproducible output.
   */
  sessionId?: string;
  /**
   * Derive the session id from the source and the first upstream message that yields an event
   * (which names the upstream's own session or thread): the same input gives byte-identical
   * events, for replays and tests. Two sessions that begin with the very same message (two runs
   * of one resumed Codex SDK thread, two resumes of one Codex 0.105.0 thread) share it, and so
   * their ids: only for inputs known to differ. Ignored when `sessionId` is given.
   */
  deriveSessionId?: boolean;
  /** Clock for messages without a timestamp of their own (ms since the epoch). Default Date.now. */
  clock?: () => number;
  /** Opt-in upstream validation: `validateUpstream` from `@eventmap/runtime/upstream-validators/<source>`. */
  validateUpstream?: UpstreamValidator;
  /**
   * The app passes its answers to the upstream's requests (`reply`, or a capture's client side).
   * Then a request closed unanswered (its turn interrupted) is `cancelled`; without them it could
   * have been answered unseen, so it is `unobserved`. Default: known from the first answer seen.
   */
  observesReplies?: boolean;
  /**
   * The ProviderKind every event carries, when the app knows which agent it runs. For ACP, whose
   * protocol names its agent only in the initialize response (agentInfo.name, mapped by the spec's
   * acpAgentProvider), this takes precedence; without either, ACP events say `acp`.
   */
  provider?: ProviderKind;
}

/** What end() returns: the events that close what the session left open, and the final counts. */
export interface NormalizerEnd {
  events: ProviderRuntimeEvent[];
  stats: NormalizeStats;
}

/** Inputs, parsed or as JSONL lines (one JSON value per string), for `events()`. */
export type Inputs<I = unknown> = Iterable<I | string> | AsyncIterable<I | string>;

/**
 * One session of one source. `I`: what the upstream sends; `R`: what the app sends back (its
 * answers to approvals and questions, its own requests). Both typed per source (runtime/inputs.ts).
 */
export interface Normalizer<I = unknown, R = unknown> {
  /** Map one upstream message: parsed, or one JSONL line. */
  push(input: I | string): ProviderRuntimeEvent[];
  /**
   * What the app sent the upstream: its answer to a request resolves it (with the decision it
   * states), its own requests are counted. Without the answers a request cannot say what was
   * decided: it resolves as `unobserved`.
   */
  reply(reply: R): ProviderRuntimeEvent[];
  /**
   * End the session: close the items, requests and turn the upstream left open (item.completed
   * `cancelled`, request.resolved `expired`, turn.aborted with `reason` then turn.completed
   * `cancelled`), and return those events with the final stats.
   */
  end(reason?: string): NormalizerEnd;
  /** Every event of `inputs` (messages or JSONL lines; blank lines skipped), then end()'s. */
  events(inputs: Inputs<I>): AsyncGenerator<ProviderRuntimeEvent, NormalizeStats, undefined>;
  /** The same as a web TransformStream: messages or lines in, events out; closing it calls end(). */
  stream(): TransformStream<I | string, ProviderRuntimeEvent>;
  readonly stats: Readonly<NormalizeStats>;
  /** The session id of every event (with deriveSessionId, undefined until the first event). */
  readonly sessionId: string | undefined;
  /** What the normalizer holds now: open turns, items and requests, per-turn state, bytes (bounded: docs/performance.md). */
  held(): HeldState;
}

/**
 * The runtime builds every event from canonical-model.yaml through the generated mappers, so each
 * is a ProviderRuntimeEvent: test/conformance and test/fuzz run every event through the generated
 * validator. This is the one place that says so to the type checker.
 */
const typed = (events: CanonicalEvent[]) => events as unknown as ProviderRuntimeEvent[];

/** The createNormalizer of a source's own entry point (runtime/entries/). */
export function sourceNormalizer<I, R>(
  source: SourceName,
  framing: Framing,
  provider: string,
): (options?: NormalizerOptions) => Normalizer<I, R> {
  return (options = {}) => normalizerFor(source, framing, provider, options);
}

/** A normalizer of one source, from its framing and the ProviderKind its events carry. */
export function normalizerFor<I, R>(
  source: SourceName,
  framing: Framing,
  provider: string,
  options: NormalizerOptions = {},
): Normalizer<I, R> {
  const ctx = new MapContext({
    provider,
    eventProvider: options.provider,
    source,
    sessionId: options.sessionId,
    deriveSessionId: options.deriveSessionId,
    clock: options.clock ?? Date.now,
  });
  ctx.valueMaps = framing.valueMaps;
  ctx.repliesSeen = options.observesReplies === true;
  let mapNames: Map<object, string> | undefined; // built on first use: defaults are rare
  /** Maps and values warned about in the message being mapped (a value read twice warns once). */
  const warned = new Set<string>();
  const defaultUsed = (map: object, value: string, fallback: string) => {
    mapNames ??= new Map(Object.entries(framing.valueMaps).map(([n, m]) => [m.values, n]));
    const name = mapNames.get(map) ?? 'a value map';
    const key = `${name}\u0000${value}`;
    if (warned.has(key)) return;
    warned.add(key);
    ctx.warn(
      `${ctx.describeRaw()}: \`${value.length > 80 ? `${value.slice(0, 80)}…` : value}\` is not in ${name} (mapping-spec.yaml); read as its default \`${fallback}\``,
      { kind: 'unknown-value', map: name, value, default: fallback },
    );
  };
  const stats: NormalizeStats = {
    messages: 0,
    mapped: 0,
    ignored: 0,
    ignoredBy: {},
    clientTraffic: 0,
    unknown: 0,
    invalid: 0,
  };
  /** One input (`route`: the framing's for upstream messages or for the app's replies) → its events. */
  const handle = (input: unknown, route: Framing['route']): ProviderRuntimeEvent[] => {
    stats.messages++;
    ctx.out = [];
    ctx.cut = false;
    if (warned.size) warned.clear(); // clear() allocates a new table even when empty
    let value = input;
    if (typeof input === 'string') {
      try {
        // A UTF-8 byte order mark (a file's first line) is no part of the message.
        value = JSON.parse(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input);
      } catch {
        ctx.begin({ source: SYNTHETIC, payload: input }, undefined);
        stats.invalid++;
        ctx.warn(`${source}: input line is not JSON`, { kind: 'invalid-message' });
        return typed(ctx.out);
      }
    }
    const line = typeof input === 'string';
    const bounded = line ? limitDepth(value, input) : asJsonValue(value);
    ctx.cut = bounded !== value && (line || lastCopyWasCut());
    onDefaultUsed(defaultUsed);
    try {
      route(bounded, ctx, stats, options.validateUpstream);
    } catch (err) {
      // A bug in a mapper must not take the app down: report it as a warning with raw.
      stats.invalid++;
      ctx.warn(`${source}: mapping failed: ${err instanceof Error ? err.message : String(err)}`, {
        kind: 'mapper-error',
      });
    } finally {
      onDefaultUsed(undefined);
    }
    if (ctx.cut)
      ctx.warn(
        `${ctx.describeRaw()}: the message nests deeper than ${MAX_DEPTH} levels; what lies deeper is cut from raw and payloads (marked where)`,
        { kind: 'depth-limit', maxDepth: MAX_DEPTH },
      );
    return typed(ctx.out);
  };
  const noReplies: Framing['route'] = (input, c, st) => {
    c.begin({ source: SYNTHETIC, payload: input }, undefined);
    st.invalid++;
    c.warn(`${source}: the upstream asks the app nothing, so there is no reply to take`, { kind: 'invalid-message' });
  };
  const normalizer: Normalizer<I, R> = new SessionNormalizer<I, R>(ctx, {
    stats,
    held: () => ctx.lifecycle.held(),
    push: (input) => handle(input, framing.route),
    reply: (reply) => handle(reply, framing.reply ?? noReplies),
    end(reason = DEFAULT_END_REASON) {
      ctx.out = [];
      endSession(ctx, reason);
      return { events: typed(ctx.out), stats: { ...stats } };
    },
    events: (inputs) => eventsOf(normalizer, inputs),
    stream: () => eventStream(normalizer),
  });
  return normalizer;
}

/**
 * A Normalizer with its `sessionId` getter on the prototype: a getter in an object literal gives
 * every normalizer a hidden class of its own, whose garbage cost more than mapping a short session.
 */
class SessionNormalizer<I, R> implements Normalizer<I, R> {
  readonly #ctx: MapContext;
  readonly stats: Normalizer<I, R>['stats'];
  readonly push: Normalizer<I, R>['push'];
  readonly reply: Normalizer<I, R>['reply'];
  readonly end: Normalizer<I, R>['end'];
  readonly events: Normalizer<I, R>['events'];
  readonly stream: Normalizer<I, R>['stream'];
  readonly held: Normalizer<I, R>['held'];

  constructor(ctx: MapContext, parts: Omit<Normalizer<I, R>, 'sessionId'>) {
    this.#ctx = ctx;
    this.stats = parts.stats;
    this.push = parts.push;
    this.reply = parts.reply;
    this.end = parts.end;
    this.events = parts.events;
    this.stream = parts.stream;
    this.held = parts.held;
  }

  get sessionId(): string | undefined {
    return this.#ctx.sessionId;
  }
}
