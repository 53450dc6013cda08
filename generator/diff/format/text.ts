// diff --format text: for people.
import { classCounts } from '../snapshot-report.ts';
import { sourceChangeCount, type SpecDiffReport } from '../spec-report.ts';
import { CHANGE_CLASSES, type SnapshotDiff } from '../types.ts';
import { changeRows, describeAffects, describeChange, describePlaces, type DiffView } from './describe.ts';
import { coverageCell, coverageKinds, notVendored, revisionName, snapshotListText } from './shared.ts';
import { textLines } from '../../output/text.ts';
import type { ReplayReport } from '../replay/report.ts';
import { exampleWhere, groupCount, groupTitle, replaySummary, shownValue } from './replay.ts';

export function snapshotText(d: SnapshotDiff, view: DiffView = {}): string {
  const out = [
    `${d.source} ${d.from} → ${d.to}`,
    `  ${'kind'.padEnd(16)} ${'before'.padStart(6)} ${'after'.padStart(6)} ${'added'.padStart(6)} ${'removed'.padStart(7)}`,
  ];
  for (const [kind, k] of Object.entries(d.counts))
    out.push(
      `  ${kind.padEnd(16)} ${String(k.before).padStart(6)} ${String(k.after).padStart(6)} ${String(k.added).padStart(6)} ${String(k.removed).padStart(7)}`,
    );
  const counts = classCounts(d.changes);
  for (const cls of CHANGE_CLASSES.filter((c) => !view.only || view.only === c)) {
    const mine = d.changes.filter((c) => c.class === cls);
    if (!mine.length) continue;
    out.push('', `${cls} (${mine.length}):`);
    for (const c of mine) {
      out.push(`  ${describeChange(c)}${c.note ? ` [${c.note}]` : ''}`);
      const places = describePlaces(c);
      if (places) out.push(`    ${places}`);
      const affects = describeAffects(c);
      if (affects) out.push(`    affects ${affects}`);
    }
  }
  out.push(
    '',
    `eventmap diff: ${counts.breaking} breaking, ${counts['needs-mapping']} needs-mapping, ${counts.informational} informational${view.only ? ` (listed: ${view.only} only)` : ''}${d.spec ? '' : ' (no mapping-spec.yaml: nothing classed against it)'}`,
  );
  return textLines(out);
}

export function specText(r: SpecDiffReport): string {
  const out = [`mapping-spec.yaml: ${revisionName(r.from)} → ${revisionName(r.to)}`];
  let total = 0;
  for (const [source, s] of Object.entries(r.sources)) {
    out.push('', source);
    const list = snapshotListText(s.snapshots);
    if (list) out.push(`  ${list}`);
    for (const t of changeRows(s)) {
      out.push(`  ${t.what}: ${t.name}: ${t.before} → ${t.after}`);
      for (const d of t.details) out.push(`    ${d}`);
    }
    total += sourceChangeCount(s);
    if (!sourceChangeCount(s)) out.push('  no changes to the table');
    out.push(`  coverage (mapped/ignored/gap) before → after:`);
    for (const kind of coverageKinds(s))
      out.push(
        `    ${kind.padEnd(16)} ${coverageCell(s.coverage.before, kind)} → ${coverageCell(s.coverage.after, kind)}`,
      );
    for (const [side, versions] of notVendored(s))
      out.push(`    ${side}: snapshot(s) ${versions} not vendored under upstream-schemas/; not counted`);
  }
  if (r.replay) out.push(...replayText(r.replay));
  out.push('', `eventmap diff --spec: ${total} change(s)${r.replay ? `; ${replaySummary(r.replay)}` : ''}`);
  return textLines(out);
}

function replayText(r: ReplayReport): string[] {
  const out = ['', `replay: the recordings in ${r.dir} normalised with each revision's mapping`];
  if (r.skipped) return [...out, `  skipped: ${r.skipped}`];
  for (const [source, s] of Object.entries(r.sources)) {
    out.push(`  ${source} (${s.recordings} recording(s))${s.mappersChanged ? '' : ': mappers unchanged'}`);
    if (s.mappersChanged && !s.groups.length) out.push('    the canonical events are the same');
    for (const g of s.groups) {
      out.push(`    ${groupTitle(g)}: ${groupCount(g)}`);
      out.push(`      e.g. ${exampleWhere(g)}: ${shownValue(g.example.before)} → ${shownValue(g.example.after)}`);
    }
  }
  if (r.unclaimed.length) out.push(`  not replayed (no source's messages found): ${r.unclaimed.join(', ')}`);
  return out;
}
