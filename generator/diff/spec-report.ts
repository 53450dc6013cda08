// `eventmap diff --spec A..B`: the mapping table at two revisions, what changed between them, and
// coverage before → after over the vendored catalogs each revision's spec names. Never prints.
import { existsSync } from 'node:fs';
import { loadCatalog } from '../catalog/load.ts';
import { resolveVersion } from '../catalog/snapshots.ts';
import type { SourceName } from '../project/sources.ts';
import type { Catalog } from '../catalog/types.ts';
import { EventmapError } from '../shared/diagnostics.ts';
import { compareStrings, displayPath } from '../io/fsutil.ts';
import type { ProjectPaths } from '../project/paths.ts';
import { parseSpec } from '../mapping/load.ts';
import type { MappingSpec } from '../mapping/types.ts';
import { fileAtRevision, parseRange, shortCommit, type Revision } from './git.ts';
import { specCoverage, type SourceCoverage } from './spec-coverage.ts';
import { diffSpecs, type EntryChange, type ValueMapChange } from './spec-diff.ts';
import { SPEC_FILE } from './types.ts';
import { readRegularText } from '../io/safe-read.ts';
import type { ReplayReport } from './replay/report.ts';

export interface SpecRevision extends Revision {
  /** False when mapping-spec.yaml does not exist at this revision (an empty table). */
  exists: boolean;
}

/** `sources.<source>.snapshots` at both revisions (null where the source is not in the table). */
export interface SnapshotListChange {
  before: string[] | null;
  after: string[] | null;
  added: string[];
  removed: string[];
}

export interface SourceSpecDiff {
  entries: EntryChange[];
  valueMaps: ValueMapChange[];
  snapshots: SnapshotListChange;
  coverage: { before?: SourceCoverage; after?: SourceCoverage };
}

export interface SpecDiffReport {
  from: SpecRevision;
  to: SpecRevision;
  sources: Record<string, SourceSpecDiff>;
  /** The recordings replayed with both revisions' mappings (diff --spec with recordings). */
  replay?: ReplayReport;
}

export function runSpecDiff(paths: ProjectPaths, range: string | undefined): SpecDiffReport {
  const { from, to } = parseRange(paths.root, range);
  const [before, after] = [specAt(paths, from), specAt(paths, to)];
  const { entries, valueMaps } = diffSpecs(before, after);
  // Catalogs of the working tree's upstream-schemas/, loaded once; a version not vendored is undefined.
  const cache = new Map<string, Catalog | undefined>();
  const catalogOf = (source: string) => (version: string) => {
    const key = `${source}@${version}`;
    if (!cache.has(key)) cache.set(key, vendoredCatalog(paths.upstream, source, version));
    return cache.get(key);
  };
  const names = new Set([
    ...Object.keys(before?.sources ?? {}),
    ...Object.keys(after?.sources ?? {}),
    ...entries.map((e) => e.source),
    ...valueMaps.map((v) => v.source),
  ]);
  const sources: Record<string, SourceSpecDiff> = {};
  for (const source of [...names].sort(compareStrings)) {
    const coverage: SourceSpecDiff['coverage'] = {};
    if (before?.sources[source]) coverage.before = specCoverage(before, source, catalogOf(source));
    if (after?.sources[source]) coverage.after = specCoverage(after, source, catalogOf(source));
    sources[source] = {
      entries: entries.filter((e) => e.source === source),
      valueMaps: valueMaps.filter((v) => v.source === source),
      snapshots: snapshotList(before, after, source),
      coverage,
    };
  }
  return { from: { ...from, exists: before !== undefined }, to: { ...to, exists: after !== undefined }, sources };
}

function snapshotList(
  before: MappingSpec | undefined,
  after: MappingSpec | undefined,
  source: string,
): SnapshotListChange {
  const versions = (spec: MappingSpec | undefined) => spec?.sources[source]?.snapshots.map((s) => s.version) ?? null;
  const [b, a] = [versions(before), versions(after)];
  return {
    before: b,
    after: a,
    added: (a ?? []).filter((v) => !(b ?? []).includes(v)),
    removed: (b ?? []).filter((v) => !(a ?? []).includes(v)),
  };
}

/** Changes in the table for a source: entries, value-map changes, and snapshots added to or removed from its list. */
export function sourceChangeCount(s: SourceSpecDiff): number {
  return s.entries.length + s.valueMaps.length + s.snapshots.added.length + s.snapshots.removed.length;
}

/** The parsed spec at a revision; a spec that does not parse there is exit 2, named `<rev>:mapping-spec.yaml:LINE:COL`. */
function specAt(paths: ProjectPaths, rev: Revision): MappingSpec | undefined {
  if (!rev.commit)
    return existsSync(paths.spec) ? parseSpec(readRegularText(paths.spec), displayPath(paths.spec)) : undefined;
  const text = fileAtRevision(paths.root, rev.commit, SPEC_FILE);
  if (text === undefined) return undefined;
  const name = rev.label.startsWith('merge-base') ? shortCommit(rev.commit) : rev.label;
  try {
    return parseSpec(text, `${name}:${SPEC_FILE}`);
  } catch (err) {
    if (!(err instanceof EventmapError)) throw err;
    throw new EventmapError(
      err.diagnostics.map((d) => ({
        ...d,
        message: `${d.message} (in mapping-spec.yaml at revision ${rev.label}, ${shortCommit(rev.commit!)})`,
      })),
    );
  }
}

function vendoredCatalog(upstream: string, source: string, version: string): Catalog | undefined {
  try {
    return loadCatalog(resolveVersion(upstream, source as SourceName, version));
  } catch (err) {
    if (!(err instanceof EventmapError) || err.diagnostics[0]?.code !== 'cli/unknown-version') throw err;
    return undefined;
  }
}
