// Drafting value-map lines for a new value kind member (a ThreadItem type, a tool, a content
// block) or a new enum value: the canonical value of the nearest existing name in the same map
// (most leading words shared), else the map's default, else the canonical enum's `unknown`,
// else null (no canonical value).
import type { CanonicalModel } from '../model/types.ts';
import type { MappingSpec, ValueMap } from '../mapping/types.ts';
import { nameWords, rankByName } from './similar.ts';
import { sortedPlace, type ValueLayout } from './value-layout.ts';

export interface ValueDraft {
  type: 'value';
  source: string;
  /** The discriminant (`thread-item:webFetch`) or enum value (`enum:TurnStatus.paused`). */
  discriminant: string;
  name: string;
  versions: string[];
  map: string;
  value: string | null;
  /** Why this value: `like webSearch`, `the map's default`, ... */
  basis: string;
  /** Insert after this value (its sorted predecessor, or the one it is modelled on); else at the end of the map. */
  after?: string;
  /** Insert before every value (a sorted map's new first key). */
  first?: true;
  /** The map's hand alignment: the value's column past the key's. */
  align?: number;
}

/** Where a value kind or enum is covered: every map of the source that covers it. */
export function coveringMaps(
  spec: MappingSpec,
  source: string,
  covers: { kind: string } | { enum: string },
): ValueMap[] {
  return Object.values(spec.valueMaps).filter(
    (m) =>
      m.source === source &&
      m.covers !== undefined &&
      ('kind' in covers
        ? 'kind' in m.covers && m.covers.kind === covers.kind
        : 'enum' in m.covers && m.covers.enum === covers.enum),
  );
}

export function draftValue(
  model: CanonicalModel,
  map: ValueMap,
  gap: Omit<ValueDraft, 'type' | 'map' | 'value' | 'basis' | 'after' | 'first' | 'align'>,
  layout: ValueLayout = { sorted: false },
): ValueDraft {
  const keys = Object.keys(map.values);
  // A sorted map keeps its order; else the line goes beside the one it is modelled on.
  const place = layout.sorted ? sortedPlace(keys, gap.name) : undefined;
  const base = {
    type: 'value' as const,
    ...gap,
    map: map.name,
    ...place,
    ...(layout.align !== undefined ? { align: layout.align } : {}),
  };
  const nearest = rankByName(gap.name, keys, (k) => k, nameWords)[0];
  if (nearest)
    return {
      ...(layout.sorted ? {} : { after: nearest.candidate }),
      ...base,
      value: map.values[nearest.candidate]!.value,
      basis: `like ${nearest.candidate}`,
    };
  if (map.default !== undefined) return { ...base, value: map.default, basis: `the map's default` };
  if (model.enums[map.to]?.values.includes('unknown')) return { ...base, value: 'unknown', basis: `${map.to} unknown` };
  return { ...base, value: null, basis: 'no canonical value' };
}
