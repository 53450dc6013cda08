// Each counted type against the catalogs of the supported snapshots (is it documented upstream?)
// and against mapping-spec.yaml (mapped, ignored — with the reason — or no entry).
import type { Catalog, EntryKind } from '../catalog/types.ts';
import { coveringMap, entryStatus, isMessageKind, valueMapHit, valueStatus } from '../mapping/coverage-status.ts';
import type { MappingSpec } from '../mapping/types.ts';
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
  /** True when `spec` is the one eventmap ships (the project has no mapping-spec.yaml). */
  specShipped?: boolean;
  groups: ClassifiedGroup[];
}

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
  if (isMessageKind(kind)) {
    const entry = spec.entries.find((e) => e.source === source && e.kind === kind && e.name === name);
    const status = entryStatus(entry);
    if (!entry || status === 'gap') return { status: 'no-entry' };
    return status === 'ignored'
      ? { status, line: entry.loc.line, reason: entry.ignore! }
      : { status, line: entry.loc.line };
  }
  // The map coverage counts (check and diff say the same of this name).
  const m = coveringMap(
    Object.values(spec.valueMaps).filter((x) => x.source === source),
    kind,
  );
  if (!m) return { status: 'no-entry', note: `no value map covers ${kind}` };
  const hit = valueMapHit(m, name);
  const status = valueStatus(hit);
  if (!hit || status === 'gap')
    return {
      status: 'no-entry',
      note:
        m.default !== undefined
          ? `not in value map ${m.name}; falls back to its default ${m.default}`
          : `not in value map ${m.name}`,
    };
  if (status === 'ignored') return { status, line: hit.loc.line, reason: `value map ${m.name}: no canonical value` };
  return {
    status,
    line: hit.loc.line,
    via: hit.prefix !== undefined ? `${m.name} prefix ${hit.prefix} → ${hit.value}` : `${m.name} → ${hit.value}`,
  };
}
