// Each source's analysis cached by what it reads (analyze.ts `sourceAnalysisSpec`: it is given
// only that part of the spec) without line numbers, the model, the source's snapshots and
// eventmap's code: a comment, or an edit to another source's mappings, re-checks nothing. A hit's
// locations are found again in the spec as it is now (by node path, as the reports do), so every
// finding still names its line. An entry that does not read back is a miss.
import type { Catalog } from '../catalog/types.ts';
import { cacheKey, type EmitCache } from '../io/cache.ts';
import { snapshotKeyParts, type InputHashes } from '../emit/manifest.ts';
import { sha256 } from '../io/fsutil.ts';
import type { AnalysisMemo, SpecAnalysis } from '../mapping/analyze.ts';
import { specLocator } from '../mapping/load.ts';
import { positionFreeJson } from '../mapping/positions.ts';
import type { Loc, MappingSpec } from '../mapping/types.ts';

export function cachedAnalysis(
  cache: EmitCache,
  spec: MappingSpec,
  catalogs: Record<string, Catalog[]>,
  hashes: InputHashes,
): AnalysisMemo {
  let locate: ((loc: Loc) => Loc) | undefined;
  const relocate = (loc: Loc | undefined): Loc | undefined => {
    if (!loc?.node) return loc; // not in the spec (the model's file, whose hash is in the key)
    if (!locate) {
      const at = specLocator(spec.text, spec.file);
      locate = (l) => at(l.node!);
    }
    return locate(loc);
  };
  return (source, part, analyze) => {
    const key = cacheKey([
      'analysis',
      hashes.code,
      source,
      hashes.model,
      ...snapshotKeyParts(catalogs[source] ?? [], hashes),
      sha256(positionFreeJson(part)),
    ]);
    return cache.value(key, analyze, (stored) => {
      const { findings, coverage } = stored as SpecAnalysis;
      return { findings: findings.map(relocated), coverage: coverage.map(relocated) };
    });
  };

  function relocated<T extends { loc?: Loc }>({ loc, ...rest }: T): T {
    return { ...rest, ...(loc ? { loc: relocate(loc) } : {}) } as T;
  }
}
