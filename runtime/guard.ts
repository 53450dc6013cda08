// A small checker for the structured canonical fields (plan steps, file lists): the subset of JSON
// Schema the canonical model uses for them. A value that does not fit is left out, so the event
// still validates; the full message is in `raw`.

export interface GuardSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, GuardSchema>;
  required?: string[];
  additionalProperties?: boolean | GuardSchema;
  items?: GuardSchema;
  anyOf?: GuardSchema[];
  oneOf?: GuardSchema[];
}

export type Guard = (v: unknown) => boolean;

export function makeGuard(schema: GuardSchema): Guard {
  return (v) => fits(schema, v, 0);
}

export function guard<T>(check: Guard, v: unknown): T | undefined {
  return check(v) ? (v as T) : undefined;
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function fits(s: GuardSchema, v: unknown, depth: number): boolean {
  if (depth > 32) return false;
  if (s.anyOf && !s.anyOf.some((b) => fits(b, v, depth + 1))) return false;
  if (s.oneOf && s.oneOf.filter((b) => fits(b, v, depth + 1)).length !== 1) return false;
  if (s.type !== undefined) {
    const t = typeOf(v);
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) return false;
  }
  if (s.enum && !s.enum.includes(v)) return false;
  if (s.const !== undefined && s.const !== v) return false;
  if (Array.isArray(v)) return !s.items || v.every((x) => fits(s.items!, x, depth + 1));
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    // Own properties only, on both sides: a plan step with a `constructor` key is not Object's.
    for (const r of s.required ?? []) if (!Object.hasOwn(o, r)) return false;
    for (const [k, x] of Object.entries(o)) {
      const p = s.properties && Object.hasOwn(s.properties, k) ? s.properties[k] : undefined;
      if (p) {
        if (!fits(p, x, depth + 1)) return false;
      } else if (s.additionalProperties === false) return false;
      else if (typeof s.additionalProperties === 'object' && !fits(s.additionalProperties, x, depth + 1)) return false;
    }
  }
  return true;
}
