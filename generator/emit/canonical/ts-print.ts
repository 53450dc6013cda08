// JSON Schema (the subset the model loader allows) → TypeScript type text. A small printer rather
// than json-schema-to-typescript: that library duplicates aliased definitions (`Foo1`), adds
// "referenced by" comments and, without Prettier, emits unindented code; here every name is the
// model's own and the output reads like hand-written code.
import type { JsonSchema } from '../../catalog/types.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function refName(schema: Obj): string | undefined {
  return typeof schema.$ref === 'string' ? schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1) : undefined;
}

/** A JSDoc block for `text` at `indent` (wrapped near 100 columns), or '' when there is no text. */
export function jsDoc(text: string | undefined, indent = ''): string {
  if (!text) return '';
  const safe = text.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ').trim();
  if (indent.length + safe.length + 7 <= 100) return `${indent}/** ${safe} */\n`;
  const lines: string[] = [];
  let line = '';
  for (const word of safe.split(' ')) {
    if (line && indent.length + 3 + line.length + 1 + word.length > 100) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}\n`).join('')}${indent} */\n`;
}

/** The TypeScript type of `schema`, as an expression (object types inline, multi-line). */
export function tsType(schema: JsonSchema, indent = ''): string {
  if (!isObj(schema)) return 'unknown';
  const ref = refName(schema);
  if (ref) return ref;
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  const type = schema.type;
  if (Array.isArray(type)) return type.map((t) => primitive(String(t))).join(' | ');
  switch (type) {
    case 'object':
      return objectType(schema, indent);
    case 'array': {
      const item = tsType(schema.items as JsonSchema, indent);
      return /[|&]/.test(item) ? `Array<${item}>` : `${item}[]`;
    }
    case undefined:
      return 'unknown';
    default:
      return primitive(String(type));
  }
}

/** The members of an object schema, one per line at `indent` (for interfaces and inline objects). */
export function objectMembers(schema: Obj, indent: string): string {
  const props = isObj(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  let out = '';
  for (const [name, sub] of Object.entries(props)) {
    const key = IDENT.test(name) ? name : JSON.stringify(name);
    out += jsDoc(isObj(sub) ? (sub.description as string | undefined) : undefined, indent);
    out += `${indent}${key}${required.has(name) ? '' : '?'}: ${tsType(sub as JsonSchema, indent)};\n`;
  }
  const extra = schema.additionalProperties;
  if (extra === true || isObj(extra)) out += `${indent}[key: string]: ${extra === true ? 'unknown' : tsType(extra as JsonSchema, indent)};\n`;
  return out;
}

function objectType(schema: Obj, indent: string): string {
  const hasProps = isObj(schema.properties) && Object.keys(schema.properties).length > 0;
  const extra = schema.additionalProperties;
  if (!hasProps) {
    if (extra === true) return 'Record<string, unknown>';
    if (isObj(extra)) return `Record<string, ${tsType(extra as JsonSchema, indent)}>`;
    return 'Record<string, never>';
  }
  return `{\n${objectMembers(schema, `${indent}  `)}${indent}}`;
}

function primitive(type: string): string {
  return type === 'integer' ? 'number' : type;
}
