// mapping-spec value expressions → TypeScript expressions over the upstream message `m`.
// Reads are typed property accesses (`m.params?.item?.id`) against the message type of every
// supported snapshot, so tsc checks each path a second time; `?.` on every step, because the
// message is unvalidated and a mapper must never throw.
import type { Condition, ValueExpr } from '../../mapping/types.ts';
import { ident, joinCode, lit, propKey, ts, type Code } from '../emission.ts';

// Names every JSON value inherits (Object, Array and String prototypes): read as own properties
// only, so `$.constructor` is the message's field, never Object's.
const INHERITED = new Set(
  [Object.prototype, Array.prototype, String.prototype, Number.prototype, Boolean.prototype].flatMap((p) =>
    Object.getOwnPropertyNames(p),
  ),
);

/**
 * `m?.params?.item?.id`; an inherited name through `own(…)`, an index as `?.[0]`. `m` itself may be
 * missing too: a legacy event's `params.msg`, a response's `result`, a stream event's inner event.
 */
export function pathCode(segments: readonly (string | number)[]): Code {
  let code = ts`m`;
  for (const seg of segments) {
    if (typeof seg === 'number') code = ts`${code}?.[${seg}]`;
    else if (INHERITED.has(seg)) code = ts`own(${code}, ${lit(seg)})`;
    else code = propKey(seg).toString() === seg ? ts`${code}?.${propKey(seg)}` : ts`${code}?.[${lit(seg)}]`;
  }
  return code;
}

/** What an expression is read in: the value maps' names and the ids a helper sees. */
export interface ExprEnv {
  mapName: (name: string) => Code;
  /** The provider ids a helper sees (`{}` while the ids themselves are being read). */
  ids: Code;
}

/** The raw value an expression reads (before coercion to the canonical field's type). */
export function exprCode(e: ValueExpr, env: ExprEnv): Code {
  switch (e.kind) {
    case 'const':
      return lit(e.value);
    case 'path': {
      const read = pathCode(e.path.segments);
      if (!e.map) return read;
      return ts`translate(${env.mapName(e.map)}, tagOf(${read}))`;
    }
    case 'first':
      return ts`first(${joinCode(
        e.options.map((o) => exprCode(o, env)),
        ', ',
      )})`;
    case 'helper':
      return ts`H.${ident(e.name)}(ctx, ${env.ids}${e.args.map((a) => ts`, ${exprCode(a, env)}`)})`;
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
