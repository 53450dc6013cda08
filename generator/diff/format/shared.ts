// Bits the diff formats share.
import { compareStrings } from '../../io/fsutil.ts';
import { shortCommit } from '../git.ts';
import type { SourceCoverage } from '../spec-coverage.ts';
import type { SnapshotListChange, SourceSpecDiff, SpecRevision } from '../spec-report.ts';

/** `HEAD~1 (1a2b3c4d5e6f)`, `working tree`, with `(no mapping-spec.yaml)` when it does not exist there. */
export function revisionName(r: SpecRevision): string {
  const name = r.commit ? `${r.label} (${shortCommit(r.commit)})` : r.label;
  return r.exists ? name : `${name} (no mapping-spec.yaml)`;
}

/** `80/7/0`, or `–` when the revision does not map the source. */
export function coverageCell(c: SourceCoverage | undefined, kind: string): string {
  const k = c?.kinds[kind];
  return k ? `${k.mapped}/${k.ignored}/${k.gap}` : '–';
}

/** `snapshots 0.105.0, 0.171.0 → 0.171.0, 0.180.0 (added 0.180.0; removed 0.105.0)`, or undefined when the list did not change. */
export function snapshotListText(s: SnapshotListChange): string | undefined {
  if (!s.added.length && !s.removed.length) return undefined;
  const list = (v: string[] | null) => (v === null ? '— (source not in the table)' : v.length ? v.join(', ') : 'none');
  const what = [
    s.added.length ? `added ${s.added.join(', ')}` : '',
    s.removed.length ? `removed ${s.removed.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return `supported snapshots ${list(s.before)} → ${list(s.after)} (${what})`;
}

/** The kinds counted at either revision. */
export function coverageKinds({ coverage: c }: SourceSpecDiff): string[] {
  return [...new Set([...Object.keys(c.before?.kinds ?? {}), ...Object.keys(c.after?.kinds ?? {})])].sort(
    compareStrings,
  );
}

/** `[side, versions]` for each side whose spec names snapshots upstream-schemas/ does not have. */
export function notVendored({ coverage: c }: SourceSpecDiff): [side: string, versions: string][] {
  return (['before', 'after'] as const).flatMap((side) =>
    c[side]?.missing.length ? [[side, c[side].missing.join(', ')]] : [],
  );
}
