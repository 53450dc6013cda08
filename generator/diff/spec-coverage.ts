// Coverage of one revision of the spec over the catalogs of the snapshots it names: per source
// and kind, how many discriminants are mapped, ignored, or a gap (mapping/coverage-status.ts).
import { entryKey } from '../catalog/load.ts';
import type { Catalog } from '../catalog/types.ts';
import { compareStrings } from '../io/fsutil.ts';
import { coveringMap, entryStatus, isMessageKind, valueMapHit, valueStatus } from '../mapping/coverage-status.ts';
import type { CoverageStatus } from '../mapping/findings.ts';
import type { MappingSpec } from '../mapping/types.ts';
import type { KindSummary } from '../emit/coverage.ts';

export interface SourceCoverage {
  /** Snapshots the spec names that are vendored (and were counted). */
  snapshots: string[];
  /** Snapshots the spec names that upstream-schemas/ does not have. */
  missing: string[];
  kinds: Record<string, KindSummary>;
}

/** `catalogOf` gives the vendored catalog of a version the spec names, or undefined (`missing`). */
export function specCoverage(
  spec: MappingSpec,
  source: string,
  catalogOf: (version: string) => Catalog | undefined,
): SourceCoverage {
  const versions = spec.sources[source]!.snapshots.map((s) => s.version);
  const catalogs = versions.flatMap((v) => catalogOf(v) ?? []);
  const names = new Map<string, { kind: string; name: string }>();
  for (const c of catalogs) for (const e of c.entries) names.set(entryKey(e), { kind: e.kind, name: e.name });
  const entries = new Map(spec.entries.filter((e) => e.source === source).map((e) => [entryKey(e), e]));
  const maps = Object.values(spec.valueMaps).filter((m) => m.source === source);
  const kinds: Record<string, KindSummary> = {};
  for (const [k, d] of [...names].sort(([a], [b]) => compareStrings(a, b))) {
    const map = coveringMap(maps, d.kind);
    const status: CoverageStatus = isMessageKind(d.kind)
      ? entryStatus(entries.get(k))
      : valueStatus(map && valueMapHit(map, d.name));
    const row = (kinds[d.kind] ??= { total: 0, mapped: 0, ignored: 0, gap: 0 });
    row.total++;
    row[status]++;
  }
  return { snapshots: catalogs.map((c) => c.version), missing: versions.filter((v) => !catalogOf(v)), kinds };
}
