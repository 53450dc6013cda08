// JSON for tools (and the JSON files generate writes): exact, since JSON.parse gives back every
// string as it was, and still safe to print: what JSON.stringify leaves raw of the unprintable
// characters (bidi controls, DEL, C1, U+2028/9, zero-width characters) is written as `\uXXXX`.
import { stableJson } from '../io/fsutil.ts';
import { UNPRINTABLE } from './text.ts';

/** `\uXXXX` for every UTF-16 unit of `c` (an astral character is a surrogate pair). */
function jsonEscape(c: string): string {
  let out = '';
  for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

// Tab, LF and CR stay: outside strings they are the layout (JSON.stringify escapes them inside).
const RAW = new RegExp(`(?![\\t\\n\\r])${UNPRINTABLE.source}`, 'gu');

/**
 * JSON (or JS literal) text with its unprintable characters escaped. Only for text that is
 * JSON.stringify's (or a code printer's) output, where such characters occur in strings and
 * comments only, and never right after a lone backslash.
 */
export function escapeUnprintable(json: string): string {
  return json.replace(RAW, jsonEscape);
}

/** `stableJson` for output: two-space indented, one trailing newline, unprintables escaped. */
export function jsonOutput(value: unknown): string {
  return escapeUnprintable(stableJson(value));
}
