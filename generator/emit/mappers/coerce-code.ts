// The runtime coercion for one canonical payload field, chosen from the field's schema, so that
// whatever the upstream sends, the event either validates or the field is left out.
import type { CanonicalModel } from '../../model/types.ts';
import { fieldEnumName, fieldInfo } from '../../model/query.ts';

export interface Coercion {
  /** Wraps a JS expression of the raw value. */
  wrap(expr: string): string;
  /** Module-level constants this coercion needs (name → code). */
  constants: Record<string, string>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

export function coercionFor(model: CanonicalModel, fieldSchema: unknown): Coercion {
  const info = fieldInfo(model, fieldSchema);
  const none: Coercion = { wrap: (e) => e, constants: {} };
  if (!info) return none;
  const t = info.types;
  if (t.size >= 6) return none; // unknown: anything goes
  const nullable = t.has('null');
  const nonNull = [...t].filter((x) => x !== 'null');
  const withNull = (inner: (e: string) => string) => (e: string) => (nullable ? `nullOr(${e}, (v) => ${inner('v')})` : inner(e));
  if (info.values && nonNull.length === 1 && nonNull[0] === 'string') {
    const name = `SET_${fieldEnumName(model, fieldSchema) ?? `E${hash([...info.values].join('|'))}`}`;
    return { wrap: withNull((e) => `oneOf(${name}, ${e})`), constants: { [name]: `new Set(${JSON.stringify([...info.values])})` } };
  }
  if (nonNull.length === 1) {
    switch (nonNull[0]) {
      case 'string': {
        // A pattern (e.g. TrimmedNonEmptyString) is checked too: a blank id must not make the event invalid.
        const pattern = patternOf(model, fieldSchema);
        if (pattern === undefined) return { wrap: withNull((e) => `str(${e})`), constants: {} };
        const name = `RE_${hash(pattern)}`;
        return { wrap: withNull((e) => `matching(${name}, ${e})`), constants: { [name]: `new RegExp(${JSON.stringify(pattern)})` } };
      }
      case 'number':
        return { wrap: withNull((e) => `num(${e})`), constants: {} };
      case 'integer':
        return { wrap: withNull((e) => `int(${e})`), constants: {} };
      case 'boolean':
        return { wrap: withNull((e) => `bool(${e})`), constants: {} };
      case 'object':
        return isPlainRecord(model, fieldSchema) ? { wrap: withNull((e) => `obj(${e})`), constants: {} } : guarded(model, fieldSchema);
      case 'array':
        return isStringArray(model, fieldSchema) ? { wrap: withNull((e) => `strArray(${e})`), constants: {} } : guarded(model, fieldSchema);
    }
  }
  return guarded(model, fieldSchema);
}

/** Structured fields (plan steps, file lists): checked by the canonical field validator at run time. */
function guarded(model: CanonicalModel, fieldSchema: unknown): Coercion {
  const schema = JSON.stringify(inline(model, fieldSchema));
  const name = `GUARD_${hash(schema)}`;
  return { wrap: (e) => `guard(${name}, ${e})`, constants: { [name]: `makeGuard(${schema})` } };
}

function patternOf(model: CanonicalModel, s: unknown): string | undefined {
  const x = inline(model, s);
  return isObj(x) && typeof x.pattern === 'string' ? x.pattern : undefined;
}

function isPlainRecord(model: CanonicalModel, s: unknown): boolean {
  const x = inline(model, s);
  return isObj(x) && x.properties === undefined && x.required === undefined;
}

function isStringArray(model: CanonicalModel, s: unknown): boolean {
  const x = inline(model, s);
  return isObj(x) && isObj(x.items) && x.items.type === 'string' && x.items.enum === undefined;
}

/** The field schema with model `$ref`s replaced by what they point to. */
function inline(model: CanonicalModel, s: unknown, depth = 0): unknown {
  if (depth > 16) return {};
  if (Array.isArray(s)) return s.map((x) => inline(model, x, depth + 1));
  if (!isObj(s)) return s;
  if (typeof s.$ref === 'string') {
    let cur: unknown = model.schema;
    for (const seg of s.$ref.replace(/^#\//, '').split('/')) cur = isObj(cur) ? cur[seg] : undefined;
    return inline(model, cur, depth + 1);
  }
  const out: Obj = {};
  for (const [k, v] of Object.entries(s)) if (k !== 'description' && k !== 'title') out[k] = inline(model, v, depth + 1);
  return out;
}

function hash(s: string): string {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}
