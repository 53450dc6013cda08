// The line:col of a JSON pointer (./pointer.ts) in a document's source text, for error messages:
// found through the yaml parser, which keeps source ranges. Apart from pointer.ts, which most of
// the generator imports, so that only what can report such an error loads the parser.
import { isNode, parseDocument } from 'yaml';
import { lineColAt } from '../shared/diagnostics.ts';
import { pointerSegments } from './pointer.ts';

/** 1-based line:col of the value at `pointer` in JSON text, or of the nearest ancestor found. */
export function locatePointer(text: string, pointer: string): { line: number; col: number } {
  try {
    const doc = parseDocument(text, { keepSourceTokens: false, uniqueKeys: false });
    const segs = pointerSegments(pointer);
    for (let n = segs.length; n >= 0; n--) {
      const path = segs.slice(0, n).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
      const node = n === 0 ? doc.contents : doc.getIn(path, true);
      if (isNode(node) && node.range) return lineColAt(text, node.range[0]);
    }
  } catch {
    // fall through: the text is not even parseable, report its start
  }
  return { line: 1, col: 1 };
}
