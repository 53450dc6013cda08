// createNormalizer: one upstream message in, canonical events out. Never throws; an unknown or
// invalid message becomes runtime.warning with raw.
import { MapContext } from './context.ts';
import { canonicalId } from './ids.ts';
import { FRAMINGS, PROVIDERS, type SourceName } from './sources/index.ts';
import type { NormalizeStats, UpstreamValidator } from './sources/types.ts';
import type { CanonicalEvent } from './types.ts';

export interface NormalizerOptions {
  /** Canonical session id; default: derived from the source name (pass your own per session). */
  sessionId?: string;
  /** Clock for messages without a timestamp of their own (ms since the epoch). Default Date.now. */
  clock?: () => number;
  /** Opt-in upstream validation: `validateUpstream` from generated/<source>/upstream-validators.js. */
  validateUpstream?: UpstreamValidator;
}

export interface Normalizer {
  /** Map one input: a parsed message or one JSONL line. */
  push(input: unknown): CanonicalEvent[];
  readonly stats: Readonly<NormalizeStats>;
}

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
  return {
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
          return ctx.out;
        }
      }
      try {
        framing.route(value, ctx, stats, options.validateUpstream);
      } catch (err) {
        // A bug in a mapper must not take the app down: report it as a warning with raw.
        stats.invalid++;
        ctx.warn(`${source}: mapping failed: ${err instanceof Error ? err.message : String(err)}`, { kind: 'mapper-error' });
      }
      return ctx.out;
    },
  };
}
