// diff --format json: for tools. The shapes are documented in README.md ("diff --format json").
import { stableJson } from '../../fsutil.ts';
import { classCounts } from '../snapshot-report.ts';
import type { SpecDiffReport } from '../spec-report.ts';
import type { SnapshotDiff } from '../types.ts';
import { SPEC_FILE } from './describe.ts';

export function snapshotJson(d: SnapshotDiff): string {
  return stableJson({
    source: d.source,
    from: d.from,
    to: d.to,
    spec: d.spec ?? null,
    summary: classCounts(d.changes),
    counts: d.counts,
    // `class` and `change` first: they are what a reader filters on.
    changes: d.changes.map(({ class: cls, change, affects, ...rest }) => ({ class: cls, change, ...rest, affects: affects.map((a) => ({ file: SPEC_FILE, ...a })) })),
  });
}

export function specJson(r: SpecDiffReport): string {
  const sources = Object.fromEntries(
    Object.entries(r.sources).map(([source, s]) => [source, { entries: s.entries, valueMaps: s.valueMaps, coverage: { before: s.coverage.before ?? null, after: s.coverage.after ?? null } }]),
  );
  const changes = Object.values(r.sources).reduce((n, s) => n + s.entries.length + s.valueMaps.length, 0);
  return stableJson({ from: r.from, to: r.to, changes, sources });
}
