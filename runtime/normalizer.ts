// createNormalizer: one upstream message in, canonical events out. Never throws; an unknown or
// invalid message becomes runtime.warning with raw.
import type { ProviderRuntimeEvent } from '../generated/canonical/types.ts';
import { MapContext } from './context.ts';
import { DEFAULT_END_REASON, endSession } from './end-session.ts';
import { canonicalId } from './ids.ts';
import { FRAMINGS, PROVIDERS, type SourceName } from './sources/index.ts';
import type { NormalizeStats, UpstreamValidator } from './sources/types.ts';
import { eventStream, eventsOf, type Inputs } from './stream.ts';
import type { CanonicalEvent } from './types.ts';

export interface NormalizerOptions {
  /** Canonical session id; default: derived from the source name (pass your own per session). */
  sessionId?: string;
  /** Clock for messages without a timestamp of their own (ms since the epoch). Default Date.now. */
  clock?: () => number;
  /** Opt-in upstream validation: `validateUpstream` from `@eventmap/runtime/upstream-validators/<source>`. */
  validateUpstream?: UpstreamValidator;
}

/** What end() returns: the events that close what the session left open, and the final counts. */
export interface NormalizerEnd {
  events: ProviderRuntimeEvent[];
  stats: NormalizeStats;
}

export interface Normalizer {
  /** Map one input: a parsed message or one JSONL line. */
  push(input: unknown): ProviderRuntimeEvent[];
  /**
   * End the session: close the items, requests and turn the upstream left open (item.completed
   * `cancelled`, request.resolved `expired`, turn.aborted with `reason` then turn.completed
   * `cancelled`), and return those events with the final stats.
   */
  end(reason?: string): NormalizerEnd;
  /** Every event of `inputs` (messages or JSONL lines; blank lines skipped), then end()'s. */
  events(inputs: Inputs): AsyncGenerator<ProviderRuntimeEvent, NormalizeStats, undefined>;
  /** The same as a web TransformStream: messages or lines in, events out; closing it calls end(). */
  stream(): TransformStream<unknown, ProviderRuntimeEvent>;
  readonly stats: Readonly<NormalizeStats>;
}

/**
 * The runtime builds every event from canonical-model.yaml through the generated mappers, so each
 * is a ProviderRuntimeEvent: test/conformance and test/fuzz run every event through the generated
 * validator. This is the one place that says so to the type checker.
 */
const typed = (events: CanonicalEvent[]) => events as unknown as ProviderRuntimeEvent[];

export function createNormalizer(source: SourceName, options: NormalizerOptions = {}): Normalizer {
  // Own keys only: 'constructor' or '__proto__' is as unknown as any other name.
  const framing = typeof source === 'string' && Object.hasOwn(FRAMINGS, source) ? FRAMINGS[source] : undefined;
  if (!framing) throw new TypeError(`eventmap: unknown source ${String(source)}; expected one of ${Object.keys(FRAMINGS).join(', ')}`);
  const ctx = new MapContext({
    provider: PROVIDERS[source],
    sessionId: options.sessionId ?? canonicalId('session', source),
    clock: options.clock ?? Date.now,
  });
  ctx.valueMaps = framing.valueMaps;
  const stats: NormalizeStats = { messages: 0, mapped: 0, ignored: 0, clientTraffic: 0, unknown: 0, invalid: 0 };
  const normalizer: Normalizer = {
    stats,
    push(input) {
      stats.messages++;
      ctx.out = [];
      let value = input;
      if (typeof input === 'string') {
        try {
          value = JSON.parse(input);
        } catch {
          ctx.begin({ source: 'eventmap.synthetic', payload: input }, undefined);
          stats.invalid++;
          ctx.warn(`${source}: input line is not JSON`, { kind: 'invalid-message' });
          return typed(ctx.out);
        }
      }
      try {
        framing.route(value, ctx, stats, options.validateUpstream);
      } catch (err) {
        // A bug in a mapper must not take the app down: report it as a warning with raw.
        stats.invalid++;
        ctx.warn(`${source}: mapping failed: ${err instanceof Error ? err.message : String(err)}`, { kind: 'mapper-error' });
      }
      return typed(ctx.out);
    },
    end(reason = DEFAULT_END_REASON) {
      ctx.out = [];
      endSession(ctx, reason);
      return { events: typed(ctx.out), stats: { ...stats } };
    },
    events: (inputs) => eventsOf(normalizer, inputs),
    stream: () => eventStream(normalizer),
  };
  return normalizer;
}
