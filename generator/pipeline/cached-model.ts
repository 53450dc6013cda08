// The model's IR cached by the text of canonical-model.yaml (and eventmap's code) in the emit cache
// (generator/io/cache.ts): parsing the YAML with a position for every node is nearly all of
// loading the model, and a spec-only change leaves the model as it was. A hit is the IR a parse
// gives (test/generate/model-cache.test.ts); an entry that does not read back is a miss. The key
// covers eventmap's code, so a change of the IR's shape never meets an old entry.
import { cacheKey, type EmitCache } from '../io/cache.ts';
import { codeKey } from '../emit/manifest.ts';
import { sha256 } from '../io/fsutil.ts';
import { ownRecord } from '../shared/own-record.ts';
import { parseModel, readModelText } from '../model/load.ts';
import type { CanonicalModel } from '../model/types.ts';

export function loadModelCached(file: string, cache: EmitCache): CanonicalModel {
  const text = readModelText(file);
  const key = cacheKey(['model', codeKey(), file, sha256(text)]);
  return cache.value(
    key,
    () => parseModel(text, file),
    (stored) => {
      const ir = stored as CanonicalModel;
      // Records keyed by model names have no prototype (own-record.ts), which JSON does not keep.
      return { ...ir, events: ownRecord(Object.entries(ir.events)), enums: ownRecord(Object.entries(ir.enums)) };
    },
  );
}
