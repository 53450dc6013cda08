// diff --format markdown: a pull-request comment.
import { compareStrings } from '../../fsutil.ts';
import { classCounts } from '../snapshot-report.ts';
import type { SpecDiffReport } from '../spec-report.ts';
import { CHANGE_CLASSES, type SnapshotDiff } from '../types.ts';
import { describeAffects, describeChange, entryChangeText, valueMapChangeText } from './describe.ts';
import { coverageCell, revisionName } from './shared.ts';
import { mdCell } from '../../markdown.ts';

/** Table cells: no pipes or newlines. */
const cell = mdCell;

export function snapshotMarkdown(d: SnapshotDiff): string {
  const counts = classCounts(d.changes);
  const out = [
    `### eventmap diff: ${d.source} ${d.from} → ${d.to}`,
    '',
    `**${counts.breaking} breaking**, **${counts['needs-mapping']} needs-mapping**, ${counts.informational} informational`,
    '',
    '| kind | before | after | added | removed |',
    '|---|---:|---:|---:|---:|',
    ...Object.entries(d.counts).map(([kind, k]) => `| ${kind} | ${k.before} | ${k.after} | ${k.added} | ${k.removed} |`),
  ];
  for (const cls of CHANGE_CLASSES) {
    const mine = d.changes.filter((c) => c.class === cls);
    if (!mine.length) continue;
    // Informational changes are many and rarely need action: folded.
    const fold = cls === 'informational';
    out.push('', fold ? `<details><summary>${cls} (${mine.length})</summary>` : `#### ${cls} (${mine.length})`, '', '| change | affects |', '|---|---|');
    for (const c of mine) out.push(`| ${cell(describeChange(c) + (c.note ? ` (${c.note})` : ''))} | ${cell(describeAffects(c)) || '—'} |`);
    if (fold) out.push('', '</details>');
  }
  return `${out.join('\n')}\n`;
}

export function specMarkdown(r: SpecDiffReport): string {
  const out = [`### eventmap diff --spec: ${revisionName(r.from)} → ${revisionName(r.to)}`];
  for (const [source, s] of Object.entries(r.sources)) {
    out.push('', `#### ${source}`, '');
    if (s.entries.length || s.valueMaps.length) {
      out.push('| change | what | before | after | details |', '|---|---|---|---|---|');
      for (const t of [...s.entries.map(entryChangeText), ...s.valueMaps.map(valueMapChangeText)]) {
        out.push(`| ${t.what} | \`${cell(t.name)}\` | ${cell(t.before)} | ${cell(t.after)} | ${t.details.map((d) => cell(d)).join('<br>') || ''} |`);
      }
    } else out.push('No changes to the table.');
    const kinds = [...new Set([...Object.keys(s.coverage.before?.kinds ?? {}), ...Object.keys(s.coverage.after?.kinds ?? {})])].sort(compareStrings);
    out.push('', '| coverage (mapped / ignored / gap) | before | after |', '|---|---|---|');
    for (const kind of kinds) out.push(`| ${kind} | ${coverageCell(s.coverage.before, kind)} | ${coverageCell(s.coverage.after, kind)} |`);
    for (const [side, c] of [['before', s.coverage.before], ['after', s.coverage.after]] as const) {
      if (c?.missing.length) out.push('', `_${side}: snapshot(s) ${c.missing.join(', ')} not vendored under upstream-schemas/; not counted._`);
    }
  }
  return `${out.join('\n')}\n`;
}
