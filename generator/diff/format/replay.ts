// The replay section of `diff --spec` in words, shared by the text and Markdown formats.
import type { Json, LineRef } from '../replay/compare.ts';
import type { ReplayGroup, ReplayReport } from '../replay/report.ts';

/** Characters of a value shown in an example; the JSON format has it whole. */
const SHOWN = 160;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `turn.plan.updated payload.explanation removed`, `item.completed event added`. */
export function groupTitle(g: ReplayGroup): string {
  return `${g.type} ${g.field ?? 'event'} ${g.change}`;
}

/** `2 events in 2 recordings`. */
export function groupCount(g: ReplayGroup): string {
  return `${plural(g.events, 'event')} in ${plural(g.recordings.length, 'recording')}`;
}

export function lineName(line: LineRef): string {
  return line === 'end' ? 'end' : String(line);
}

/** A value of an example, as JSON cut to a readable length; `(absent)` when a side has none. */
export function shownValue(value: Json | undefined): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
}

/** `codex-app-server/0.105.0/capture.both.jsonl:407` (`:end`: what end() closed). */
export function exampleWhere(g: ReplayGroup): string {
  return `${g.example.file}:${lineName(g.example.line)}`;
}

/** The sentence under the per-source lists. */
export function replaySummary(r: ReplayReport): string {
  if (r.skipped) return `replay of ${r.dir}: skipped (${r.skipped})`;
  const count = Object.values(r.sources).reduce((n, s) => n + s.recordings, 0);
  const groups = Object.values(r.sources).reduce((n, s) => n + s.groups.length, 0);
  const events = Object.values(r.sources).reduce((n, s) => n + s.groups.reduce((m, g) => m + g.events, 0), 0);
  return groups
    ? `replay of ${plural(count, 'recording')} in ${r.dir}: ${plural(groups, 'change')} to the canonical events (${plural(events, 'event change')})`
    : `replay of ${plural(count, 'recording')} in ${r.dir}: the canonical events are the same`;
}
