// A content-addressed cache for the expensive emitters (upstream types and validators, canonical
// validators): a spec-only change recompiles nothing they produce. The key covers everything the
// output depends on (the snapshot or model files and eventmap's own code), so a hit is byte-
// identical to a cold run. Best effort: an unreadable or unwritable cache is a miss, never an error.
// Where: EVENTMAP_CACHE_DIR, else <project>/node_modules/.cache/eventmap; EVENTMAP_CACHE=0 disables.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256 } from '../fsutil.ts';
import { DEFAULT_LIMITS, pruneCache, touch, type CacheLimits } from './cache-prune.ts';
import type { ProjectPaths } from '../project.ts';

export interface EmitCache {
  /** The files cached under `key`, or what `compute` returns (then cached). */
  files(key: string, compute: () => Promise<Map<string, string>> | Map<string, string>): Promise<Map<string, string>>;
  /** The same for one JSON text, synchronously (for what the synchronous loaders build). */
  textSync(key: string, compute: () => string): string;
  /** After a run: if it added entries, drop the least recently used ones over the bound (cache-prune.ts). */
  prune(): void;
}

const FORMAT = 'eventmap-emit-cache-1';

/**
 * What `build` returns, cached as JSON under `key` (for the synchronous loaders: catalogs, the
 * model, each source's analysis). `stored` picks what is kept, `revive` makes the value again from
 * it; an entry that does not revive is a miss.
 */
export function cachedValue<T>(
  cache: EmitCache,
  key: string,
  build: () => T,
  revive: (stored: unknown) => T,
  stored: (value: T) => unknown = (value) => value,
): T {
  let built: { value: T } | undefined;
  const text = cache.textSync(key, () => {
    built = { value: build() };
    return JSON.stringify(stored(built.value));
  });
  if (built) return built.value;
  try {
    return revive(JSON.parse(text));
  } catch {
    return build();
  }
}

export function cacheDir(paths: ProjectPaths): string | undefined {
  if (process.env.EVENTMAP_CACHE === '0') return undefined;
  return process.env.EVENTMAP_CACHE_DIR || join(paths.root, 'node_modules', '.cache', 'eventmap');
}

/** A cache key from labelled parts (hashes, versions, names); order matters. */
export function cacheKey(parts: readonly string[]): string {
  return sha256([FORMAT, ...parts].join('\n'));
}

export function emitCache(dir: string | undefined, limits: CacheLimits = DEFAULT_LIMITS): EmitCache {
  let added = false;
  const hit = (file: string, key: string) => {
    const files = read(file, key);
    if (files) touch(file);
    return files;
  };
  const store = (file: string, key: string, files: Map<string, string>) => {
    write(file, key, files);
    added = true;
  };
  return {
    async files(key, compute) {
      const file = dir && join(dir, `${key}.json`);
      if (file) {
        const files = hit(file, key);
        if (files) return files;
      }
      const files = await compute();
      if (file) store(file, key, files);
      return files;
    },
    textSync(key, compute) {
      const file = dir && join(dir, `${key}.json`);
      const cached = file ? hit(file, key)?.get('text') : undefined;
      if (cached !== undefined) return cached;
      const text = compute();
      if (file) store(file, key, new Map([['text', text]]));
      return text;
    },
    prune() {
      if (dir && added) pruneCache(dir, limits);
      added = false;
    },
  };
}

function read(file: string, key: string): Map<string, string> | undefined {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { key?: unknown; files?: unknown };
    if (data.key !== key || !Array.isArray(data.files)) return undefined;
    const entries = data.files.filter(
      (e): e is [string, string] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'string',
    );
    return entries.length === data.files.length ? new Map(entries) : undefined;
  } catch {
    return undefined;
  }
}

function write(file: string, key: string, files: Map<string, string>): void {
  try {
    mkdirSync(join(file, '..'), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ key, files: [...files] }), { flag: 'wx' }); // never through a link
    renameSync(tmp, file);
  } catch {
    // A read-only or full disk only costs the next run the work.
  }
}
