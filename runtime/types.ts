// Types shared by the runtime and the generated mappers.

/** `raw.source` of an event no upstream message of its own caused (the cause stays in `raw.payload`). */
export const SYNTHETIC = 'eventmap.synthetic';

/** Where an event came from (EVENTS.md §1.1 `raw`). */
export interface RawRef {
  source: string;
  method?: string;
  messageType?: string;
  payload: unknown;
}

/** Provider-native ids of one event; canonical ids are derived from them. */
export interface ProviderIds {
  thread?: string | undefined;
  turn?: string | undefined;
  item?: string | undefined;
  request?: string | undefined;
}

/** A value map from mapping-spec.yaml, as the generated code exports it. */
export interface ValueMap {
  values: Readonly<Record<string, string | null>>;
  fallback: string | undefined;
  prefixes: readonly (readonly [string, string])[];
}

/** A canonical event as the runtime builds it (the generated ProviderRuntimeEvent is its typed view). */
export interface CanonicalEvent {
  eventId: string;
  provider: string;
  sessionId: string;
  createdAt: string;
  threadId?: string;
  turnId?: string;
  itemId?: string;
  requestId?: string;
  providerRefs?: Record<string, string>;
  type: string;
  payload: Record<string, unknown>;
  raw: RawRef;
}
