// The semantic diff of two catalogs of one source: kinds, discriminants, fields of the
// discriminants kept in both, and catalog enums. Pure; classification is classify.ts's job.
import { entryKey } from '../catalog/load.ts';
import { getAtPointer } from '../catalog/json-pointer.ts';
import type { Catalog, CatalogEntry, EntryKind } from '../catalog/types.ts';
import { compareStrings } from '../fsutil.ts';
import { isBelow, parentPath, schemaFields, type FieldMap } from './schema-fields.ts';
import type { FieldScope, KindCount, RawChange } from './types.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

export function diffCatalogs(a: Catalog, b: Catalog): { counts: Record<string, KindCount>; changes: RawChange[] } {
  const changes: RawChange[] = [];
  const byKey = (c: Catalog) => new Map(c.entries.map((e) => [entryKey(e), e]));
  const [ea, eb] = [byKey(a), byKey(b)];
  const kindsA = new Set(a.entries.map((e) => e.kind));
  const kindsB = new Set(b.entries.map((e) => e.kind));
  const counts: Record<string, KindCount> = {};
  for (const kind of [...new Set([...kindsA, ...kindsB])].sort(compareStrings)) {
    const na = a.entries.filter((e) => e.kind === kind).map((e) => e.name);
    const nb = b.entries.filter((e) => e.kind === kind).map((e) => e.name);
    const added = nb.filter((n) => !ea.has(`${kind}:${n}`));
    const removed = na.filter((n) => !eb.has(`${kind}:${n}`));
    counts[kind] = { before: na.length, after: nb.length, added: added.length, removed: removed.length };
    // A kind that disappears (or appears) entirely is one change, not one per discriminant.
    if (!kindsB.has(kind)) changes.push({ change: 'kind-removed', kind, names: na });
    else if (!kindsA.has(kind)) changes.push({ change: 'kind-added', kind, names: nb });
    else {
      for (const name of removed) changes.push({ change: 'discriminant-removed', kind, name, ...renamedNote(ea.get(`${kind}:${name}`)!, b) });
      for (const name of added) changes.push({ change: 'discriminant-added', kind, name });
    }
  }
  for (const [key, x] of ea) {
    const y = eb.get(key);
    if (y) changes.push(...diffEntry(a, x, b, y));
  }
  changes.push(...diffEnums(a, b));
  return { counts, changes };
}

/** A member A could not resolve is named by its type name; when B declares it, say under which name. */
function renamedNote(x: CatalogEntry, b: Catalog): { note?: string } {
  const typeName = x.unresolved ? x.meta?.typeName : undefined;
  const now = typeName ? b.entries.find((e) => e.kind === x.kind && !e.unresolved && e.meta?.typeName === typeName) : undefined;
  return now ? { note: `was unresolved (referenced but never declared); ${typeName} is now declared as \`${now.name}\`` } : {};
}

function diffEntry(a: Catalog, x: CatalogEntry, b: Catalog, y: CatalogEntry): RawChange[] {
  const out = diffFields(x.kind, x.name, 'message', messageFields(a, x), messageFields(b, y));
  const [ra, rb] = [responseFields(a, x), responseFields(b, y)];
  if (ra && rb) out.push(...diffFields(x.kind, x.name, 'response', ra, rb));
  else if (ra) out.push({ change: 'response-removed', kind: x.kind, name: x.name });
  else if (rb) out.push({ change: 'response-added', kind: x.kind, name: x.name });
  return out;
}

/** Fields of an entry's message. A union member also gets the union root's own properties (0.171.0 puts `emittedAtMs` there). */
export function messageFields(c: Catalog, e: CatalogEntry): FieldMap {
  const doc = c.documents[e.document];
  const m = /^(.*)\/(oneOf|anyOf)\/\d+$/.exec(e.pointer);
  const parent = m ? getAtPointer(doc, m[1] || '#') : undefined;
  let extra: Obj | undefined;
  if (isObj(parent) && (parent.properties !== undefined || parent.required !== undefined)) {
    const { oneOf: _o, anyOf: _a, definitions: _d, $defs: _D, ...rest } = parent;
    extra = rest;
  }
  return schemaFields(doc, getAtPointer(doc, e.pointer), extra);
}

/** Fields of the answer to a request (`$` is the answer): Codex `<X>Response.json`, or the pointer of Claude's permission result. */
export function responseFields(c: Catalog, e: CatalogEntry): FieldMap | undefined {
  const pointer = e.meta?.resultPointer;
  const rel = e.meta?.responseDocument ?? (pointer ? e.document : undefined);
  const doc = rel ? c.documents[rel] : undefined;
  return doc === undefined ? undefined : schemaFields(doc, pointer ? getAtPointer(doc, pointer) : doc);
}

function diffFields(kind: EntryKind, name: string, scope: FieldScope, fa: FieldMap, fb: FieldMap): RawChange[] {
  const out: RawChange[] = [];
  const base = { kind, name, scope };
  // Only the topmost added/removed field is reported; what is below it is counted.
  const topmost = (from: FieldMap, to: FieldMap) =>
    [...from.keys()].filter((p) => !to.has(p) && to.has(parentPath(p) ?? '')).map((p) => ({ path: p, subfields: [...from.keys()].filter((q) => isBelow(q, p)).length }));
  for (const { path, subfields } of topmost(fa, fb)) out.push({ change: 'field-removed', ...base, path, before: fa.get(path)!, ...(subfields ? { subfields } : {}) });
  for (const { path, subfields } of topmost(fb, fa)) out.push({ change: 'field-added', ...base, path, after: fb.get(path)!, ...(subfields ? { subfields } : {}) });
  for (const [path, before] of fa) {
    const after = fb.get(path);
    if (!after) continue;
    const both = { ...base, path, before, after };
    if (before.types.join('|') !== after.types.join('|')) out.push({ change: 'field-type-changed', ...both });
    if (before.required !== after.required) out.push({ change: after.required ? 'field-made-required' : 'field-made-optional', ...both });
    if (before.values && after.values) {
      const added = after.values.filter((v) => !before.values!.includes(v));
      const removed = before.values.filter((v) => !after.values!.includes(v));
      if (removed.length) out.push({ change: 'field-values-removed', ...both, values: removed });
      if (added.length) out.push({ change: 'field-values-added', ...both, values: added });
    }
  }
  return out;
}

function diffEnums(a: Catalog, b: Catalog): RawChange[] {
  const out: RawChange[] = [];
  for (const name of [...new Set([...Object.keys(a.enums), ...Object.keys(b.enums)])].sort(compareStrings)) {
    const [x, y] = [a.enums[name], b.enums[name]];
    if (!y) out.push({ change: 'enum-removed', enum: name, values: [...x!.values].sort(compareStrings) });
    else if (!x) out.push({ change: 'enum-added', enum: name, values: [...y.values].sort(compareStrings) });
    else {
      const removed = x.values.filter((v) => !y.values.includes(v)).sort(compareStrings);
      const added = y.values.filter((v) => !x.values.includes(v)).sort(compareStrings);
      if (removed.length) out.push({ change: 'enum-values-removed', enum: name, values: removed });
      if (added.length) out.push({ change: 'enum-values-added', enum: name, values: added });
    }
  }
  return out;
}
