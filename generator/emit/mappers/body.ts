// The statements of one mapper function (helper calls, ids objects, emits), as views of Code for
// the template's partials.
import type { CanonicalModel } from '../../model/types.ts';
import { payloadShape } from '../../model/query.ts';
import type { EmitSpec, ValueExpr } from '../../mapping/types.ts';
import { ID_KEYS } from '../../mapping/types.ts';
import { ident, joinCode, lit, propKey, ts, type Code } from '../emission.ts';
import { coercionFor } from './coerce-code.ts';
import { conditionCode, exprCode, type ExprEnv } from './expr-code.ts';

/** What the mappers are read against, and what the file declares or imports beside them. */
export interface Module {
  model: CanonicalModel;
  /** The constant holding a value map. */
  mapName: (name: string) => Code;
  constants: Map<string, Code>;
  /** Canonical type names the code names. */
  types: Set<string>;
}

/** One statement of a mapper body, as the template's partials render it. */
export type Statement =
  | { helper: { name: Code; ids: Code } }
  | { ids: { name: Code; code: Code } }
  | { emit: EmitCall }
  | { guardedEmit: EmitCall & { when: Code; scopedIds?: { name: Code; code: Code } } };

interface EmitCall {
  type: Code;
  ids: Code;
  fields: { key: Code; value: Code }[];
  required: Code;
}

/** `before` and `after`: the helpers called around the emits; `fromPending`: the ids start from the request's. */
export function bodyFor(
  emits: EmitSpec[],
  mod: Module,
  { before = [], after = [], fromPending = false }: { before?: string[]; after?: string[]; fromPending?: boolean },
): Statement[] {
  const { model, mapName } = mod;
  const out: Statement[] = [];
  for (const h of before) out.push({ helper: { name: ident(h), ids: ts`{}` } });
  // One ids object per distinct id set, in order of first use: `ids`, then `ids2`, ...
  const idSets = new Map<string, Code>();
  let declared = 0;
  const idsFor = (emit: EmitSpec): { name: Code; scoped?: { name: Code; code: Code } } => {
    const parts = ID_KEYS.filter((k) => emit.ids[k]).map(
      // A request id is a JSON-RPC id: 1 and "1" are two requests (requestIdOf keeps them apart).
      (k) =>
        ts`${ident(k)}: ${k === 'request' ? ts`requestIdOf` : ts`idOf`}(${exprCode(emit.ids[k]!, { mapName, ids: ts`{}` })})`,
    );
    const code = ts`{ ${joinCode([...(fromPending ? [ts`...pending`] : []), ...parts], ', ')} }`;
    // Ids a helper computes may change with what was emitted before: those are read afresh, each
    // for its own emit. Under a `when`, inside it: a helper runs only for an event that is emitted
    // (a turn counter must not count a skipped one); but the first id set stays outside when
    // `after` helpers are given it.
    const fresh = ID_KEYS.some((k) => callsHelper(emit.ids[k]));
    const key = fresh ? `${code}\0${declared}` : code.toString();
    let name = idSets.get(key);
    if (name) return { name };
    name = ident(declared ? `ids${declared + 1}` : 'ids');
    declared++;
    if (fresh && emit.when && (after.length === 0 || idSets.size > 0)) return { name, scoped: { name, code } };
    idSets.set(key, name);
    out.push({ ids: { name, code } });
    return { name };
  };
  for (const emit of emits) {
    const { name: ids, scoped } = idsFor(emit);
    const shape = payloadShape(model, emit.type);
    const fields = Object.entries(emit.payload).map(([field, expr]) => ({
      key: propKey(field),
      value: coerced(shape?.fields[field], expr, mod, { mapName, ids }),
    }));
    const call = { type: lit(emit.type, "'"), ids, fields, required: lit(shape?.required ?? []) };
    out.push(
      emit.when
        ? { guardedEmit: { ...call, when: conditionCode(emit.when), ...(scoped ? { scopedIds: scoped } : {}) } }
        : { emit: call },
    );
  }
  if (after.length && !idSets.size) out.push({ ids: { name: ident('ids'), code: ts`{}` } });
  const afterIds = idSets.size ? [...idSets.values()][0]! : ident('ids');
  for (const h of after) out.push({ helper: { name: ident(h), ids: afterIds } });
  return out;
}

function coerced(fieldSchema: unknown, expr: ValueExpr, mod: Module, env: ExprEnv): Code {
  const raw = exprCode(expr, env);
  if (expr.kind === 'const') return raw;
  const c = coercionFor(mod.model, fieldSchema);
  for (const [k, v] of Object.entries(c.constants)) mod.constants.set(k, v);
  for (const t of c.types ?? []) mod.types.add(t);
  return c.wrap(raw);
}

/** Whether an expression calls a helper anywhere inside it. */
function callsHelper(e: ValueExpr | undefined): boolean {
  if (e === undefined || e.kind === 'path' || e.kind === 'const') return false;
  return e.kind === 'helper' || e.options.some(callsHelper);
}
