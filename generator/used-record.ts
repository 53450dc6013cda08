// A small JSON record in the emit cache folder that a run reads whole at its start and writes
// back at its end with only the entries it used: bounded by one project's inputs, never pruned.
// Best effort, like the cache: an unreadable record (or one another format or eventmap wrote) is
// empty, an unwritable one is not kept. Used by emit/known-hashes.ts and spec/block-store.ts.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { compareStrings } from './fsutil.ts';

export interface UsedRecord<T> {
  /** The entry an earlier run stored under `key`. */
  earlier(key: string): T | undefined;
  /** What this run used or made under `key` (`keep` false: used, but not to be stored). */
  use(key: string, value: T, keep?: boolean): void;
  /** Write this run's entries, when they differ from what was read. */
  save(): void;
}

/**
 * The record `name` in `dir` (undefined: no folder, nothing kept); `version` names what wrote
 * it (a record another version wrote is empty); `valid` checks each stored entry.
 */
export function usedRecord<T>(
  dir: string | undefined,
  name: string,
  version: string,
  valid: (value: unknown) => value is T,
): UsedRecord<T> {
  const earlier = dir === undefined ? new Map<string, T>() : readRecord(join(dir, name), version, valid);
  const used = new Map<string, T>();
  let changed = false;
  return {
    earlier: (key) => earlier.get(key),
    use(key, value, keep = true) {
      if (!keep) {
        changed ||= earlier.has(key);
        return;
      }
      if (earlier.get(key) !== value) changed = true;
      used.set(key, value);
    },
    save() {
      if (dir === undefined || (!changed && used.size === earlier.size)) return;
      const entries = Object.fromEntries([...used].sort(([a], [b]) => compareStrings(a, b)));
      // Unique per thread and write: two runs in one process (test workers) never share a temp file.
      const tmp = join(dir, `${name}.${process.pid}-${threadId}-${++writes}.tmp`);
      try {
        mkdirSync(dir, { recursive: true });
        writeFileSync(tmp, JSON.stringify({ version, entries }), { flag: 'wx' }); // never through a link
        renameSync(tmp, join(dir, name));
      } catch {
        // A read-only or full disk (or a file where the folder should be) only costs the next run the work.
        try {
          rmSync(tmp, { force: true });
        } catch {
          // nothing was written
        }
      }
      changed = false;
    },
  };
}

let writes = 0;

function readRecord<T>(file: string, version: string, valid: (value: unknown) => value is T): Map<string, T> {
  const out = new Map<string, T>();
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown; entries?: unknown };
    if (data.version !== version || typeof data.entries !== 'object' || data.entries === null) return out;
    for (const [key, value] of Object.entries(data.entries)) if (valid(value)) out.set(key, value);
  } catch {
    // no record yet
  }
  return out;
}
