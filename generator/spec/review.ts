// What `eventmap suggest` leaves for a person: the marker comment on every draft it writes, and
// the TODO placeholder in the `ignore:` reason of a draft it could not map. `check` names both:
// placeholders fail it (a decision is missing), markers are notices (a draft awaits a reviewer,
// who deletes the comment).
import { Lexer } from 'yaml';
import { lineColAt } from '../diagnostics.ts';
import type { Loc } from './types.ts';

export const REVIEW_MARKER = 'eventmap suggest: review';
export const PLACEHOLDER = 'TODO(eventmap suggest):';

/** An `ignore:` reason nobody has written yet. */
export function isPlaceholder(reason: string): boolean {
  return /^TODO\b/.test(reason.trim());
}

// Lexer tokens that stand for structure, not source text.
const CONTROL = new Set(['\u0002', '\u0018', '\u001f']);

/** Where the review markers are: comments (not quoted text) containing REVIEW_MARKER. */
export function reviewMarkers(text: string, file: string): Loc[] {
  const out: Loc[] = [];
  // Most specs hold no marker at all; lexing 65 KB to learn that was a sixth of a check.
  if (!text.includes(REVIEW_MARKER)) return out;
  let offset = 0;
  for (const token of new Lexer().lex(text)) {
    if (CONTROL.has(token)) continue;
    if (token.startsWith('#') && token.includes(REVIEW_MARKER)) out.push({ file, ...lineColAt(text, offset) });
    offset += token.length;
  }
  return out;
}
