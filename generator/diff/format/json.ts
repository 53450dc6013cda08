// diff --format json: for tools. The shapes are documented in docs/maintainers.md ("diff --format json").
import { jsonOutput } from '../../output/json.ts';
import { classCounts } from '../snapshot-report.ts';
import { sourceChangeCount, type SpecDiffReport } from '../spec-report.ts';
import type { FieldOrigin } from '../../schema/fields.ts';
import { SPEC_FILE, type Change, type Place, type SnapshotDiff } from '../types.ts';
import type { DiffView } from './describe.ts';

export function snapshotJson(d: SnapshotDiff, view: DiffView = {}): string {
  return jsonOutput({
    source: d.source,
    from: d.from,
    to: d.to,
    spec: d.spec ?? null,
    summary: classCounts(d.changes),
    ...(view.only ? { only: view.only } : {}),
    counts: d.counts,
    changes: d.changes.filter((c) => !view.only || c.class === view.only).map(jsonChange),
  });
}

/** `class` and `change` first (what a reader filters on); a shared definition's origin as `definition`. */
function jsonChange(c: Change): Record<string, unknown> {
  const { class: cls, change, affects, ...rest } = c;
  const { origin, places, ...fields } = rest as typeof rest & { origin?: FieldOrigin; places?: Place[] };
  const shared = places && origin ? { definition: { name: origin.definition, path: origin.path }, places } : {};
  return { class: cls, change, ...fields, ...shared, affects: affects.map((a) => ({ file: SPEC_FILE, ...a })) };
}

export function specJson(r: SpecDiffReport): string {
  const sources = Object.fromEntries(
    Object.entries(r.sources).map(([source, s]) => [
      source,
      {
        snapshots: s.snapshots,
        entries: s.entries,
        valueMaps: s.valueMaps,
        coverage: { before: s.coverage.before ?? null, after: s.coverage.after ?? null },
      },
    ]),
  );
  const changes = Object.values(r.sources).reduce((n, s) => n + sourceChangeCount(s), 0);
  return jsonOutput({ from: r.from, to: r.to, changes, sources, ...(r.replay ? { replay: r.replay } : {}) });
}
