// JSON pointers (RFC 6901) into parsed documents. Their line:col in the source text is
// ./locate-pointer.ts, which loads the yaml parser (only error paths need it).

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
