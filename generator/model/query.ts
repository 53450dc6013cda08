// Questions the later stages ask of the canonical model.
import { asArray, isObj } from '../schema/object.ts';
import { resolveSchemaPath, type PathInfo } from '../schema/paths.ts';
import { definitionName } from '../schema/pointer.ts';
import { refTarget, resolveRef } from '../schema/ref.ts';
import type { CanonicalModel } from './types.ts';

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
    const schema = resolveRef(model.schema, s);
    if (!isObj(schema)) return;
    if (isObj(schema.properties)) Object.assign(fields, schema.properties);
    if (Array.isArray(schema.required)) required.push(...(schema.required as string[]));
    for (const b of asArray(schema.allOf)) visit(b);
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
  const seen = new Set<string>();
  for (let cur = fieldSchema; isObj(cur) && typeof cur.$ref === 'string' && !seen.has(cur.$ref);) {
    const name = definitionName(cur.$ref);
    if (name !== undefined && model.enums[name]) return name;
    seen.add(cur.$ref);
    cur = refTarget(model.schema, cur.$ref);
  }
  return undefined;
}
