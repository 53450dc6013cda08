// The package root for apps (@eventmap/runtime): normalise live upstream traffic into canonical
// events. Nothing here imports the build-time side (ts-morph, json-schema-to-typescript,
// handlebars, yaml) or Node's built-ins: it runs in browsers, workers, Deno and Bun too.
export { createNormalizer } from './create.ts';
export type { Inputs, Normalizer, NormalizerEnd, NormalizerOptions } from './normalizer.ts';
export type * from './inputs.ts';
export type { RawRef, ProviderIds } from './types.ts';
export type { HeldState } from './lifecycle.ts';
export type { NormalizeStats, UpstreamValidator } from './sources/types.ts';
export { SOURCES, type SourceName } from './sources/index.ts';
// The canonical event model: the ProviderRuntimeEvent union, its payloads and enums (values too).
export * from '../generated/canonical/types.ts';
