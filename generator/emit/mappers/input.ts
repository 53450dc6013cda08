// The part of mapping-spec.yaml a source's mappers are made from. emitMappers is given only this,
// so a stage keyed by it (with the model, the source's snapshots and eventmap's code) is complete
// by construction: an edit elsewhere in the spec, or one that only moves lines, reuses the stage.
import { ownRecord } from '../../shared/own-record.ts';
import type { MappingSpec } from '../../mapping/types.ts';

export type MapperSpec = Pick<MappingSpec, 'sources' | 'valueMaps' | 'entries'>;

/** The source's block, its entries, and the value maps it can use (its own and those between canonical enums). */
export function mapperSpec(spec: MappingSpec, source: string): MapperSpec {
  const block = spec.sources[source];
  return {
    sources: ownRecord(block ? [[source, block]] : []),
    valueMaps: ownRecord(
      Object.entries(spec.valueMaps).filter(([, m]) => m.source === source || m.source === undefined),
    ),
    entries: spec.entries.filter((e) => e.source === source),
  };
}
