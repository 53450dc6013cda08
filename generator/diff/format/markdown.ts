// diff --format markdown: a pull-request comment.
import { classCounts } from '../snapshot-report.ts';
import type { SpecDiffReport } from '../spec-report.ts';
import { CHANGE_CLASSES, type SnapshotDiff } from '../types.ts';
import { changeRows, describeAffects, describeChange, describePlaces, type DiffView } from './describe.ts';
import { coverageCell, coverageKinds, notVendored, revisionName, snapshotListText } from './shared.ts';
import { mdCode, mdProse, mdSpan } from '../../output/markdown.ts';
import type { ReplayReport } from '../replay/report.ts';
import { exampleWhere, groupCount, replaySummary, shownValue } from './replay.ts';

// Names from the snapshots and the spec go in code spans (`mdSpan`); each cell, names and
// eventmap's words together, goes through `mdProse`: one line, pipes escaped, no HTML or link.
const cell = mdProse;

/** GitHub refuses a comment over 65,536 characters; this leaves room for a heading around it. */
export const MARKDOWN_LIMIT = 60_000;

/** Places of a shared definition listed per row; the JSON has them all. */
const MAX_PLACES = 10;

export function snapshotMarkdown(d: SnapshotDiff, view: DiffView = {}): string {
  const limit = view.limit ?? MARKDOWN_LIMIT;
  const counts = classCounts(d.changes);
  const head = [
    `### eventmap diff: ${mdProse(`${d.source} ${d.from} → ${d.to}`)}`,
    '',
    `**${counts.breaking} breaking**, **${counts['needs-mapping']} needs-mapping**, ${counts.informational} informational${view.only ? ` (listing ${view.only} only)` : ''}`,
    '',
    '| kind | before | after | added | removed |',
    '|---|---:|---:|---:|---:|',
    ...Object.entries(d.counts).map(
      ([kind, k]) => `| ${kind} | ${k.before} | ${k.after} | ${k.added} | ${k.removed} |`,
    ),
  ].join('\n');
  const sections = CHANGE_CLASSES.filter((cls) => !view.only || view.only === cls).flatMap((cls) => {
    const mine = d.changes.filter((c) => c.class === cls);
    if (!mine.length) return [];
    // Informational changes are many and rarely need action: folded.
    const fold = cls === 'informational';
    return [
      {
        cls,
        open: [
          '',
          fold ? `<details><summary>${cls} (${mine.length})</summary>` : `#### ${cls} (${mine.length})`,
          '',
          '| change | affects |',
          '|---|---|',
        ],
        rows: mine.map(
          (c) =>
            `| ${cell([describeChange(c, mdSpan) + (c.note ? ` (${c.note})` : ''), describePlaces(c, MAX_PLACES, mdSpan)].filter(Boolean).join('; '))} | ${cell(describeAffects(c, mdSpan)) || '—'} |`,
        ),
        close: fold ? ['', '</details>'] : [],
      },
    ];
  });
  // Rows go in class order (breaking first) while they fit; a section that loses rows says how
  // many and which command lists them, so nothing is left out silently.
  const leftOut = (cls: string, n: number) => [
    '',
    `_${n} more ${cls} change(s) left out to keep this comment under ${limit} characters: ${mdSpan(`${view.command ?? 'eventmap diff <source>@A <source>@B'} --only ${cls} --format text`)} lists them all._`,
  ];
  const size = (lines: string[]) => lines.reduce((n, l) => n + l.length + 1, 0);
  let budget =
    limit -
    1 -
    size([head]) -
    sections.reduce((n, sec) => n + size(sec.open) + size(sec.close) + size(leftOut(sec.cls, sec.rows.length)), 0);
  const out = [head];
  for (const sec of sections) {
    out.push(...sec.open);
    let shown = 0;
    for (const row of sec.rows) {
      if (row.length + 1 > budget) break;
      out.push(row);
      budget -= row.length + 1;
      shown++;
    }
    if (shown < sec.rows.length) out.push(...leftOut(sec.cls, sec.rows.length - shown));
    out.push(...sec.close);
  }
  return `${out.join('\n')}\n`;
}

export function specMarkdown(r: SpecDiffReport): string {
  const out = [`### eventmap diff --spec: ${cell(`${revisionName(r.from)} → ${revisionName(r.to)}`)}`];
  for (const [source, s] of Object.entries(r.sources)) {
    out.push('', `#### ${source}`, '');
    const list = snapshotListText(s.snapshots);
    if (list) out.push(`${cell(list)}`, '');
    if (s.entries.length || s.valueMaps.length) {
      out.push('| change | what | before | after | details |', '|---|---|---|---|---|');
      for (const t of changeRows(s)) {
        out.push(
          `| ${t.what} | ${mdCode(t.name)} | ${cell(t.before)} | ${cell(t.after)} | ${t.details.map((d) => cell(d)).join('<br>') || ''} |`,
        );
      }
    } else if (!list) out.push('No changes to the table.');
    out.push('', '| coverage (mapped / ignored / gap) | before | after |', '|---|---|---|');
    for (const kind of coverageKinds(s))
      out.push(`| ${kind} | ${coverageCell(s.coverage.before, kind)} | ${coverageCell(s.coverage.after, kind)} |`);
    for (const [side, versions] of notVendored(s))
      out.push('', `_${side}: snapshot(s) ${cell(versions)} not vendored under upstream-schemas/; not counted._`);
  }
  if (r.replay) out.push(...replayMarkdown(r.replay));
  return `${out.join('\n')}\n`;
}

/** Rows of the replay table kept in a comment; the text and JSON formats list them all. */
const MAX_REPLAY_ROWS = 100;

function replayMarkdown(r: ReplayReport): string[] {
  const out = ['', '#### Replay of the recordings', '', cell(`${replaySummary(r)}.`)];
  const rows = Object.entries(r.sources).flatMap(([source, s]) => s.groups.map((g) => ({ source, g })));
  if (rows.length) {
    out.push('', '| source | change | events | example | before | after |', '|---|---|---|---|---|---|');
    for (const { source, g } of rows.slice(0, MAX_REPLAY_ROWS))
      out.push(
        `| ${source} | ${mdCode(g.type)} ${g.field === null ? 'event' : mdCode(g.field)} ${g.change} | ${groupCount(g)} | ${mdCode(exampleWhere(g))} | ${mdCode(shownValue(g.example.before))} | ${mdCode(shownValue(g.example.after))} |`,
      );
    if (rows.length > MAX_REPLAY_ROWS)
      out.push(
        '',
        `_${rows.length - MAX_REPLAY_ROWS} more change(s) left out: ${mdSpan('eventmap diff --spec --format text')} lists them all._`,
      );
  }
  if (r.unclaimed.length) out.push('', `_Not replayed (no source's messages found): ${cell(r.unclaimed.join(', '))}._`);
  return out;
}
