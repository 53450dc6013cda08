// Dispatch one message to its generated mapper, shared by every source's framing: mapped,
// deliberately ignored (counted by name), or unknown (runtime.warning with raw). Nothing is
// dropped silently: a mapped message that yields no event and names no reason for it (an unknown
// block, delta or status inside a known message) becomes a runtime.warning with raw.
import type { MapContext } from '../context.ts';
import { entry } from './lookup.ts';
import type { ProviderIds } from '../types.ts';
import type { Mapper, MapperTables, NormalizeStats, UpstreamValidator } from './types.ts';

export function dispatch(
  source: string,
  tables: MapperTables,
  kind: string,
  name: string,
  message: unknown,
  ctx: MapContext,
  stats: NormalizeStats,
  validate: UpstreamValidator | undefined,
): void {
  const mapper = entry(tables.MAPPERS[kind], name);
  if (mapper) {
    if (validate) {
      const result = validate(kind, name, message);
      if (!result.ok) {
        stats.invalid++;
        ctx.warn(`${source} ${kind} \`${name}\` does not match its upstream schema; mapped what was present`, {
          kind: 'upstream-validation',
          errors: result.errors,
        });
      }
    }
    run(mapper, message, undefined, ctx, stats, source, kind, name);
    return;
  }
  if (entry(tables.IGNORED[kind], name) !== undefined) {
    count(stats, ignoreKey(kind, name));
    return;
  }
  stats.unknown++;
  ctx.warn(`${source}: unknown ${kind} \`${name}\`; not in mapping-spec.yaml (a newer upstream?)`, {
    kind: 'unknown-message',
    messageKind: kind,
    name,
  });
}

/** Run a mapper (or a response mapper, with the pending request's ids) and account for what it yielded. */
export function run(
  mapper: Mapper,
  message: unknown,
  ids: ProviderIds | undefined,
  ctx: MapContext,
  stats: NormalizeStats,
  source: string,
  kind: string,
  name: string,
): void {
  const before = ctx.out.length;
  ctx.ignored = undefined;
  mapper(message, ctx, ids);
  if (ctx.out.length > before) stats.mapped++;
  else if (ctx.ignored !== undefined) count(stats, ctx.ignored);
  else {
    stats.unknown++;
    ctx.warn(
      `${source} ${kind} \`${name}\` yielded no event: a value in it is unknown to mapping-spec.yaml (a newer upstream?); the message is in raw`,
      { kind: 'unmapped-content' },
    );
  }
}

/** `<kind>:<name>` of an ignore the spec names, made once (bounded by the IGNORED tables). */
const ignoreKeys = new Map<string, Map<string, string>>();

function ignoreKey(kind: string, name: string): string {
  let byName = ignoreKeys.get(kind);
  if (byName === undefined) ignoreKeys.set(kind, (byName = new Map()));
  let key = byName.get(name);
  if (key === undefined) byName.set(name, (key = `${kind}:${name}`));
  return key;
}

function count(stats: NormalizeStats, name: string): void {
  stats.ignored++;
  stats.ignoredBy[name] = (stats.ignoredBy[name] ?? 0) + 1;
}
