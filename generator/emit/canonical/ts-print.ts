// JSON Schema (the subset the model loader allows) → TypeScript type text. A small printer rather
// than json-schema-to-typescript: that library duplicates aliased definitions (`Foo1`), adds
// "referenced by" comments and, without Prettier, emits unindented code; here every name is the
// model's own and the output reads like hand-written code. Text goes through ../emission.ts.
import type { JsonSchema } from '../../schema/types.ts';
import { docComment, ident, joinCode, lit, propKey, spaces, ts, type Code, type JsonLike } from '../emission.ts';
import { isObj, type Obj } from '../../schema/object.ts';

export function refName(schema: Obj): string | undefined {
  return typeof schema.$ref === 'string' ? schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1) : undefined;
}

/** The TypeScript type of `schema`, as an expression (object types inline, multi-line). */
export function tsType(schema: JsonSchema, indent = ''): Code {
  if (!isObj(schema)) return ts`unknown`;
  const ref = refName(schema);
  if (ref) return ident(ref);
  if (Array.isArray(schema.enum))
    return joinCode(
      schema.enum.map((v) => lit(v as JsonLike)),
      ' | ',
    );
  if ('const' in schema) return lit(schema.const as JsonLike);
  const type = schema.type;
  if (Array.isArray(type))
    return joinCode(
      type.map((t) => primitive(String(t))),
      ' | ',
    );
  switch (type) {
    case 'object':
      return objectType(schema, indent);
    case 'array': {
      const item = tsType(schema.items as JsonSchema, indent);
      return /[|&]/.test(String(item)) ? ts`Array<${item}>` : ts`${item}[]`;
    }
    case undefined:
      return ts`unknown`;
    default:
      return primitive(String(type));
  }
}

/** The members of an object schema, one per line at `indent` (for interfaces and inline objects). */
export function objectMembers(schema: Obj, indent: string): Code {
  const props = isObj(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const out: Code[] = [];
  for (const [name, sub] of Object.entries(props)) {
    out.push(docComment(isObj(sub) ? (sub.description as string | undefined) : undefined, indent));
    out.push(
      ts`${pad(indent)}${propKey(name)}${required.has(name) ? ts`` : ts`?`}: ${tsType(sub as JsonSchema, indent)};\n`,
    );
  }
  const extra = schema.additionalProperties;
  if (extra === true || isObj(extra))
    out.push(ts`${pad(indent)}[key: string]: ${extra === true ? ts`unknown` : tsType(extra as JsonSchema, indent)};\n`);
  return joinCode(out, '');
}

function objectType(schema: Obj, indent: string): Code {
  const hasProps = isObj(schema.properties) && Object.keys(schema.properties).length > 0;
  const extra = schema.additionalProperties;
  if (!hasProps) {
    if (extra === true) return ts`Record<string, unknown>`;
    if (isObj(extra)) return ts`Record<string, ${tsType(extra as JsonSchema, indent)}>`;
    return ts`Record<string, never>`;
  }
  return ts`{\n${objectMembers(schema, `${indent}  `)}${pad(indent)}}`;
}

function primitive(type: string): Code {
  const known: Record<string, Code> = {
    integer: ts`number`,
    number: ts`number`,
    string: ts`string`,
    boolean: ts`boolean`,
    null: ts`null`,
    object: ts`object`,
    array: ts`unknown[]`,
  };
  return Object.hasOwn(known, type) ? known[type]! : ts`unknown`;
}

/** Indentation is spaces only: its length is all that is kept. */
function pad(indent: string): Code {
  return spaces(indent.length);
}
