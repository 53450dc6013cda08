// Text for a terminal or a CI log: every string a snapshot, the spec, traffic or a path supplies is
// shown through `printable`, so a hostile name cannot move the cursor, set the title, erase a line,
// reorder what follows (bidi) or start a log line of its own (`::warning::` in GitHub Actions).
// The other formats (github.ts, markdown.ts, json.ts) build on the same character class.

/**
 * Controls (line breaks, escape sequences, BEL, DEL, C1), format characters (bidi overrides and
 * isolates, zero-width characters), line and paragraph separators, lone surrogates, private-use
 * and unassigned code points; and what shows as nothing or as a blank, so that two names that
 * look the same are told apart: the default-ignorable code points (Hangul fillers U+115F, U+1160,
 * U+3164, U+FFA0, variation selectors, the combining grapheme joiner…), the braille blank U+2800,
 * and every space but U+0020 (no-break, en, em, thin, ideographic…).
 */
export const UNPRINTABLE =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/gu;

/** True when `s` can be shown on a terminal or in a log as it is. */
export function isPrintable(s: string): boolean {
  return s.search(UNPRINTABLE) < 0;
}

/** `s` for a terminal or a log: every unprintable character as a `\u{…}` escape. For display only, never for code. */
export function printable(s: string): string {
  return s.replace(UNPRINTABLE, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

/**
 * A report for a terminal from its lines: each line through `printable`, so only the breaks put
 * here end a line (idempotent: an escaped line has nothing left to escape). Every text printer
 * ends with this.
 */
export function textLines(lines: readonly string[]): string {
  return `${lines.map(printable).join('\n')}\n`;
}
