// The emit cache: the expensive emitters' output and the loaders' values, content-addressed (the
// key covers every input and eventmap's own code), so a hit is byte-identical to a cold run. Best
// effort: an unreadable or unwritable cache is a miss, never an error. Bounded, least recently used
// first. Where (docs/decisions.md, "The emit cache"): EVENTMAP_CACHE_DIR, else
// $XDG_CACHE_HOME/eventmap/emit or ~/.cache/eventmap/emit, outside every checkout and outside
// node_modules (`npm ci` keeps it). EVENTMAP_CACHE=0 disables it.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { compareStrings, sha256 } from './fsutil.ts';

export interface EmitCache {
  /** The files cached under `key`, or what `compute` returns (then cached). */
  files(key: string, compute: () => Promise<Map<string, string>> | Map<string, string>): Promise<Map<string, string>>;
  /**
   * What `build` returns, cached as JSON under `key` (for the synchronous loaders: catalogs, the
   * model, each source's analysis). `stored` picks what is kept, `revive` makes the value again from
   * it; an entry that does not revive is a miss.
   */
  value<T>(key: string, build: () => T, revive: (stored: unknown) => T, stored?: (value: T) => unknown): T;
  /** After a run: if it added entries, drop the least recently used ones over the bound (pruneCache). */
  prune(): void;
}

const FORMAT = 'eventmap-emit-cache-1';

/** The cache folder (undefined: off, or no home folder to put it in). */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.EVENTMAP_CACHE === '0') return undefined;
  if (env.EVENTMAP_CACHE_DIR) return env.EVENTMAP_CACHE_DIR;
  // The XDG base-directory rule: a relative XDG_CACHE_HOME is ignored.
  if (env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME)) return join(env.XDG_CACHE_HOME, 'eventmap', 'emit');
  try {
    return join(homedir(), '.cache', 'eventmap', 'emit');
  } catch {
    return undefined;
  }
}

/** A cache key from labelled parts (hashes, versions, names); order matters. */
export function cacheKey(parts: readonly string[]): string {
  return sha256([FORMAT, ...parts].join('\n'));
}

export function emitCache(dir: string | undefined, limits: CacheLimits = DEFAULT_LIMITS): EmitCache {
  let added = false;
  const lookup = (key: string) => {
    const file = dir && join(dir, `${key}.json`);
    const files = file ? read(file, key) : undefined;
    if (file && files) touch(file);
    return files;
  };
  const keep = (key: string, files: Map<string, string>) => {
    if (!dir) return;
    write(join(dir, `${key}.json`), key, files);
    added = true;
  };
  return {
    async files(key, compute) {
      const hit = lookup(key);
      if (hit) return hit;
      const files = await compute();
      keep(key, files);
      return files;
    },
    value(key, build, revive, stored = (value) => value) {
      const text = lookup(key)?.get('text');
      if (text !== undefined) {
        try {
          return revive(JSON.parse(text));
        } catch {
          // A damaged entry: a miss, built and stored again.
        }
      }
      const value = build();
      keep(key, new Map([['text', JSON.stringify(stored(value))]]));
      return value;
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

export interface CacheLimits {
  /** Bytes of entries kept; pruning goes down to three quarters of it. */
  maxBytes: number;
  /** Entries kept (many small chunks cost directory lookups more than bytes). */
  maxEntries: number;
}

export const DEFAULT_LIMITS: CacheLimits = { maxBytes: 256 * 1024 * 1024, maxEntries: 20_000 };

/** A leftover `<key>.json.<pid>.tmp` older than this is a killed run's, not a concurrent one's. */
const STALE_TMP_MS = 60 * 60 * 1000;

// Only eventmap's own names (a sha256 key): EVENTMAP_CACHE_DIR may point at a folder other tools
// use too, whose files are not ours to prune.
const ENTRY = /^[0-9a-f]{64}\.json$/;
const TEMP = /^[0-9a-f]{64}\.json\.\d+\.tmp$/;

/** Mark an entry as used now (LRU order is mtime order). */
function touch(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // Read-only cache: entries still serve, only the order goes stale.
  }
}

/** Drop the least recently used entries while the folder is over `limits`, and a killed run's temp files. */
export function pruneCache(dir: string, limits: CacheLimits = DEFAULT_LIMITS, now = Date.now()): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const entries: { file: string; bytes: number; mtime: number }[] = [];
  for (const name of names) {
    const file = join(dir, name);
    try {
      const st = statSync(file);
      if (!st.isFile()) continue;
      if (TEMP.test(name)) {
        if (now - st.mtimeMs > STALE_TMP_MS) rmSync(file, { force: true });
      } else if (ENTRY.test(name)) entries.push({ file, bytes: st.size, mtime: st.mtimeMs });
    } catch {
      // Removed meanwhile by a concurrent run.
    }
  }
  let bytes = entries.reduce((sum, e) => sum + e.bytes, 0);
  let count = entries.length;
  if (bytes <= limits.maxBytes && count <= limits.maxEntries) return;
  const [targetBytes, targetCount] = [limits.maxBytes * 0.75, Math.floor(limits.maxEntries * 0.75)];
  // Oldest first; ties by name, so two machines prune alike.
  entries.sort((a, b) => a.mtime - b.mtime || compareStrings(a.file, b.file));
  for (const e of entries) {
    if (bytes <= targetBytes && count <= targetCount) break;
    try {
      rmSync(e.file, { force: true });
    } catch {
      continue;
    }
    bytes -= e.bytes;
    count--;
  }
}
