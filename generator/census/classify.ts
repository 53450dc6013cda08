// Each counted type against the catalogs of the supported snapshots (is it documented upstream?)
// and against mapping-spec.yaml (mapped, ignored — with the reason — or no entry).
import type { Catalog, EntryKind } from '../catalog/types.ts';
import type { MappingSpec } from '../spec/types.ts';
import type { CensusCounts, CensusGroup, TypeCount } from './count.ts';

export interface CatalogStatus {
  /** In the catalog of the group's version (or, version unknown or not supported, of any supported snapshot). */
  documented: boolean;
  /** The supported snapshots whose catalog lists it. */
  in: string[];
}

export type SpecStatus =
  | { status: 'mapped'; line: number; via?: string }
  | { status: 'ignored'; line: number; reason: string }
  | { status: 'no-entry'; note?: string };

export interface ClassifiedType extends TypeCount {
  catalog: CatalogStatus;
  spec: SpecStatus;
}

export interface ClassifiedGroup extends Omit<CensusGroup, 'types'> {
  /** The supported snapshot compared against; undefined: all of them (version unknown or not supported). */
  catalogVersion?: string;
  /** The supported snapshots of the source (mapping-spec.yaml). */
  supported: string[];
  types: ClassifiedType[];
}

export interface CensusReport extends Omit<CensusCounts, 'groups'> {
  spec: string;
  groups: ClassifiedGroup[];
}

/** Kinds dispatched on as messages (spec entries); the others are values (value maps). */
const MESSAGE_KINDS = new Set<EntryKind>([
  'notification',
  'request',
  'eventmsg',
  'sdk-message',
  'stream-event',
  'permission',
  'thread-event',
]);

export function classify(counts: CensusCounts, spec: MappingSpec, catalogs: Record<string, Catalog[]>): CensusReport {
  return {
    ...counts,
    spec: spec.file,
    groups: counts.groups.map((g) => {
      const all = catalogs[g.source] ?? [];
      const own = all.find((c) => c.version === g.version);
      const names = (c: Catalog) => new Set(c.entries.map((e) => `${e.kind} ${e.name}`));
      const sets = all.map((c) => ({ version: c.version, names: names(c) }));
      return {
        ...g,
        ...(own ? { catalogVersion: own.version } : {}),
        supported: all.map((c) => c.version),
        types: g.types.map((t) => {
          const key = `${t.kind} ${t.name}`;
          const inVersions = sets.filter((s) => s.names.has(key)).map((s) => s.version);
          return {
            ...t,
            catalog: { documented: own ? inVersions.includes(own.version) : inVersions.length > 0, in: inVersions },
            spec: specStatus(spec, g.source, t.kind, t.name),
          };
        }),
      };
    }),
  };
}

function specStatus(spec: MappingSpec, source: string, kind: EntryKind, name: string): SpecStatus {
  if (MESSAGE_KINDS.has(kind)) {
    const entry = spec.entries.find((e) => e.source === source && e.kind === kind && e.name === name);
    if (!entry) return { status: 'no-entry' };
    return entry.ignore !== undefined
      ? { status: 'ignored', line: entry.loc.line, reason: entry.ignore }
      : { status: 'mapped', line: entry.loc.line };
  }
  const maps = Object.values(spec.valueMaps).filter(
    (m) => m.source === source && m.covers !== undefined && 'kind' in m.covers && m.covers.kind === kind,
  );
  if (maps.length === 0) return { status: 'no-entry', note: `no value map covers ${kind}` };
  for (const m of maps) {
    const hit = m.values[name] ?? m.undeclared[name];
    if (hit)
      return hit.value === null
        ? { status: 'ignored', line: hit.loc.line, reason: `value map ${m.name}: no canonical value` }
        : { status: 'mapped', line: hit.loc.line, via: `${m.name} → ${hit.value}` };
    const prefix = Object.keys(m.prefixes).find((p) => name.startsWith(p));
    if (prefix !== undefined)
      return { status: 'mapped', line: m.loc.line, via: `${m.name} prefix ${prefix} → ${m.prefixes[prefix]}` };
  }
  const fallback = maps.find((m) => m.default !== undefined);
  return {
    status: 'no-entry',
    note: fallback
      ? `not in value map ${fallback.name}; falls back to its default ${fallback.default}`
      : `not in value map ${maps.map((m) => m.name).join(', ')}`,
  };
}
