// The runtime coercion for one canonical payload field, chosen from the field's schema, so that
// whatever the upstream sends, the event either validates or the field is left out.
import type { CanonicalModel } from '../../model/types.ts';
import { fieldEnumName, fieldInfo } from '../../model/query.ts';
import { ident, lit, shortHash, ts, type Code, type JsonLike } from '../emission.ts';
import { refTarget } from '../../schema/ref.ts';
import { isObj, type Obj } from '../../schema/object.ts';

export interface Coercion {
  /** Wraps a JS expression of the raw value. */
  wrap(expr: Code): Code;
  /** Module-level constants this coercion needs (name → code). */
  constants: Record<string, Code>;
  /** Canonical type names the wrapped expression names (imported from the canonical types). */
  types?: string[];
}

export function coercionFor(model: CanonicalModel, fieldSchema: unknown): Coercion {
  const info = fieldInfo(model, fieldSchema);
  const none: Coercion = { wrap: (e) => e, constants: {} };
  if (!info) return none;
  const t = info.types;
  if (t.size >= 6) return none; // unknown: anything goes
  const nullable = t.has('null');
  const nonNull = [...t].filter((x) => x !== 'null');
  const withNull = (inner: (e: Code) => Code) => (e: Code) =>
    nullable ? ts`nullOr(${e}, (v) => ${inner(ts`v`)})` : inner(e);
  if (info.values && nonNull.length === 1 && nonNull[0] === 'string') {
    const name = `SET_${fieldEnumName(model, fieldSchema) ?? `E${shortHash([...info.values].join('|'))}`}`;
    return {
      wrap: withNull((e) => ts`oneOf(${ident(name)}, ${e})`),
      constants: { [name]: ts`new Set(${lit([...info.values])} as const)` },
    };
  }
  if (nonNull.length === 1) {
    switch (nonNull[0]) {
      case 'string': {
        // A pattern (e.g. TrimmedNonEmptyString) is checked too, with the `u` flag as Ajv and the
        // model loader read it: a blank id must not make the event invalid.
        const pattern = patternOf(model, fieldSchema);
        if (pattern === undefined) return { wrap: withNull((e) => ts`str(${e})`), constants: {} };
        const name = `RE_${shortHash(pattern)}`;
        return {
          wrap: withNull((e) => ts`matching(${ident(name)}, ${e})`),
          constants: { [name]: ts`new RegExp(${lit(pattern)}, "u")` },
        };
      }
      case 'number':
        return { wrap: withNull((e) => ts`num(${e})`), constants: {} };
      case 'integer':
        return { wrap: withNull((e) => ts`int(${e})`), constants: {} };
      case 'boolean':
        return { wrap: withNull((e) => ts`bool(${e})`), constants: {} };
      case 'object':
        return isPlainRecord(model, fieldSchema)
          ? { wrap: withNull((e) => ts`obj(${e})`), constants: {} }
          : guarded(model, fieldSchema);
      case 'array':
        return isStringArray(model, fieldSchema)
          ? { wrap: withNull((e) => ts`strArray(${e})`), constants: {} }
          : guarded(model, fieldSchema);
    }
  }
  return guarded(model, fieldSchema);
}

/** Structured fields (plan steps, file lists): checked by the canonical field validator at run time. */
function guarded(model: CanonicalModel, fieldSchema: unknown): Coercion {
  const schema = inline(model, fieldSchema) as JsonLike;
  const name = `GUARD_${shortHash(JSON.stringify(schema))}`;
  // What the guard lets through, named by the model's type when the field is one (or a list of one).
  const named = modelTypeOf(fieldSchema);
  const arg = named ? ts`<${ident(named.name)}${named.list ? ts`[]` : ts``}>` : ts``;
  return {
    wrap: (e) => ts`guard${arg}(${ident(name)}, ${e})`,
    constants: { [name]: ts`makeGuard(${lit(schema)})` },
    ...(named ? { types: [named.name] } : {}),
  };
}

function modelTypeOf(s: unknown): { name: string; list: boolean } | undefined {
  const ref = (x: unknown) =>
    isObj(x) && typeof x.$ref === 'string' ? /^#\/definitions\/([A-Za-z]\w*)$/.exec(x.$ref)?.[1] : undefined;
  const one = ref(s);
  if (one) return { name: one, list: false };
  const item = isObj(s) && s.type === 'array' ? ref(s.items) : undefined;
  return item ? { name: item, list: true } : undefined;
}

function patternOf(model: CanonicalModel, s: unknown): string | undefined {
  const x = inline(model, s);
  return isObj(x) && typeof x.pattern === 'string' ? x.pattern : undefined;
}

function isPlainRecord(model: CanonicalModel, s: unknown): boolean {
  const x = inline(model, s);
  // An open map of any values; one whose values have a schema (`additionalProperties: {...}`) is guarded.
  return isObj(x) && x.properties === undefined && x.required === undefined && !isObj(x.additionalProperties);
}

function isStringArray(model: CanonicalModel, s: unknown): boolean {
  const x = inline(model, s);
  return isObj(x) && isObj(x.items) && x.items.type === 'string' && x.items.enum === undefined;
}

/**
 * The field schema with model `$ref`s replaced by what they point to, without annotations. The
 * names under `properties` are fields, not annotations: a field named `description` or `title`
 * (UserInputQuestionOption.description) stays.
 */
function inline(model: CanonicalModel, s: unknown, depth = 0, fields = false): unknown {
  if (depth > 16) return {};
  if (Array.isArray(s)) return s.map((x) => inline(model, x, depth + 1));
  if (!isObj(s)) return s;
  if (typeof s.$ref === 'string') return inline(model, refTarget(model.schema, s.$ref), depth + 1);
  const out: Obj = {};
  for (const [k, v] of Object.entries(s))
    if (fields || (k !== 'description' && k !== 'title'))
      out[k] = inline(model, v, depth + 1, !fields && k === 'properties');
  return out;
}
