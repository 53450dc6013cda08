// The package root for apps: normalise live upstream traffic into canonical events.
// Nothing here imports the build-time side (ts-morph, json-schema-to-typescript, handlebars, yaml).
export { createNormalizer, type Normalizer, type NormalizerOptions } from './normalizer.ts';
export type { CanonicalEvent, RawRef, ProviderIds } from './types.ts';
export type { HeldState } from './lifecycle.ts';
export type { NormalizeStats, UpstreamValidator } from './sources/types.ts';
export type { SourceName } from './sources/index.ts';
