// createNormalizer(source): any source by name. It bundles every source's mappers; an app that
// reads one source imports that source's entry point instead (runtime/entries/, e.g.
// `@eventmap/runtime/codex-app-server`), which bundles only its own.
import type { InputBySource, ReplyBySource } from './inputs.ts';
import { normalizerFor, type Normalizer, type NormalizerOptions } from './normalizer.ts';
import { FRAMINGS, PROVIDERS, type SourceName } from './sources/index.ts';

export function createNormalizer<S extends SourceName>(
  source: S,
  options: NormalizerOptions = {},
): Normalizer<InputBySource[S], ReplyBySource[S]> {
  // Own keys only: 'constructor' or '__proto__' is as unknown as any other name.
  const framing = typeof source === 'string' && Object.hasOwn(FRAMINGS, source) ? FRAMINGS[source] : undefined;
  if (!framing)
    throw new TypeError(
      `eventmap: unknown source ${String(source)}; expected one of ${Object.keys(FRAMINGS).join(', ')}`,
    );
  return normalizerFor(source, framing, PROVIDERS[source], options);
}
