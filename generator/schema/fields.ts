// Flattening a JSON Schema into its fields, `$.a.b` → type, required, pinned values, so that two
// versions of a message can be compared field by field (paths as field-path.ts writes them).
// Unions, allOf and refs follow branches.ts and ref.ts, as paths.ts does; a ref met again inside
// itself (a recursive type) stops the listing there (`truncated: 'cycle'`).
import { compareStrings } from '../io/fsutil.ts';
import { hasOwnShape, unionBranches } from './branches.ts';
import { childPath } from './field-path.ts';
import { asArray, isObj, type Obj } from './object.ts';
import { definitionName } from './pointer.ts';
import { refTarget } from './ref.ts';

/** Nesting below which fields are not listed (recursive content blocks would go on for ever). */
export const MAX_DEPTH = 10;

export interface FieldInfo {
  /** JSON types, sorted; `['any']` when the schema does not constrain them. */
  types: string[];
  /** Required in its parent object (the root is always required). */
  required: boolean;
  /** The string values the schema names (enum/const). */
  values?: string[];
  /** With `values`: other strings are accepted too (an open enum: `anyOf: [{enum}, {type: string}]`). */
  open?: true;
  /** Children not listed: a `$ref` cycle or the depth limit. */
  truncated?: 'cycle' | 'depth';
}

/**
 * Where a field is declared: the definition whose properties hold it (`Turn`, or the union root
 * `ServerNotification` for 0.171.0's `emittedAtMs`) and its path inside that definition. A change
 * there reaches every message that uses the definition; the diff reports it once.
 */
export interface FieldOrigin {
  definition: string;
  path: string;
}

export type FieldMap = Map<string, FieldInfo & { origin?: FieldOrigin }>;

interface Prop {
  shape: Shape;
  required: boolean;
  /** The definition whose `properties` declare it; undefined when merged from several. */
  owner?: string;
}

interface Shape {
  types?: Set<string>; // undefined: unconstrained
  values?: { named: Set<string>; open: boolean }; // undefined: no string values said
  props: Map<string, Prop>;
  items?: Shape;
  extra?: Shape;
  stop?: 'cycle' | 'depth';
}

export interface FieldOwners {
  /** Name of the definition `schema` is (the entry's own type). */
  schema?: string;
  /** Name of the definition `extra` is (the union root). */
  extra?: string;
}

/** Every field of `schema` (refs resolve against `doc`), keyed by path. `extra` adds own keywords of an enclosing union root. */
export function schemaFields(doc: unknown, schema: unknown, extra?: unknown, owners: FieldOwners = {}): FieldMap {
  const shapes = [build(doc, schema, 0, [], owners.schema)];
  if (extra !== undefined) shapes.push(build(doc, extra, 0, [], owners.extra));
  const out: FieldMap = new Map();
  flatten(shapes.length > 1 ? allOf(shapes) : shapes[0]!, '$', true, out, {
    rel: '$',
    ...(owners.schema ? { owner: owners.schema } : {}),
  });
  return out;
}

/** `Turn` for `#/definitions/Turn`; the pointer itself for anything else. */
export const refName = (ref: string): string => definitionName(ref) ?? ref;

function build(doc: unknown, schema: unknown, depth: number, stack: string[], owner: string | undefined): Shape {
  if (schema === false) return { types: new Set(), props: new Map() };
  if (!isObj(schema)) return { props: new Map() };
  const parts: Shape[] = [];
  if (typeof schema.$ref === 'string') {
    const ref = schema.$ref;
    const target = refTarget(doc, ref);
    if (stack.includes(ref)) parts.push({ ...ownTypes(target), props: new Map(), stop: 'cycle' });
    else parts.push(build(doc, target, depth, [...stack, ref], refName(ref)));
  }
  if (hasOwnShape(schema)) parts.push(own(doc, schema, depth, stack, owner));
  const branches = unionBranches(schema);
  if (branches.length) parts.push(anyOf(branches.map((b) => build(doc, b, depth, stack, owner))));
  for (const b of asArray(schema.allOf)) parts.push(build(doc, b, depth, stack, owner));
  if (!parts.length) return { props: new Map() };
  return parts.length === 1 ? parts[0]! : allOf(parts);
}

function ownTypes(schema: unknown): Pick<Shape, 'types' | 'values'> {
  if (!isObj(schema)) return {};
  const out: Pick<Shape, 'types' | 'values'> = {};
  const t = schema.type;
  if (t !== undefined) out.types = new Set((Array.isArray(t) ? t : [t]).map(String));
  const lits = schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
  if (lits) {
    out.types ??= new Set(lits.map((v) => (v === null ? 'null' : Number.isInteger(v) ? 'integer' : typeof v)));
    const strings = lits.filter((v): v is string => typeof v === 'string');
    if (strings.length) out.values = { named: new Set(strings), open: false };
  } else if (out.types?.has('string')) out.values = { named: new Set(), open: true };
  if (!out.types) {
    if (schema.properties !== undefined || schema.additionalProperties !== undefined) out.types = new Set(['object']);
    else if (schema.items !== undefined || schema.prefixItems !== undefined) out.types = new Set(['array']);
  }
  return out;
}

function own(doc: unknown, s: Obj, depth: number, stack: string[], owner: string | undefined): Shape {
  const shape: Shape = { ...ownTypes(s), props: new Map() };
  const hasChildren =
    s.properties !== undefined || s.items !== undefined || s.prefixItems !== undefined || isObj(s.additionalProperties);
  if (hasChildren && depth >= MAX_DEPTH) return { ...shape, stop: 'depth' };
  const required = new Set(asArray(s.required).filter((r): r is string => typeof r === 'string'));
  if (isObj(s.properties)) {
    for (const name of Object.keys(s.properties).sort(compareStrings)) {
      shape.props.set(name, {
        shape: build(doc, s.properties[name], depth + 1, stack, owner),
        required: required.has(name),
        ...ownerOf(owner),
      });
    }
  }
  // `required` naming a property declared elsewhere (an allOf sibling) still makes it required.
  for (const name of required)
    if (!shape.props.has(name))
      shape.props.set(name, { shape: { props: new Map() }, required: true, ...ownerOf(owner) });
  const items = [
    ...(Array.isArray(s.items) ? s.items : s.items !== undefined ? [s.items] : []),
    ...asArray(s.prefixItems),
  ];
  if (items.length) shape.items = anyOf(items.map((i) => build(doc, i, depth + 1, stack, owner)));
  if (isObj(s.additionalProperties)) shape.extra = build(doc, s.additionalProperties, depth + 1, stack, owner);
  return shape;
}

/** A value matching any of the shapes: a property is required only if every object branch requires it. */
function anyOf(shapes: Shape[]): Shape {
  if (shapes.length === 1) return shapes[0]!;
  const types = shapes.some((s) => !s.types) ? undefined : new Set(shapes.flatMap((s) => [...s.types!]));
  const objects = shapes.filter((s) => !s.types || s.types.has('object'));
  const props = new Map<string, Prop>();
  for (const name of [...new Set(shapes.flatMap((s) => [...s.props.keys()]))].sort(compareStrings)) {
    const present = shapes.flatMap((s) => (s.props.has(name) ? [s.props.get(name)!] : []));
    props.set(name, {
      shape: anyOf(present.map((p) => p.shape)),
      required: objects.every((s) => s.props.get(name)?.required === true),
      ...commonOwner(present),
    });
  }
  return { ...withTypes(types), ...mergeValues(shapes, 'any'), props, ...children(shapes, anyOf), ...stopOf(shapes) };
}

/** A value matching all of the shapes: a property is required if any requires it. */
function allOf(shapes: Shape[]): Shape {
  const typed = shapes.filter((s) => s.types);
  const types = typed.length
    ? new Set(
        [...typed[0]!.types!].filter((t) =>
          typed.every((s) => s.types!.has(t) || (t === 'integer' && s.types!.has('number'))),
        ),
      )
    : undefined;
  const props = new Map<string, Prop>();
  for (const name of [...new Set(shapes.flatMap((s) => [...s.props.keys()]))].sort(compareStrings)) {
    const present = shapes.flatMap((s) => (s.props.has(name) ? [s.props.get(name)!] : []));
    const informative = present.filter((p) => p.shape.types || p.shape.props.size || p.shape.items || p.shape.extra);
    // A bare `required: [name]` beside the declaring schema does not make it a second owner.
    props.set(name, {
      shape: allOf(informative.length ? informative.map((p) => p.shape) : [present[0]!.shape]),
      required: present.some((p) => p.required),
      ...commonOwner(informative.length ? informative : present),
    });
  }
  return { ...withTypes(types), ...mergeValues(shapes, 'all'), props, ...children(shapes, allOf), ...stopOf(shapes) };
}

function withTypes(types: Set<string> | undefined): Pick<Shape, 'types'> {
  return types ? { types } : {};
}

/** Named values of every part; open when any member of a union is (`any`), or every part of an allOf (`all`). */
function mergeValues(shapes: Shape[], mode: 'any' | 'all'): Pick<Shape, 'values'> {
  const said = shapes.flatMap((s) => (s.values ? [s.values] : []));
  if (!said.length) return {};
  const open = mode === 'any' ? said.some((v) => v.open) : said.every((v) => v.open);
  return { values: { named: new Set(said.flatMap((v) => [...v.named])), open } };
}

const ownerOf = (owner: string | undefined): Pick<Prop, 'owner'> => (owner === undefined ? {} : { owner });

function commonOwner(props: Prop[]): Pick<Prop, 'owner'> {
  const owner = props[0]?.owner;
  return ownerOf(props.every((p) => p.owner === owner) ? owner : undefined);
}

function children(shapes: Shape[], merge: (s: Shape[]) => Shape): Pick<Shape, 'items' | 'extra'> {
  const items = shapes.flatMap((s) => (s.items ? [s.items] : []));
  const extra = shapes.flatMap((s) => (s.extra ? [s.extra] : []));
  return { ...(items.length ? { items: merge(items) } : {}), ...(extra.length ? { extra: merge(extra) } : {}) };
}

function stopOf(shapes: Shape[]): Pick<Shape, 'stop'> {
  const stop = shapes.find((s) => s.stop)?.stop;
  return stop ? { stop } : {};
}

/** `at`: the definition that declares this field (if one does) and its path inside it. */
function flatten(
  shape: Shape,
  path: string,
  required: boolean,
  out: FieldMap,
  at: { owner?: string; rel: string },
): void {
  const info: FieldInfo & { origin?: FieldOrigin } = {
    types: shape.types ? [...shape.types].sort(compareStrings) : ['any'],
    required,
  };
  if (shape.values?.named.size) {
    info.values = [...shape.values.named].sort(compareStrings);
    if (shape.values.open) info.open = true;
  }
  if (shape.stop) info.truncated = shape.stop;
  if (at.owner !== undefined) info.origin = { definition: at.owner, path: at.rel };
  out.set(path, info);
  for (const [name, p] of shape.props) {
    // Inside the same definition the path goes on; a property another definition declares starts at its `$`.
    const rel = p.owner !== undefined && p.owner === at.owner ? childPath(at.rel, name) : childPath('$', name);
    flatten(p.shape, childPath(path, name), p.required, out, { ...ownerOf(p.owner), rel });
  }
  if (shape.items) flatten(shape.items, `${path}[]`, true, out, { ...ownerOf(at.owner), rel: `${at.rel}[]` });
  if (shape.extra) flatten(shape.extra, `${path}.*`, false, out, { ...ownerOf(at.owner), rel: `${at.rel}.*` });
}
