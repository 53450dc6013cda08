// The emit cache is bounded: every snapshot bump and every eventmap upgrade adds megabytes of
// validators, every spec edit a few formatted chunks. A hit refreshes its entry's mtime; a run
// that added entries then drops the least recently used ones while the folder is over its bound,
// and temp files a killed run left behind. Best effort, like the cache itself.
import { readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

export interface CacheLimits {
  /** Bytes of entries kept; pruning goes down to three quarters of it. */
  maxBytes: number;
  /** Entries kept (many small chunks cost directory lookups more than bytes). */
  maxEntries: number;
}

export const DEFAULT_LIMITS: CacheLimits = { maxBytes: 256 * 1024 * 1024, maxEntries: 20_000 };

/** A leftover `<key>.json.<pid>.tmp` older than this is a killed run's, not a concurrent one's. */
const STALE_TMP_MS = 60 * 60 * 1000;

// Only eventmap's own names (cache.ts: a sha256 key): EVENTMAP_CACHE_DIR may point at a folder
// other tools use too (node_modules/.cache, /tmp), whose files are not ours to prune.
const ENTRY = /^[0-9a-f]{64}\.json$/;
const TEMP = /^[0-9a-f]{64}\.json\.\d+\.tmp$/;

/** Mark an entry as used now (LRU order is mtime order). */
export function touch(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // Read-only cache: entries still serve, only the order goes stale.
  }
}

/** Drop the least recently used entries while the folder is over `limits`. */
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
  entries.sort((a, b) => a.mtime - b.mtime || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
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
