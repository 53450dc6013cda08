// What every source's entry point exports besides its createNormalizer: the types of the API and
// the canonical event model (its values too: enum lists such as TURN_STATES).
export type * from '../inputs.ts';
export type { Inputs, Normalizer, NormalizerEnd, NormalizerOptions } from '../normalizer.ts';
export type { NormalizeStats, UpstreamValidator } from '../sources/types.ts';
export type { HeldState } from '../lifecycle.ts';
export * from '../../generated/canonical/types.ts';
