// Every upstream path a mapping-spec.yaml entry reads (emit ids, payload, when, helper args,
// first options; response paths separately), in the diff's path convention (`[0]` → `[]`).
import type { Presence } from '../mapping/presence.ts';
import type { EmitSpec, Loc, MappingEntry, PathExpr, ValueExpr } from '../mapping/types.ts';
import { childPath, isBelow } from '../schema/field-path.ts';
import type { FieldScope } from './types.ts';

export interface SpecRead {
  scope: FieldScope;
  /** Normalised path, e.g. `$.params.items[].id`. */
  path: string;
  loc: Loc;
  /** The value map the value goes through, if any. */
  map?: string;
  /** The versions the spec already knows lack this path (`since`/`until`/`absentIn`). */
  presence: Presence;
}

export function normalisePath(p: PathExpr): string {
  return p.segments.reduce<string>((acc, s) => (typeof s === 'number' ? `${acc}[]` : childPath(acc, s)), '$');
}

export function entryReads(entry: MappingEntry): SpecRead[] {
  const out: SpecRead[] = [];
  const fromEmits = (emits: EmitSpec[], scope: FieldScope) => {
    for (const emit of emits) {
      for (const expr of [...Object.values(emit.ids), ...Object.values(emit.payload)])
        if (expr) fromExpr(expr, scope, out);
      if (emit.when)
        out.push({ scope, path: normalisePath(emit.when.path), loc: emit.when.loc, presence: { absentIn: [] } });
    }
  };
  fromEmits(entry.emit, 'message');
  fromEmits(entry.response, 'response');
  return out;
}

function fromExpr(e: ValueExpr, scope: FieldScope, out: SpecRead[]): void {
  if (e.kind === 'path')
    out.push({
      scope,
      path: normalisePath(e.path),
      loc: e.loc,
      presence: {
        absentIn: e.absentIn,
        ...(e.since !== undefined ? { since: e.since } : {}),
        ...(e.until !== undefined ? { until: e.until } : {}),
      },
      ...(e.map ? { map: e.map } : {}),
    });
  else if (e.kind === 'helper') for (const a of e.args) fromExpr(a, scope, out);
  else if (e.kind === 'first') for (const o of e.options) fromExpr(o, scope, out);
}

/** How a read relates to a changed path: the same, below it, or above it (the change is inside what is read). */
export function relation(read: string, changed: string): 'reads' | 'reads-below' | 'passes-through' | undefined {
  if (read === changed) return 'reads';
  if (isBelow(read, changed)) return 'reads-below';
  if (isBelow(changed, read)) return 'passes-through';
  return undefined;
}
