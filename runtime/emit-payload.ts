// Types only: what `ctx.emit` accepts. A generated mapper's ids are `MapperIds`, and for those the
// payload must have the fields of the event type's canonical payload with their value types, every
// one optional (a read may find nothing; emit leaves undefined fields out): tsc checks both the
// field names and the coerced values of every mapping. Hand-written helpers (plain ProviderIds)
// keep the loose form. Branded ids are plain strings here: a mapper reads them from the upstream.
import type { RuntimeEventPayloadByType as ByType } from '../generated/canonical/types.ts';
import type { ProviderIds } from './types.ts';

declare const mapper: unique symbol;

/** Provider ids as a generated mapper declares them (marks its emits as checked). */
export type MapperIds = ProviderIds & { readonly [mapper]?: true };

/** Provider ids of hand-written code. */
export type HelperIds = ProviderIds & { readonly [mapper]?: never };

type Unbrand<V> = V extends string & { readonly __brand: string } ? string : V;

export type EmitPayload<T extends keyof ByType> = { [K in keyof ByType[T]]?: Unbrand<ByType[T][K]> | undefined };

/** The payload fields emit must find filled (else the event becomes a runtime.warning). */
export type RequiredFields<T extends keyof ByType> = readonly (keyof ByType[T] & string)[];

export type { ByType as PayloadByType };
