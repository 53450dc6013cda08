// Tests read payload fields across event types without narrowing each one: this is the runtime's
// own untyped view of the events it builds (apps get the ProviderRuntimeEvent union).
import type { ProviderRuntimeEvent } from '../../runtime/index.ts';
import type { CanonicalEvent } from '../../runtime/types.ts';

export type { CanonicalEvent };

export const loose = (events: readonly ProviderRuntimeEvent[]): CanonicalEvent[] =>
  events as unknown as CanonicalEvent[];
