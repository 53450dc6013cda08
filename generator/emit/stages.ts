// The expensive emitters (upstream types and validators, the canonical files, formatting the
// mappers) run as stages, each keyed by everything its output depends on (io/cache.ts keys). A stage
// is served, in this order, from:
//   1. generated/ as the last generate wrote it, when manifest.json records that generate ran the
//      stage under the same key and every file it lists still has the hash recorded there — so a
//      fresh clone (CI, a new user: empty cache) recompiles nothing its inputs do not require;
//   2. the emit cache (io/cache.ts);
//   3. the emitter.
// A file edited by hand, or written from other inputs, fails the check and the stage is rebuilt.
// EVENTMAP_CACHE=0 turns both reuses off (a from-scratch run).
import { compareStrings, sha256 } from '../io/fsutil.ts';
import { PLAIN_PATH, readRegularFile, readRegularText } from '../io/safe-read.ts';
import type { EmitCache } from '../io/cache.ts';
import { MANIFEST, type Manifest, type StageRecord } from './manifest.ts';

export type StageOrigin = 'committed' | 'cache' | 'built';

export interface Stages {
  /** The files of stage `name` under `key`: reused when possible, else computed. */
  files(
    name: string,
    key: string,
    compute: () => Promise<Map<string, string>> | Map<string, string>,
  ): Promise<Map<string, string>>;
  /** Where each stage's files came from (for the bench and the tests). */
  readonly origins: ReadonlyMap<string, StageOrigin>;
  /** Each stage's key and files, in name order: what the new manifest records. */
  records(): Record<string, StageRecord>;
}

/** `generated` is the folder of the last generate's output (undefined: reuse none of it). */
export function stageRunner(generated: string | undefined, cache: EmitCache): Stages {
  const committed = generated === undefined ? undefined : readManifest(generated);
  const origins = new Map<string, StageOrigin>();
  const records = new Map<string, StageRecord>();
  return {
    origins,
    async files(name, key, compute) {
      const reused = generated !== undefined && committed ? reuse(generated, committed, name, key) : undefined;
      let origin: StageOrigin = reused ? 'committed' : 'cache';
      const files =
        reused ??
        (await cache.files(key, () => {
          origin = 'built';
          return compute();
        }));
      origins.set(name, origin);
      records.set(name, { key, files: [...files.keys()].sort() });
      return files;
    },
    records() {
      return Object.fromEntries([...records].sort(([a], [b]) => compareStrings(a, b)));
    },
  };

  function reuse(dir: string, manifest: Manifest, name: string, key: string): Map<string, string> | undefined {
    const record = manifest.stages?.[name];
    if (!record || record.key !== key || !Array.isArray(record.files) || record.files.length === 0) return undefined;
    const files = new Map<string, string>();
    for (const rel of record.files) {
      const ok = typeof rel === 'string' && PLAIN_PATH.test(rel) && Object.hasOwn(manifest.files, rel);
      const hash: unknown = ok ? manifest.files[rel] : undefined;
      if (typeof hash !== 'string') return undefined;
      let bytes: Buffer;
      try {
        bytes = readRegularFile(dir, rel); // never a link or a pipe: generated/ is as a pull request left it
      } catch {
        return undefined;
      }
      // The text is made of the bytes hashed (a file that is not UTF-8 cannot match what generate wrote).
      if (sha256(bytes) !== hash) return undefined;
      files.set(rel, bytes.toString('utf8'));
    }
    return files;
  }
}

function readManifest(generated: string): Manifest | undefined {
  try {
    const m = JSON.parse(readRegularText(generated, MANIFEST)) as Partial<Manifest>;
    if (m.version !== 1 || typeof m.files !== 'object' || m.files === null) return undefined;
    if (typeof m.stages !== 'object' || m.stages === null) return undefined;
    return m as Manifest;
  } catch {
    return undefined; // no generated/ yet, or not one eventmap wrote
  }
}
