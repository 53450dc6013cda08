// Markdown for pull-request comments and generated/COVERAGE.md. A name goes in a code span whose
// fence no backtick inside can close; prose keeps its own code spans and has everything outside
// them neutralised (HTML, entities, links); every piece is one table-safe line (pipes escaped,
// unprintables as `\u{…}`, as on a terminal).
import { printable } from './text.ts';

const pipes = (s: string) => s.replace(/\|/g, '\\|');
/** Prose is one line: a line break reads as a space, the rest as on a terminal. */
const oneLine = (s: string) => printable(s.replace(/[\r\n\u2028\u2029]+/g, ' '));

/** Text inside a table cell, as it is (for eventmap's own words and checked names). */
export function mdCell(text: string): string {
  return pipes(oneLine(text));
}

/** The longest run of backticks in `text` (0: none): a fence one longer cannot be closed by the text. */
export const longestBackticks = (text: string): number =>
  Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));

/** A name, shown exactly (but for unprintables), in a code span; for a table cell, `mdCode`. */
export function mdSpan(text: string): string {
  const shown = printable(text);
  const fence = '`'.repeat(longestBackticks(shown) + 1);
  const pad = shown.startsWith('`') || shown.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${shown}${pad}${fence}`;
}

/** `mdSpan`, table-safe. */
export function mdCode(text: string): string {
  return pipes(mdSpan(text));
}

/** Outside code spans: no tag, entity, autolink, link or image can start. */
const NEUTRAL: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '[': '\\[', ']': '\\]' };
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;

/**
 * A message (eventmap's words around names in backticks) as table-safe Markdown. Code spans are
 * found as CommonMark finds them (a backtick run closed by the next run of the same length; a
 * backslash-escaped backtick opens none), so a name whose backticks end its span early leaves the
 * rest as prose, which is neutralised.
 */
export function mdProse(text: string): string {
  const s = oneLine(text);
  let out = '';
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '\\' && i + 1 < s.length && ASCII_PUNCTUATION.test(s[i + 1]!)) {
      // An escaped character is literal text (an escaped pipe is one for the table too).
      out += s.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (c === '`') {
      const open = /^`+/.exec(s.slice(i))![0].length;
      const close = closingRun(s, i + open, open);
      const end = close < 0 ? i + open : close + open;
      out += pipes(s.slice(i, end));
      i = end;
      continue;
    }
    out += c === '|' ? '\\|' : (NEUTRAL[c] ?? c);
    i++;
  }
  return out;
}

/** Index of the next run of exactly `n` backticks at or after `from`, or -1. */
function closingRun(s: string, from: number, n: number): number {
  const runs = /`+/g;
  runs.lastIndex = from;
  for (let m = runs.exec(s); m; m = runs.exec(s)) if (m[0].length === n) return m.index;
  return -1;
}
