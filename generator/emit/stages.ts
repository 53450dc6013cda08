// The expensive emitters (upstream types and validators, the canonical files, formatting the
// mappers) run as stages, each keyed by everything its output depends on (cache.ts keys). A stage
// is served, in this order, from:
//   1. generated/ as the last generate wrote it, when manifest.json records that generate ran the
//      stage under the same key and every file it lists still has the hash recorded there — so a
//      fresh clone (CI, a new user: empty cache) recompiles nothing its inputs do not require;
//   2. the emit cache (cache.ts);
//   3. the emitter.
// A file edited by hand, or written from other inputs, fails the check and the stage is rebuilt.
// EVENTMAP_CACHE=0 turns both reuses off (a from-scratch run).
import { join } from 'node:path';
import { currentStamp, type Stamp } from '../file-stamps.ts';
import { compareStrings, sha256 } from '../fsutil.ts';
import { PLAIN_PATH, readRegularStamped, readRegularText } from '../safe-read.ts';
import type { EmitCache } from './cache.ts';
import type { KnownHashes } from './known-hashes.ts';
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
  /** The sha256 of `text` when it is a file reused from generated/ (hashed to verify it): buildManifest need not hash it again. */
  hashOf(rel: string, text: string): string | undefined;
  /**
   * Whether generated/`rel` still holds `text`, as this run read it to reuse it (its stamp
   * unchanged since): the tree write need not read it again to leave it in place.
   */
  holds(rel: string, text: string): boolean;
}

/**
 * `generated` is the folder of the last generate's output (undefined: reuse none of it); `known`,
 * the hashes earlier runs recorded (a file whose stamp is unchanged is not hashed again).
 */
export function stageRunner(generated: string | undefined, cache: EmitCache, known?: KnownHashes): Stages {
  const committed = generated === undefined ? undefined : readManifest(generated);
  const origins = new Map<string, StageOrigin>();
  const records = new Map<string, StageRecord>();
  const verified = new Map<string, { text: string; hash: string; stamp: Stamp }>();
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
    hashOf(rel, text) {
      const file = verified.get(rel);
      return file?.text === text ? file.hash : undefined;
    },
    holds(rel, text) {
      const file = verified.get(rel);
      return generated !== undefined && file?.text === text && currentStamp(join(generated, rel)) === file.stamp;
    },
  };

  function reuse(dir: string, manifest: Manifest, name: string, key: string): Map<string, string> | undefined {
    const record = manifest.stages?.[name];
    if (!record || record.key !== key || !Array.isArray(record.files) || record.files.length === 0) return undefined;
    const files = new Map<string, { text: string; hash: string; stamp: Stamp }>();
    for (const rel of record.files) {
      const hash = typeof rel === 'string' && PLAIN_PATH.test(rel) ? ownString(manifest.files, rel) : undefined;
      if (hash === undefined) return undefined;
      let read: { bytes: Buffer; stamp: Stamp };
      try {
        read = readRegularStamped(dir, rel); // never a link or a pipe: generated/ is as a pull request left it
      } catch {
        return undefined;
      }
      // The bytes are what was hashed (a file that is not UTF-8 cannot match what generate wrote):
      // these very bytes, not a hash recorded for the stamp, which a rewrite during the read would outdate.
      const actual = sha256(read.bytes);
      known?.set(join(dir, rel), read.stamp, actual);
      if (actual !== hash) return undefined;
      files.set(rel, { text: read.bytes.toString('utf8'), hash, stamp: read.stamp });
    }
    for (const [rel, file] of files) verified.set(rel, file);
    return new Map([...files].map(([rel, file]) => [rel, file.text]));
  }
}

function ownString(record: Record<string, unknown>, key: string): string | undefined {
  const value = Object.hasOwn(record, key) ? record[key] : undefined;
  return typeof value === 'string' ? value : undefined;
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
