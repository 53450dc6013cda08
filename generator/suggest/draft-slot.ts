// `suggest` for `spec/new-field-fits-slot`: the read `check` prints, as a draft in the emit's payload.
import type { Catalog } from '../catalog/types.ts';
import type { CanonicalModel } from '../model/types.ts';
import { messageTargets } from '../mapping/analyze.ts';
import { slotFits, slotFitValue } from '../mapping/slot-fit.ts';
import type { EntryKind } from '../catalog/types.ts';
import type { MappingSpec } from '../mapping/types.ts';

export interface SlotDraft {
  type: 'slot';
  source: string;
  kind: EntryKind;
  name: string;
  versions: string[];
  /** Index of the emit in the entry. */
  emit: number;
  /** The canonical payload field. */
  slot: string;
  /** The new upstream field. */
  path: string;
  why: string;
  value: unknown;
  after?: undefined;
}

export function draftSlots(spec: MappingSpec, catalogs: Record<string, Catalog[]>, model: CanonicalModel): SlotDraft[] {
  return spec.entries.flatMap((entry) => {
    const mine = spec.entries.filter((e) => e.source === entry.source);
    return slotFits(mine, entry, messageTargets(entry, catalogs[entry.source] ?? []), model).map((fit) => ({
      type: 'slot' as const,
      source: entry.source,
      kind: entry.kind,
      name: entry.name,
      versions: fit.versions,
      emit: fit.emit,
      slot: fit.slot,
      path: fit.path,
      why: fit.why,
      value: slotFitValue(fit),
    }));
  });
}
