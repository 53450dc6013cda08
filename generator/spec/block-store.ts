// The blocks of mapping-spec.yaml parsed by earlier runs (./yaml-blocks.ts), by the hash of their
// text, in the emit cache folder (../used-record.ts). The record is only read by the eventmap
// (code and yaml library) that wrote it; off wherever nothing may be trusted (CI, check --full).
import { usedRecord } from '../used-record.ts';
import type { BlockStore, ParsedBlock } from './yaml-blocks.ts';

export interface SavedBlockStore extends BlockStore {
  save(): void;
}

const isBlock = (v: unknown): v is ParsedBlock =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as ParsedBlock).data === 'object' &&
  (v as ParsedBlock).data !== null &&
  Array.isArray((v as ParsedBlock).pairs);

/** `code`: what identifies the eventmap that parses (its code and the yaml library's version). */
export function blockStore(dir: string, code: string): SavedBlockStore {
  const record = usedRecord(dir, 'spec-blocks.json', `eventmap-spec-blocks-2:${code}`, isBlock);
  // A block text twice in one spec (`source: codex-app-server` in two value maps) gets a copy the
  // second time: two places of the data never share a value, as in a parse.
  const served = new Set<string>();
  return {
    get(hash) {
      const block = record.earlier(hash);
      if (!block) return undefined;
      record.use(hash, block);
      if (served.has(hash)) return structuredClone(block);
      served.add(hash);
      return block;
    },
    put: (hash, block, storable) => record.use(hash, block, storable),
    save: () => record.save(),
  };
}
