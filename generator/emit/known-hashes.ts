// The sha256 of the files earlier runs read, by path and stamp (../file-stamps.ts), kept in the
// emit cache folder (../used-record.ts): a warm generate hashes only what changed since (the
// snapshots are megabytes that a spec edit does not touch). Off wherever nothing may be trusted
// (generate and check in CI: PipelineOptions.reuseGenerated).
import { fileSystemNow, settled, type Stamp } from '../file-stamps.ts';
import { usedRecord } from '../used-record.ts';

export interface KnownHashes {
  /** The hash recorded for `path` while its stamp is still `stamp`. */
  get(path: string, stamp: Stamp): string | undefined;
  /** What this run read: kept for the next run once the stamp has settled. */
  set(path: string, stamp: Stamp, hash: string): void;
  /** Write the record of this run's files (so it never holds more than one project's files). */
  save(): void;
}

type Entry = [Stamp, string];
const isEntry = (v: unknown): v is Entry =>
  Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string';

/** `nowNs`: the time stamps settle against: the earlier of the cache folder's file-system clock and this machine's. */
export function knownHashes(
  dir: string | undefined,
  nowNs: () => bigint = () => {
    const wall = wallClockNs();
    const fs = dir === undefined ? undefined : fileSystemNow(dir);
    return fs !== undefined && fs < wall ? fs : wall;
  },
): KnownHashes {
  const record = usedRecord(dir, 'file-hashes.json', 'eventmap-file-hashes-1', isEntry);
  let now: bigint | undefined; // taken when first needed: a run that reads no file writes no probe
  return {
    get(path, stamp) {
      const entry = record.earlier(path);
      return entry?.[0] === stamp ? entry[1] : undefined;
    },
    set(path, stamp, hash) {
      const entry = record.earlier(path);
      const same = entry?.[0] === stamp && entry[1] === hash;
      record.use(path, same ? entry : [stamp, hash], settled(stamp, (now ??= nowNs())));
    },
    save: () => record.save(),
  };
}

function wallClockNs(): bigint {
  return BigInt(Date.now()) * 1_000_000n;
}
