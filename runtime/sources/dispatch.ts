// Dispatch one message to its generated mapper, shared by every source's framing: mapped,
// deliberately ignored (counted), or unknown (runtime.warning with raw — never a silent drop).
import type { MapContext } from '../context.ts';
import { entry } from './lookup.ts';
import type { MapperTables, NormalizeStats, UpstreamValidator } from './types.ts';

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
    stats.mapped++;
    mapper(message, ctx);
    return;
  }
  if (entry(tables.IGNORED[kind], name) !== undefined) {
    stats.ignored++;
    return;
  }
  stats.unknown++;
  ctx.warn(`${source}: unknown ${kind} \`${name}\`; not in mapping-spec.yaml (a newer upstream?)`, { kind: 'unknown-message', messageKind: kind, name });
}
