// Where `eventmap suggest`'s review markers (./review.ts) are in mapping-spec.yaml: comments, not
// quoted text, so the yaml library's lexer finds them. Loaded by check only for a spec whose text
// holds the marker at all; a check of any other spec does not load the yaml library.
import { Lexer } from 'yaml';
import { lineColAt } from '../shared/diagnostics.ts';
import { REVIEW_MARKER } from './review.ts';
import type { Loc } from './types.ts';

// Lexer tokens that stand for structure, not source text.
const CONTROL = new Set(['\u0002', '\u0018', '\u001f']);

/** Where the review markers are: comments (not quoted text) containing REVIEW_MARKER. */
export function reviewMarkers(text: string, file: string): Loc[] {
  const out: Loc[] = [];
  let offset = 0;
  for (const token of new Lexer().lex(text)) {
    if (CONTROL.has(token)) continue;
    if (token.startsWith('#') && token.includes(REVIEW_MARKER)) out.push({ file, ...lineColAt(text, offset) });
    offset += token.length;
  }
  return out;
}
