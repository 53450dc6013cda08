// Questions the later stages ask of the canonical model.
import { resolveSchemaPath, type PathInfo } from '../catalog/schema-paths.ts';
import type { CanonicalModel } from './types.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

function deref(model: CanonicalModel, schema: unknown): unknown {
  let cur = schema;
  for (let i = 0; i < 16 && isObj(cur) && typeof cur.$ref === 'string'; i++) {
    const segs = cur.$ref.replace(/^#\//, '').split('/');
    let next: unknown = model.schema;
    for (const s of segs) next = isObj(next) ? next[s] : undefined;
    cur = next;
  }
  return cur;
}

export interface PayloadShape {
  fields: Record<string, unknown>;
  required: string[];
}

/** The payload fields of a canonical event type (allOf branches merged). */
export function payloadShape(model: CanonicalModel, type: string): PayloadShape | undefined {
  const def = model.events[type];
  if (!def) return undefined;
  const fields: Record<string, unknown> = {};
  const required: string[] = [];
  const visit = (s: unknown) => {
    const schema = deref(model, s);
    if (!isObj(schema)) return;
    if (isObj(schema.properties)) Object.assign(fields, schema.properties);
    if (Array.isArray(schema.required)) required.push(...(schema.required as string[]));
    for (const b of Array.isArray(schema.allOf) ? schema.allOf : []) visit(b);
  };
  visit(def.payload);
  return { fields, required: [...new Set(required)] };
}

/** Types and (for enums) the values a canonical payload field accepts. */
export function fieldInfo(model: CanonicalModel, fieldSchema: unknown): PathInfo | undefined {
  return resolveSchemaPath(model.schema, fieldSchema, []);
}

/** The name of the canonical enum a field uses, when it is a `$ref` to one. */
export function fieldEnumName(model: CanonicalModel, fieldSchema: unknown): string | undefined {
  let cur = fieldSchema;
  for (let i = 0; i < 16 && isObj(cur) && typeof cur.$ref === 'string'; i++) {
    const name = cur.$ref.split('/').pop()!;
    if (model.enums[name]) return name;
    cur = deref(model, cur);
  }
  return undefined;
}
