// What a source's framing needs from its generated mapper module, and what it counts.
import type { MapContext } from '../context.ts';
import type { ProviderIds, ValueMap } from '../types.ts';

export type Mapper = (m: unknown, ctx: MapContext, ids?: ProviderIds) => void;

export interface MapperTables {
  VALUE_MAPS: Readonly<Record<string, ValueMap>>;
  MAPPERS: Readonly<Record<string, Readonly<Record<string, Mapper>>>>;
  RESPONSE_MAPPERS: Readonly<Record<string, Mapper>>;
  IGNORED: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** Validates an upstream message against the generated upstream schemas (opt-in). */
export type UpstreamValidator = (
  kind: string,
  name: string,
  message: unknown,
) => { ok: true } | { ok: false; errors: unknown[] };

export interface NormalizeStats {
  messages: number;
  mapped: number;
  /** Deliberately yielding no event: ignored by the spec (with a reason in IGNORED) or by the runtime (a duplicate, a marker...). */
  ignored: number;
  /** The ignores by name: `<kind>:<name>` for the spec's, the runtime's reason for its own. */
  ignoredBy: Record<string, number>;
  /** Not upstream events: the client's own requests, and responses to them. */
  clientTraffic: number;
  unknown: number;
  invalid: number;
}

export interface Framing {
  /** The source's value maps (from its generated mappers), for helpers. */
  valueMaps: Readonly<Record<string, ValueMap>>;
  /** Map one input (already JSON-parsed) into ctx.out. */
  route(input: unknown, ctx: MapContext, stats: NormalizeStats, validate: UpstreamValidator | undefined): void;
  /** Map one of the app's own messages to the upstream (an answer to a request); none where the upstream asks nothing. */
  reply?(input: unknown, ctx: MapContext, stats: NormalizeStats, validate: UpstreamValidator | undefined): void;
}
