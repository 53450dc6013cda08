// Catalog entries of a TypeScript-sourced snapshot (claude-agent-sdk, codex-sdk): surface.json says
// where the unions are, the JSON Schema document says what each member pins. Every member is
// kept: a member the declarations never declare is an `unresolved` entry named by its type name.
import { definitionName, getAtPointer, joinPointer } from '../schema/pointer.ts';
import { withFlag, withSubtype } from '../../runtime/sources/discriminant.ts';
import { isObj } from '../schema/object.ts';
import { stringLiterals, unionLeaves } from '../schema/unions.ts';
import type { SnapshotReader } from './snapshot-files.ts';
import { SURFACE, type Surface, type SurfaceUnion } from '../upstream/surface-format.ts';
import { readSurface } from './surface.ts';
import type { CatalogEntry, CatalogEnum, CatalogParts } from './types.ts';

const redo = (reader: SnapshotReader) =>
  `restore the snapshot from git, or re-create it with \`eventmap upstream add ${reader.source}@<version>\``;

/**
 * surface.json plus its schema document (whose `$ref`s the reader checked: catalog/schema-checks.ts),
 * with a union of each of `kinds`; the entries of every union, and the string enums named by `enumPattern`.
 */
export function readTsSnapshot(
  reader: SnapshotReader,
  kinds: readonly string[],
  enumPattern: RegExp,
): CatalogParts & { surface: Surface; doc: unknown } {
  const surface = readSurface(reader);
  for (const kind of kinds)
    if (!surface.unions.some((u) => u.kind === kind))
      throw reader.error(
        SURFACE,
        '/unions',
        'snapshot/missing-union',
        `surface.json lists no ${kind} union`,
        redo(reader),
      );
  const doc = reader.read(surface.schema);
  const entries = surface.unions.flatMap((u) => unionEntries(reader, surface, doc, u));
  return { surface, doc, entries, enums: stringEnums(surface, doc, enumPattern) };
}

interface Draft extends CatalogEntry {
  /** Properties pinned to `true` that the member requires (e.g. `isReplay`), for telling same-named members apart. */
  flags: string[];
}

/** One entry per discriminant value of the union (a member pinning several `subtype`s gives several). */
function unionEntries(reader: SnapshotReader, surface: Surface, doc: unknown, union: SurfaceUnion): CatalogEntry[] {
  const rel = surface.schema;
  const leaves = unionLeaves(doc, union.pointer);
  if (!leaves) {
    throw reader.error(
      rel,
      union.pointer,
      'snapshot/missing-union',
      `${union.type}: expected an anyOf/oneOf union here (surface.json names it)`,
      redo(reader),
    );
  }
  checkMembers(reader, surface, union, [...new Map(leaves.map((l) => [l.index, l.top])).values()]);
  const unresolved = new Map(surface.unresolved.map((u) => [u.name, u]));
  const drafts: Draft[] = [];
  for (const leaf of leaves) {
    const typeName = definitionName(leaf.pointer);
    const meta: Record<string, string> = typeName ? { typeName } : {};
    const top = definitionName(leaf.top);
    if (union.members && top) meta.member = top;
    const missing = typeName ? unresolved.get(typeName) : undefined;
    if (missing && typeName) {
      drafts.push({
        kind: union.kind,
        name: typeName,
        document: rel,
        pointer: leaf.pointer,
        unresolved: true,
        meta: { ...meta, declaredAt: `${missing.file}:${missing.line}` },
        flags: [],
      });
      continue;
    }
    const schema = getAtPointer(doc, leaf.pointer);
    const props = isObj(schema) && isObj(schema.properties) ? schema.properties : {};
    const types = stringLiterals(props[union.discriminant]);
    if (types.length !== 1) {
      throw reader.error(
        rel,
        leaf.pointer,
        'snapshot/undiscriminated-union',
        `${union.type}: member ${typeName ?? leaf.pointer} does not pin \`${union.discriminant}\` to one string, so the union is not discriminated`,
        `each member must pin \`${union.discriminant}\` with const or a one-value enum; ${redo(reader)}`,
      );
    }
    const subs = union.subDiscriminant ? stringLiterals(props[union.subDiscriminant]) : [];
    const required = isObj(schema) && Array.isArray(schema.required) ? schema.required : [];
    const flags = Object.keys(props).filter((p) => isObj(props[p]) && props[p].const === true && required.includes(p));
    for (const name of subs.length ? subs.map((s) => withSubtype(types[0]!, s)) : [types[0]!]) {
      drafts.push({ kind: union.kind, name, document: rel, pointer: leaf.pointer, meta, flags });
    }
  }
  return disambiguate(drafts);
}

/**
 * Members that share a discriminant. SDKMessage has `user` twice: SDKUserMessage and
 * SDKUserMessageReplay, which alone requires `isReplay: true`. They are not merged (their shapes
 * differ and a mapping may treat a replay differently): the member without a flag keeps the plain
 * name, a flagged one becomes `<name>[<flag>]` (`user[isReplay]`), a name the runtime can test.
 * Anything still shared falls back to `<name>(<TypeName>)`, so no member ever disappears.
 */
function disambiguate(drafts: Draft[]): CatalogEntry[] {
  const count = new Map<string, number>();
  for (const d of drafts) count.set(d.name, (count.get(d.name) ?? 0) + 1);
  const renamed = drafts.map((d) =>
    (count.get(d.name) ?? 0) > 1 && d.flags.length ? { ...d, name: withFlag(d.name, d.flags[0]!) } : d,
  );
  const again = new Map<string, number>();
  for (const d of renamed) again.set(d.name, (again.get(d.name) ?? 0) + 1);
  return renamed.map(({ flags: _flags, ...d }) =>
    (again.get(d.name) ?? 0) > 1 && d.meta?.typeName ? { ...d, name: `${d.name}(${d.meta.typeName})` } : d,
  );
}

/** The union's direct members in the schema must be the ones surface.json lists. */
function checkMembers(reader: SnapshotReader, surface: Surface, union: SurfaceUnion, tops: string[]): void {
  if (!union.members) return;
  const names = tops.map(definitionName);
  const listed = union.members;
  const same = names.length === listed.length && names.every((n, i) => n === listed[i]);
  if (!same) {
    const i = surface.unions.indexOf(union);
    throw reader.error(
      SURFACE,
      joinPointer('', 'unions', i, 'members'),
      'snapshot/surface-mismatch',
      `${union.type}: surface.json lists ${listed.length} members but ${surface.schema} has ${names.length} (${names.map((n) => n ?? '<inline>').join(', ')})`,
      redo(reader),
    );
  }
}

/** A pointer surface.json gives must land on a schema in the document. */
export function requireSchema(
  reader: SnapshotReader,
  surface: Surface,
  doc: unknown,
  pointer: string,
  surfaceAt: string,
  what: string,
): void {
  if (getAtPointer(doc, pointer) === undefined) {
    throw reader.error(
      SURFACE,
      surfaceAt,
      'snapshot/missing-definition',
      `${what}: ${pointer} is not in ${surface.schema}`,
      redo(reader),
    );
  }
}

/** Definitions whose name matches `pattern` and that are plain string enums (the values mappings translate). */
function stringEnums(surface: Surface, doc: unknown, pattern: RegExp): Record<string, CatalogEnum> {
  const defs = isObj(doc) && isObj(doc.definitions) ? doc.definitions : {};
  const enums: Record<string, CatalogEnum> = {};
  for (const name of Object.keys(defs).sort()) {
    if (!pattern.test(name)) continue;
    const values = stringLiterals(defs[name]);
    if (values.length)
      enums[name] = { name, values, document: surface.schema, pointer: joinPointer('#/definitions', name) };
  }
  return enums;
}
