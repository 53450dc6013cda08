// The semantic diff of two catalogs of one source: kinds, discriminants, fields of the
// discriminants kept in both, and catalog enums. Pure; classification is classify.ts's job.
import { entryKey } from '../catalog/load.ts';
import { responseSchema } from '../catalog/response.ts';
import { getAtPointer } from '../schema/pointer.ts';
import type { Catalog, CatalogEntry, EntryKind } from '../catalog/types.ts';
import { compareStrings } from '../io/fsutil.ts';
import { memberSlot } from '../schema/branches.ts';
import { isBelow, parentPath } from '../schema/field-path.ts';
import { refName, schemaFields, type FieldInfo, type FieldMap } from '../schema/fields.ts';
import type { FieldScope, KindCount, RawChange } from './types.ts';
import { isObj, type Obj } from '../schema/object.ts';

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
      const renames = likelyRenames(a, b, kind, removed, added);
      for (const name of removed) {
        const r = renames.get(name);
        const note = r
          ? { note: `renamed to \`${r.to}\`? ${Math.round(r.likeness * 100)}% of the message's fields are the same` }
          : renamedNote(ea.get(`${kind}:${name}`)!, b);
        changes.push({ change: 'discriminant-removed', kind, name, ...note });
      }
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

/** Fields that say nothing of what a message is (every ACP message has `_meta`). */
const UNTELLING = new Set(['$', '$._meta']);
/** How alike two messages' fields must be (shared / all) for a removal and an addition to read as one rename. */
const RENAME_LIKENESS = 0.75;

/**
 * Discriminants of `kind` that went and came in one release as one: a name sharing a word with the
 * old one (split at `/` and `_`), for a message with mostly the same fields (ACP 0.19.0:
 * `session/elicitation` → `elicitation/create`). A message with no telling field (an empty
 * answer) is never paired, and neither is one two added names fit equally well.
 */
function likelyRenames(
  a: Catalog,
  b: Catalog,
  kind: string,
  removed: string[],
  added: string[],
): Map<string, { to: string; likeness: number }> {
  const fieldsOf = (c: Catalog, name: string) => {
    const e = c.entries.find((x) => x.kind === kind && x.name === name)!;
    return new Set([...messageFields(c, e).keys()].filter((f) => !UNTELLING.has(f)));
  };
  const words = (name: string) => new Set(name.split(/[/_]/).filter(Boolean));
  const out = new Map<string, { to: string; likeness: number }>();
  for (const name of removed) {
    const fx = fieldsOf(a, name);
    if (fx.size === 0) continue;
    const wx = words(name);
    const scored = added.flatMap((to) => {
      if (![...words(to)].some((w) => wx.has(w))) return [];
      const fy = fieldsOf(b, to);
      const shared = [...fx].filter((f) => fy.has(f)).length;
      const likeness = shared / (fx.size + fy.size - shared);
      return likeness >= RENAME_LIKENESS ? [{ to, likeness }] : [];
    });
    scored.sort((p, q) => q.likeness - p.likeness || compareStrings(p.to, q.to));
    if (scored.length && (scored.length === 1 || scored[0]!.likeness > scored[1]!.likeness)) out.set(name, scored[0]!);
  }
  return out;
}

/** A member A could not resolve is named by its type name; when B declares it, say under which name. */
function renamedNote(x: CatalogEntry, b: Catalog): { note?: string } {
  const typeName = x.unresolved ? x.meta?.typeName : undefined;
  const now = typeName
    ? b.entries.find((e) => e.kind === x.kind && !e.unresolved && e.meta?.typeName === typeName)
    : undefined;
  return now
    ? { note: `was unresolved (referenced but never declared); ${typeName} is now declared as \`${now.name}\`` }
    : {};
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
  const rootPointer = memberSlot(e.pointer)?.container;
  const parent = rootPointer ? getAtPointer(doc, rootPointer) : undefined;
  let extra: Obj | undefined;
  if (isObj(parent) && (parent.properties !== undefined || parent.required !== undefined)) {
    const { oneOf: _o, anyOf: _a, definitions: _d, $defs: _D, ...rest } = parent;
    extra = rest;
  }
  // An inline union member is its entry's own; a named one (`#/definitions/X`) may serve several entries.
  const own = refName(e.pointer) !== e.pointer ? refName(e.pointer) : `${e.kind} ${e.name}`;
  return schemaFields(doc, getAtPointer(doc, e.pointer), extra, {
    schema: own,
    extra: rootPointer && rootPointer !== '#' ? refName(rootPointer) : documentName(e.document),
  });
}

/** Fields of the answer to a request (`$` is the answer; catalog/response.ts). */
export function responseFields(c: Catalog, e: CatalogEntry): FieldMap | undefined {
  const r = responseSchema(c, e);
  return r && schemaFields(r.doc, r.schema, undefined, { schema: r.type });
}

/** `ServerNotification` for `ServerNotification.json` (a document is its root type). */
const documentName = (rel: string) => rel.replace(/^.*\//, '').replace(/\.json$/, '');

function diffFields(kind: EntryKind, name: string, scope: FieldScope, fa: FieldMap, fb: FieldMap): RawChange[] {
  const out: RawChange[] = [];
  const base = { kind, name, scope };
  // Only the topmost added/removed field is reported; what is below it is counted.
  const topmost = (from: FieldMap, to: FieldMap) =>
    [...from].flatMap(([path, { origin, ...info }]) => {
      if (to.has(path) || !to.has(parentPath(path) ?? '')) return [];
      const subfields = [...from.keys()].filter((q) => isBelow(q, path)).length;
      return [{ path, info, ...(subfields ? { subfields } : {}), ...(origin ? { origin } : {}) }];
    });
  for (const { path, info, ...rest } of topmost(fa, fb))
    out.push({ change: 'field-removed', ...base, path, before: info, ...rest });
  for (const { path, info, ...rest } of topmost(fb, fa))
    out.push({ change: 'field-added', ...base, path, after: info, ...rest });
  for (const [path, x] of fa) {
    if (!fb.has(path)) continue;
    const [{ origin: ox, ...before }, { origin: oy, ...after }] = [x, fb.get(path)!];
    // The same definition on both sides, or none: a change of a shared definition is grouped later.
    const same = ox && oy && ox.definition === oy.definition && ox.path === oy.path;
    const both = { ...base, path, before, after, ...(same ? { origin: oy } : {}) };
    if (before.types.join('|') !== after.types.join('|')) out.push({ change: 'field-type-changed', ...both });
    if (before.required !== after.required)
      out.push({ change: after.required ? 'field-made-required' : 'field-made-optional', ...both });
    out.push(...valueChanges(before, after).map((v) => ({ ...both, ...v })));
  }
  return out;
}

/**
 * Named string values added or removed, and a closed set that became open (accepts other strings
 * too) or the reverse. A plain string counts as open with no names, so `string` → `enum` closes it
 * and names values; named values that vanish into a plain string are not "removed".
 */
function valueChanges(
  before: FieldInfo,
  after: FieldInfo,
): {
  change: 'field-values-added' | 'field-values-removed' | 'field-values-opened' | 'field-values-closed';
  values?: string[];
}[] {
  const stringy = (f: FieldInfo) => f.values !== undefined || f.types.includes('string');
  if (!stringy(before) || !stringy(after)) return [];
  const [nb, na] = [before.values ?? [], after.values ?? []];
  const [openB, openA] = [!before.values || before.open === true, !after.values || after.open === true];
  const out: ReturnType<typeof valueChanges> = [];
  const removed = na.length || !openA ? nb.filter((v) => !na.includes(v)) : [];
  const added = na.filter((v) => !nb.includes(v));
  if (removed.length) out.push({ change: 'field-values-removed', values: removed });
  if (added.length) out.push({ change: 'field-values-added', values: added });
  if (openB !== openA) out.push({ change: openA ? 'field-values-opened' : 'field-values-closed' });
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
      if (!x.open !== !y.open)
        out.push({
          change: y.open ? 'enum-opened' : 'enum-closed',
          enum: name,
          values: [...y.values].sort(compareStrings),
        });
    }
  }
  return out;
}
