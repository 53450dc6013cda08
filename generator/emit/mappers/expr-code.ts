// mapping-spec value expressions → TypeScript expressions over the upstream message `m`.
import type { Condition, ValueExpr } from '../../spec/types.ts';
import { ident, joinCode, lit, ts, type Code } from '../emission.ts';

export function pathCode(segments: readonly (string | number)[], root = 'm'): Code {
  return segments.length ? ts`get(${ident(root)}, ${lit(segments)})` : ident(root);
}

/** The raw value an expression reads (before coercion to the canonical field's type). */
/** `idsVar`: the provider ids a helper sees (`{}` while the ids themselves are being read). */
export function exprCode(e: ValueExpr, mapName: (name: string) => Code, idsVar: 'ids' | '{}' = 'ids'): Code {
  const ids = idsVar === 'ids' ? ts`ids` : ts`{}`;
  switch (e.kind) {
    case 'const':
      return lit(e.value);
    case 'path': {
      const read = pathCode(e.path.segments);
      if (!e.map) return read;
      const vm = mapName(e.map);
      return ts`lookup(${vm}, ${vm}_DEFAULT, tagOf(${read}), ${vm}_PREFIXES)`;
    }
    case 'first':
      return ts`first(${joinCode(
        e.options.map((o) => exprCode(o, mapName, idsVar)),
        ', ',
      )})`;
    case 'helper':
      return ts`H.${ident(e.name)}(ctx, ${ids}${e.args.map((a) => ts`, ${exprCode(a, mapName, idsVar)}`)})`;
  }
}

export function conditionCode(c: Condition): Code {
  const read = pathCode(c.path.segments);
  switch (c.op) {
    case 'equals':
      return ts`${read} === ${lit(c.value)}`;
    case 'in':
      return ts`${lit(c.values)}.includes(${read} as never)`;
    case 'present':
      return c.present ? ts`${read} != null` : ts`${read} == null`;
  }
}
