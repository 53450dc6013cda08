// The canonical event model IR, read from canonical-model.yaml (the model is declared once, as data).
import type { JsonSchema } from '../schema/types.ts';

/** What has a lifecycle; each must have exactly one event that opens it and one that closes it. */
export const LIFECYCLE_SUBJECTS = ['turn', 'item', 'request', 'user-input'] as const;
export type LifecycleSubject = (typeof LIFECYCLE_SUBJECTS)[number];

export interface LifecycleRole {
  opens?: LifecycleSubject;
  closes?: LifecycleSubject;
  /** The event belongs to a turn: without a turn id it joins its thread's open turn. */
  turnScoped: boolean;
}

export interface SourceLocation {
  file: string;
  line: number;
  col: number;
}

export interface CanonicalEventDef {
  type: string;
  /** JSON Schema of the payload; `$ref`s point into CanonicalModel.schema (`#/definitions/...`). */
  payload: JsonSchema;
  /** Set for types added beyond EVENTS.md: the one-line reason. */
  extension?: string;
  loc?: SourceLocation;
  /** Name of the payload's definition in CanonicalModel.schema, e.g. `TurnCompletedPayload`. */
  payloadName?: string;
  /** Name of the event's variant definition (type + payload), e.g. `TurnCompletedEvent`. */
  variantName?: string;
  description?: string;
}

export interface CanonicalEnumDef {
  name: string;
  values: string[];
  /** value → one-line reason, for values added beyond EVENTS.md. */
  extensions: Record<string, string>;
  loc?: SourceLocation;
  /** Set for whole enums added beyond EVENTS.md: the one-line reason. */
  extension?: string;
  description?: string;
}

export interface CanonicalModel {
  file: string;
  /** Every canonical event type, in model order. */
  eventTypes: string[];
  events: Record<string, CanonicalEventDef>;
  /** CanonicalItemType, CanonicalRequestType, ContentStreamKind, SessionState, ThreadState, TurnState, ... */
  enums: Record<string, CanonicalEnumDef>;
  /** Branded id kinds (§1.6), e.g. EventId, RuntimeItemId. */
  idKinds: string[];
  /** The full JSON Schema of ProviderRuntimeEvent, with `definitions` (envelope, payloads, enums). */
  schema: { [key: string]: unknown };
  /** Id kind → its one-line description. */
  idDescriptions?: Record<string, string>;
  /**
   * Where each part of `schema` was declared: JSON pointer into `schema` (e.g.
   * `/definitions/TurnCompletedPayload/properties/state`) → location in the model file.
   */
  locations?: Record<string, SourceLocation>;
  /** Event type → its lifecycle role (canonical-model.yaml `lifecycle:`; generator/model/lifecycle-roles.ts). */
  lifecycle: Record<string, LifecycleRole>;
}
