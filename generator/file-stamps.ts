// A file's stamp: device, inode, size, and modification and change times in nanoseconds — what
// git's index compares to know a file unchanged without reading it. On Linux and macOS the change
// time cannot be set back by hand, so a rewrite that keeps the size and restores the mtime still
// changes the stamp (Windows lets a program set it, and FAT keeps none: there the mtime decides).
import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, unlinkSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

export type Stamp = string;

export function stampOf(st: BigIntStats): Stamp {
  return `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
}

/** The stamp of the regular file at `path` now (no link followed); undefined when there is none. */
export function currentStamp(path: string): Stamp | undefined {
  try {
    const st = lstatSync(path, { bigint: true, throwIfNoEntry: false });
    return st?.isFile() ? stampOf(st) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a stamp can vouch for the content read with it later: the file was last changed at
 * least SETTLED_NS before `nowNs`, a time of the same file-system clock (fileSystemNow). A file
 * written within the file system's timestamp tick of the read could change again with the same
 * size and times (git's "racily clean" files); such a file is hashed again next time, when its
 * stamp has settled.
 */
export function settled(stamp: Stamp, nowNs: bigint): boolean {
  const [, , , mtime, ctime] = stamp.split(':');
  const last = BigInt(mtime!) > BigInt(ctime!) ? BigInt(mtime!) : BigInt(ctime!);
  return last <= nowNs - SETTLED_NS;
}

/** Longer than any file system's timestamp granularity (FAT's is 2 s). */
const SETTLED_NS = 3_000_000_000n;

/**
 * Now, by the clock that stamps files in `dir`: the change time of a file created there. A
 * network file system stamps by its server's clock, which can be behind this machine's; git
 * compares with its index file's time for the same reason. That is the project's clock when `dir`
 * is on the project's file system (the default cache folder is). Undefined when `dir` is not writable.
 */
export function fileSystemNow(dir: string): bigint | undefined {
  const probe = join(dir, `.eventmap-clock-${process.pid}-${threadId}`);
  let fd: number | undefined;
  try {
    mkdirSync(dir, { recursive: true });
    fd = openSync(probe, 'wx'); // a new file: never through a link, never one someone left there
    return fstatSync(fd, { bigint: true }).ctimeNs;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) {
      closeSync(fd);
      try {
        unlinkSync(probe);
      } catch {
        // removed meanwhile
      }
    }
  }
}
