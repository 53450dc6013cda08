// The fields of an upstream message in mapping-spec path syntax (`$.a.b[0]`), for the hints that
// name a nearest path and for `eventmap suggest`. Built on the diff's schema flattening.
import { getAtPointer } from '../schema/pointer.ts';
import type { Catalog } from '../catalog/types.ts';
import { schemaFields, type FieldInfo } from '../schema/fields.ts';

/** Every field below the message root at `pointer` of `document`, keyed by spec path; `$` itself left out. */
export function specFields(catalog: Catalog, document: string, pointer: string): Map<string, FieldInfo> {
  const doc = catalog.documents[document];
  const out = new Map<string, FieldInfo>();
  for (const [path, info] of schemaFields(doc, getAtPointer(doc, pointer))) {
    const spec = toSpecPath(path);
    if (spec !== undefined && spec !== '$') out.set(spec, info);
  }
  return out;
}

/** `$.items[].id` → `$.items[0].id`; undefined for what a spec path cannot say (`.*`, names with `.` or brackets). */
export function toSpecPath(fieldPath: string): string | undefined {
  let out = '';
  for (const m of fieldPath.slice(1).matchAll(/\.([A-Za-z_$][\w$-]*)|\[\]|\.\*|\["((?:[^"\\]|\\.)*)"\]/g)) {
    if (m[0] === '[]') out += '[0]';
    else if (m[0] === '.*') return undefined;
    else if (m[1] !== undefined) out += `.${m[1]}`;
    else {
      const name = JSON.parse(`"${m[2]!}"`) as string;
      if (/[.[\]]/.test(name) || name === '') return undefined;
      out += `.${name}`;
    }
  }
  return `$${out}`;
}

/** The last property name of a spec path (`$.params.turnId` → `turnId`). */
export function lastName(path: string): string {
  return /\.([^.[\]]+)(?:\[\d+\])*$/.exec(path)?.[1] ?? '';
}

/** Property names and indexes below `$`: `$.params.threadId` → 2, `$.a[0]` → 2. */
export function pathDepth(path: string): number {
  return path.split(/\.|\[/).length - 1;
}
