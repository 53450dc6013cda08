// Following a `$.a.b[0]` path through a JSON Schema: does the upstream message have it, and which
// JSON types can the value take there? Used by the spec checks, `eventmap diff` (through the spec's
// reads) and the model queries. Unions, allOf and refs follow branches.ts and ref.ts, as fields.ts does.
import { hasOwnShape, unionBranches } from './branches.ts';
import { asArray, isObj, type Obj } from './object.ts';
import { resolveRef } from './ref.ts';

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';
export const ANY_TYPES: readonly JsonType[] = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

export interface PathInfo {
  types: Set<JsonType>;
  /** String values the path can take, when the schema pins them (enum/const); undefined: any. */
  values?: Set<string>;
}

/** The schema at `segments` below `schema` (refs resolved against `doc`), or undefined if the path is absent. */
export function resolveSchemaPath(
  doc: unknown,
  schema: unknown,
  segments: readonly (string | number)[],
): PathInfo | undefined {
  const leaves: Found[] = [];
  walk(doc, schema, segments, 0, leaves, false);
  // Where some branch names the path, a branch that merely leaves room for it (a catch-all union
  // member open to any property) says nothing of it: the named branches decide its presence and type.
  const named = leaves.filter((l) => !l.open);
  const used = named.length ? named : leaves;
  return used.length ? merge(used.map(({ leaf }) => (leaf === 'any' ? anyInfo() : leafInfo(leaf)))) : undefined;
}

/** A schema a path ends on, or `any` where the schema says nothing (anything may be there). */
type Leaf = Obj | 'any';

/** A leaf, and whether the path reached it only through room left for unnamed properties (`open`). */
interface Found {
  leaf: Leaf;
  open: boolean;
}

/** Collect into `out` every schema the path `segs` ends on below `raw`; none when the path is absent. */
function walk(
  doc: unknown,
  raw: unknown,
  segs: readonly (string | number)[],
  depth: number,
  out: Found[],
  open: boolean,
): void {
  const push = (leaf: Leaf) => void out.push({ leaf, open });
  // A path is finite, so recursive types end with it; this bound only stops a union that contains itself.
  if (depth > 64) return push('any');
  const schema = resolveRef(doc, raw);
  if (
    schema === true ||
    (isObj(schema) && Object.keys(schema).every((k) => k === 'description' || k === 'title' || k === 'default'))
  )
    return push('any');
  if (!isObj(schema)) return;
  // A path one allOf part has is there too (presence needs only one), so parts are walked like members.
  const branches = [...unionBranches(schema), ...asArray(schema.allOf)];
  for (const b of branches) walk(doc, b, segs, depth + 1, out, open);
  if (hasOwnShape(schema) || !branches.length) {
    if (segs.length === 0) push(schema);
    else step(doc, schema, segs, depth, out, branches.length > 0, open);
  }
}

/** `composed`: the schema has a union or allOf beside its own keywords, which then say what is below. */
function step(
  doc: unknown,
  schema: Obj,
  segs: readonly (string | number)[],
  depth: number,
  out: Found[],
  composed: boolean,
  open: boolean,
): void {
  const [head, ...rest] = segs;
  if (typeof head === 'number') {
    if (Array.isArray(schema.items)) return walk(doc, schema.items[head], rest, depth + 1, out, open);
    if (schema.items !== undefined) return walk(doc, schema.items, rest, depth + 1, out, open);
    if (!composed && (schema.type === undefined || schema.type === 'array') && isFreeForm(schema))
      out.push({ leaf: 'any', open: true });
    return;
  }
  const props = isObj(schema.properties) ? schema.properties : undefined;
  if (props && head !== undefined && Object.hasOwn(props, head))
    return walk(doc, props[head], rest, depth + 1, out, open);
  const extra = schema.additionalProperties;
  // Bare room (`true`, `{}`) beside named properties declares nothing (a catch-all union member's
  // `additionalProperties: true`); a dictionary's value schema, or room in an object that names
  // nothing (`_meta`), is what may be there.
  const bare = extra === true || (isObj(extra) && Object.keys(extra).length === 0);
  if (extra !== undefined && extra !== false && !(bare && props && Object.keys(props).length))
    return walk(doc, extra, rest, depth + 1, out, true);
  if (!props && !composed && isFreeForm(schema)) out.push({ leaf: 'any', open: true });
}

/** An object schema with nothing said about its properties: anything may be below it. */
function isFreeForm(schema: Obj): boolean {
  return (
    schema.properties === undefined &&
    schema.items === undefined &&
    schema.additionalProperties === undefined &&
    (schema.type === undefined || schema.type === 'object')
  );
}

function leafInfo(schema: Obj): PathInfo {
  const types = new Set<JsonType>();
  const t = schema.type;
  for (const x of Array.isArray(t) ? t : t === undefined ? [] : [t]) types.add(x as JsonType);
  let values: Set<string> | undefined;
  const lits = schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
  if (lits) {
    values = new Set();
    for (const v of lits) {
      if (typeof v === 'string') values.add(v);
      types.add(v === null ? 'null' : (typeof v as JsonType));
    }
  }
  if (!types.size) {
    if (schema.properties !== undefined) types.add('object');
    else if (schema.items !== undefined) types.add('array');
    else return anyInfo();
  }
  return values ? { types, values } : { types };
}

function anyInfo(): PathInfo {
  return { types: new Set(ANY_TYPES) };
}

function merge(results: PathInfo[]): PathInfo {
  const types = new Set<JsonType>();
  let values: Set<string> | undefined = new Set();
  for (const r of results) {
    for (const t of r.types) types.add(t);
    if (!r.values || !values) values = undefined;
    else for (const v of r.values) values.add(v);
  }
  return values ? { types, values } : { types };
}
