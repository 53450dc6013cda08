// The one rule of coverage: which catalog kinds are messages (an entry under `mappings` each) and
// which are values (a value map each), and when a discriminant is mapped, ignored or a gap. Used
// by the spec analysis (check, generate), `diff --spec` and `census`. The value-map lookup is the
// runtime's (runtime/value-lookup.ts), so coverage counts exactly what a mapper translates.
import { prefixFor } from '../../runtime/value-lookup.ts';
import type { EntryKind } from '../catalog/types.ts';
import type { CoverageStatus } from './findings.ts';
import type { Loc, ValueMap } from './types.ts';

/** Kinds dispatched on at run time: each discriminant needs an entry under `mappings`. */
export const MESSAGE_KINDS: ReadonlySet<EntryKind> = new Set<EntryKind>([
  'notification',
  'request',
  'eventmsg',
  'sdk-message',
  'stream-event',
  'permission',
  'thread-event',
  'session-update',
  'agent-response',
  'client-request',
  'client-notification',
]);

export const isMessageKind = (kind: string): boolean => MESSAGE_KINDS.has(kind as EntryKind);

/** Does the value map cover this entry kind / this catalog enum? */
export const coversKind = (map: ValueMap, kind: string): boolean =>
  map.covers !== undefined && 'kind' in map.covers && map.covers.kind === kind;

export const coversEnum = (map: ValueMap, name: string): boolean =>
  map.covers !== undefined && 'enum' in map.covers && map.covers.enum === name;

/** The map whose table counts for a value kind: the first covering it (value lines go to every one). */
export const coveringMap = (maps: readonly ValueMap[], kind: string): ValueMap | undefined =>
  maps.find((m) => coversKind(m, kind));

export interface ValueHit {
  /** The canonical value; null: known, deliberately no value. */
  value: string | null;
  /** The line that says so: the value's own, or the map's for a prefix. */
  loc: Loc;
  prefix?: string;
}

/** What the map translates `name` to, as the runtime's `lookup` does; undefined: only its default. */
export function valueMapHit(map: ValueMap, name: string): ValueHit | undefined {
  const own = map.values[name] ?? map.undeclared[name];
  if (own) return own;
  const byPrefix = prefixFor(Object.entries(map.prefixes), name);
  return byPrefix && { value: byPrefix[1], loc: map.loc, prefix: byPrefix[0] };
}

/** A message discriminant's status from its entry (undefined: none). */
export const entryStatus = (entry: { ignore?: string } | undefined): CoverageStatus =>
  !entry ? 'gap' : entry.ignore !== undefined ? 'ignored' : 'mapped';

/** A value discriminant's status from its lookup. */
export const valueStatus = (hit: ValueHit | undefined): CoverageStatus =>
  !hit ? 'gap' : hit.value === null ? 'ignored' : 'mapped';
