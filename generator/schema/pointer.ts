// JSON pointers (RFC 6901) into parsed documents, and their line:col in the source text
// (found lazily through the yaml parser, which keeps source ranges; only used on error paths).
import { isNode, parseDocument } from 'yaml';
import { lineColAt } from '../diagnostics.ts';

/** One reference token escaped (`~` → `~0`, `/` → `~1`), and back; `~1` is undone before `~0`. */
export const escapeSegment = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');
export const unescapeSegment = (s: string): string => s.replace(/~1/g, '/').replace(/~0/g, '~');

export function pointerSegments(pointer: string): string[] {
  const body = pointer.replace(/^#/, '');
  if (body === '' || body === '/') return [];
  return body.slice(1).split('/').map(unescapeSegment);
}

export function joinPointer(base: string, ...segments: (string | number)[]): string {
  const escaped = segments.map((s) => escapeSegment(String(s)));
  return `${base.replace(/\/$/, '')}/${escaped.join('/')}`;
}

/** `Foo` for `#/definitions/Foo` (or `#/$defs/Foo`), else undefined. */
export function definitionName(pointer: string): string | undefined {
  const m = /^#\/(?:definitions|\$defs)\/([^/]+)$/.exec(pointer);
  return m ? unescapeSegment(m[1]!) : undefined;
}

export function getAtPointer(doc: unknown, pointer: string): unknown {
  let cur: unknown = doc;
  for (const seg of pointerSegments(pointer)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

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
