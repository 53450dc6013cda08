// `suggest` for `spec/new-field-fits-slot`: the read `check` prints, as a draft in the emit's payload.
import type { Catalog, EntryKind } from '../catalog/types.ts';
import type { CanonicalModel } from '../model/types.ts';
import { messageTargets } from '../mapping/analyze.ts';
import { slotFits, slotFitValue, type SlotFit } from '../mapping/slot-fit.ts';
import type { MappingSpec } from '../mapping/types.ts';

export interface SlotDraft extends Pick<SlotFit, 'versions' | 'emit' | 'slot' | 'path' | 'why'> {
  type: 'slot';
  source: string;
  kind: EntryKind;
  name: string;
  value: unknown;
  after?: undefined;
}

export function draftSlots(spec: MappingSpec, catalogs: Record<string, Catalog[]>, model: CanonicalModel): SlotDraft[] {
  return spec.entries.flatMap((entry) => {
    const mine = spec.entries.filter((e) => e.source === entry.source);
    return slotFits(mine, entry, messageTargets(entry, catalogs[entry.source] ?? []), model).map((fit) => {
      const { entry: _e, presence: _p, ...where } = fit;
      return {
        type: 'slot' as const,
        source: entry.source,
        kind: entry.kind,
        name: entry.name,
        ...where,
        value: slotFitValue(fit),
      };
    });
  });
}
