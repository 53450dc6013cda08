// Schema-aware traversal of JSON Schema documents. Only keywords that hold subschemas are entered,
// so data keywords (enum, const, default, examples) and property *names* such as a property
// called `title` are never mistaken for schema keywords.
import { isObj, type Obj } from './object.ts';
import { unescapeSegment } from './pointer.ts';
import { refPointer } from './ref.ts';
import type { JsonSchema } from './types.ts';

/** Keywords whose value is one subschema. */
const ONE = [
  'additionalItems',
  'additionalProperties',
  'contains',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
];
/** Keywords whose value is an array of subschemas (`items` may be either). */
const MANY = ['allOf', 'anyOf', 'items', 'oneOf', 'prefixItems'];
/** Keywords whose value maps names to subschemas. */
const MAP = ['$defs', 'definitions', 'dependentSchemas', 'patternProperties', 'properties'];

/**
 * A rewritten copy of `schema`: `fn` sees every schema object (children already rewritten) and
 * returns its replacement. Booleans and non-schemas are copied as they are.
 */
export function mapSchema(schema: unknown, fn: (node: Obj) => unknown): unknown {
  if (!isObj(schema)) return schema;
  const out: Obj = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ONE.includes(key) && isObj(value)) out[key] = mapSchema(value, fn);
    else if (MANY.includes(key) && Array.isArray(value)) out[key] = value.map((v) => mapSchema(v, fn));
    else if (MAP.includes(key) && isObj(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapSchema(v, fn)]));
    else if (key === 'dependencies' && isObj(value))
      out[key] = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, Array.isArray(v) ? v : mapSchema(v, fn)]),
      );
    else out[key] = value;
  }
  return fn(out);
}

/** Every `$ref` string in `schema` (not following them). */
export function collectRefs(schema: unknown): string[] {
  const refs: string[] = [];
  mapSchema(schema, (node) => {
    if (typeof node.$ref === 'string') refs.push(node.$ref);
    return node;
  });
  return refs;
}

/** A local `#/definitions/<name>...` (or `#/$defs/...`) ref split into its parts. */
export interface DefinitionRef {
  container: 'definitions' | '$defs';
  name: string;
  /** The rest of the pointer below the definition, `''` or `/properties/x`. */
  rest: string;
}

export function parseDefinitionRef(ref: string): DefinitionRef | undefined {
  const m = /^#\/(definitions|\$defs)\/([^/]+)(\/.*)?$/.exec(refPointer(ref));
  if (!m) return undefined;
  return { container: m[1] as DefinitionRef['container'], name: unescapeSegment(m[2]!), rest: m[3] ?? '' };
}

/** The part of a pointer below a definition (`/properties/a b`), percent-encoded again for use in a `$ref`. */
export const encodePointerRest = (rest: string): string => rest.split('/').map(encodeURIComponent).join('/');

/** The definitions table of a document (`definitions` or `$defs`). */
export function definitionsOf(doc: JsonSchema | undefined, container: DefinitionRef['container'] = 'definitions'): Obj {
  if (!isObj(doc)) return {};
  const defs = doc[container];
  return isObj(defs) ? defs : {};
}

/** Keywords that document a schema without changing what it accepts. */
export const ANNOTATIONS = [
  '$comment',
  '$id',
  '$schema',
  'id',
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
];

/** A copy of `schema` without annotations at any depth. */
export function withoutAnnotations(schema: unknown): unknown {
  return mapSchema(schema, (node) => {
    for (const k of ANNOTATIONS) delete node[k];
    return node;
  });
}
