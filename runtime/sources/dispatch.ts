// Dispatch one message to its generated mapper, shared by every source's framing: mapped,
// deliberately ignored (counted by name), or unknown (runtime.warning with raw). Nothing is
// dropped silently: a mapped message that yields no event and names no reason for it (an unknown
// block, delta or status inside a known message) becomes a runtime.warning with raw.
import type { MapContext } from '../context.ts';
import { entry } from './lookup.ts';
import type { Mapper, MapperTables, NormalizeStats, UpstreamValidator } from './types.ts';

export function dispatch(source: string, tables: MapperTables, kind: string, name: string, message: unknown, ctx: MapContext, stats: NormalizeStats, validate: UpstreamValidator | undefined): void {
  const mapper = entry(tables.MAPPERS[kind], name);
  if (mapper) {
    if (validate) {
      const result = validate(kind, name, message);
      if (!result.ok) {
        stats.invalid++;
        ctx.warn(`${source} ${kind} \`${name}\` does not match its upstream schema; mapped what was present`, { kind: 'upstream-validation', errors: result.errors });
      }
    }
    run(`${source} ${kind} \`${name}\``, () => mapper(message, ctx), ctx, stats);
    return;
  }
  if (entry(tables.IGNORED[kind], name) !== undefined) {
    count(stats, `${kind}:${name}`);
    return;
  }
  stats.unknown++;
  ctx.warn(`${source}: unknown ${kind} \`${name}\`; not in mapping-spec.yaml (a newer upstream?)`, { kind: 'unknown-message', messageKind: kind, name });
}

/** Run a mapper (or a response mapper) and account for what it yielded. */
export function run(what: string, map: () => void, ctx: MapContext, stats: NormalizeStats): void {
  const before = ctx.out.length;
  ctx.ignored = undefined;
  map();
  if (ctx.out.length > before) stats.mapped++;
  else if (ctx.ignored !== undefined) count(stats, ctx.ignored);
  else {
    stats.unknown++;
    ctx.warn(`${what} yielded no event: a value in it is unknown to mapping-spec.yaml (a newer upstream?); the message is in raw`, { kind: 'unmapped-content' });
  }
}

export function runResponse(what: string, mapper: Mapper, answer: unknown, ctx: MapContext, stats: NormalizeStats, ids: Parameters<Mapper>[2]): void {
  run(what, () => mapper(answer, ctx, ids), ctx, stats);
}

function count(stats: NormalizeStats, name: string): void {
  stats.ignored++;
  stats.ignoredBy[name] = (stats.ignoredBy[name] ?? 0) + 1;
}
