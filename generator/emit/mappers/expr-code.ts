// mapping-spec value expressions → TypeScript expressions over the upstream message `m`.
import type { Condition, JsonValue, ValueExpr } from '../../spec/types.ts';

/** A JS literal for a JSON value (JSON is valid JS). */
export function literal(v: JsonValue): string {
  return JSON.stringify(v);
}

export function pathCode(segments: readonly (string | number)[], root = 'm'): string {
  return segments.length ? `get(${root}, ${JSON.stringify(segments)})` : root;
}

/** The raw value an expression reads (before coercion to the canonical field's type). */
/** `idsVar`: the provider ids a helper sees (`{}` while the ids themselves are being read). */
export function exprCode(e: ValueExpr, mapName: (name: string) => string, idsVar = 'ids'): string {
  switch (e.kind) {
    case 'const':
      return literal(e.value);
    case 'path': {
      const read = pathCode(e.path.segments);
      return e.map ? `lookup(${mapName(e.map)}, ${mapName(e.map)}_DEFAULT, tagOf(${read}), ${mapName(e.map)}_PREFIXES)` : read;
    }
    case 'first':
      return `first(${e.options.map((o) => exprCode(o, mapName, idsVar)).join(', ')})`;
    case 'helper':
      return `H.${e.name}(ctx, ${idsVar}${e.args.map((a) => `, ${exprCode(a, mapName, idsVar)}`).join('')})`;
  }
}

export function conditionCode(c: Condition): string {
  const read = pathCode(c.path.segments);
  switch (c.op) {
    case 'equals':
      return `${read} === ${literal(c.value)}`;
    case 'in':
      return `${JSON.stringify(c.values)}.includes(${read} as never)`;
    case 'present':
      return c.present ? `${read} != null` : `${read} == null`;
  }
}
