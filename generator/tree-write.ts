// Replacing a whole output folder (generated/, a snapshot folder) so that a reader never finds it
// missing and a crash never leaves it half-written for good. Under the folder's advisory lock
// (lock.ts):
// 1. finish a write a crash interrupted (recoverInterruptedWrite);
// 2. stage the new tree in a sibling temp folder, with the list of its files;
// 3. commit: rename the staged folder to `<target>.eventmap-commit` (from here on the write is
//    decided), then either rename it into place in one step (when the target does not exist), or
//    move its files into place one rename each (each file is the old or the new one; the folder
//    is always there), delete the files the new tree does not have, and drop the commit folder.
// A crash before 3 leaves the old tree; a crash during 3 leaves a mix that the next write rolls
// forward. (Swapping two folders in one step needs renameat2(RENAME_EXCHANGE), which Node lacks.)
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { EventmapError } from './diagnostics.ts';
import { compareStrings } from './fsutil.ts';
import { alive, withLock, type LockOptions } from './lock.ts';

const TREE_LIST = '.eventmap-tree.json';
const commitPath = (target: string) => `${target}.eventmap-commit`;

/**
 * Replace `target` with exactly `files` (relative POSIX paths → contents). Every failure is an
 * EventmapError naming the path (exit 2); before the commit, the old tree is left as it was.
 */
export function writeTreeAtomic(target: string, files: Map<string, string>, options: LockOptions = {}): void {
  let committing = false;
  try {
    withLock(
      target,
      () => {
        recoverInterruptedWrite(target);
        if (existsSync(target) && !statSync(target).isDirectory()) {
          throw new EventmapError({
            code: 'output/not-a-directory',
            message: `${target} exists and is not a folder; refusing to replace it`,
            hint: 'move or delete it (eventmap writes a folder there), or pass another --root',
            file: target,
          });
        }
        removeDeadSiblings(target);
        const staged = stage(target, files);
        committing = true;
        renameSync(staged, commitPath(target));
        commit(target);
      },
      options,
    );
  } catch (err) {
    throw writeError(err, target, committing);
  }
}

/** Finish a write that was killed after it was decided (its commit folder is there). */
export function recoverInterruptedWrite(target: string): void {
  if (existsSync(commitPath(target))) commit(target);
}

function stage(target: string, files: Map<string, string>): string {
  const temp = `${target}.eventmap-tmp-${process.pid}`;
  try {
    rmSync(temp, { recursive: true, force: true });
    mkdirSync(temp); // not recursive: on a read-only file system that says EROFS, not ENOENT
    const sorted = [...files.keys()].sort(compareStrings);
    sorted.forEach((rel, i) => {
      if (i === sorted.length >> 1) crashPoint('writing');
      const full = join(temp, rel);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, files.get(rel)!);
    });
    writeFileSync(join(temp, TREE_LIST), JSON.stringify(sorted));
    return temp;
  } catch (err) {
    rmSync(temp, { recursive: true, force: true });
    throw err;
  }
}

function commit(target: string): void {
  const dir = commitPath(target);
  if (!existsSync(target)) {
    rmSync(join(dir, TREE_LIST), { force: true });
    renameSync(dir, target);
    return;
  }
  const list = JSON.parse(readFileSync(join(dir, TREE_LIST), 'utf8')) as string[];
  list.forEach((rel, i) => {
    if (i === list.length >> 1) crashPoint('committing');
    const from = join(dir, rel);
    if (!existsSync(from)) return; // moved before an interruption
    makeRoom(target, rel);
    renameSync(from, join(target, rel));
  });
  crashPoint('before-cleanup');
  removeOthers(target, new Set(list));
  rmSync(dir, { recursive: true, force: true });
}

/**
 * A file of the new tree goes where the old tree had a folder, or below an old file or symlink:
 * clear the way. Symlinks are never followed (one could point outside the folder).
 */
function makeRoom(target: string, rel: string): void {
  const parts = rel.split('/');
  for (let n = 1; n < parts.length; n++) {
    const at = join(target, ...parts.slice(0, n));
    const st = lstatSync(at, { throwIfNoEntry: false });
    if (st && !st.isDirectory()) rmSync(at);
  }
  mkdirSync(dirname(join(target, rel)), { recursive: true });
  const to = join(target, rel);
  if (lstatSync(to, { throwIfNoEntry: false })?.isDirectory()) rmSync(to, { recursive: true });
}

/** Remove every entry below `dir` (symlinks as entries, not followed) that `keep` does not list, then empty folders. */
function removeOthers(dir: string, keep: Set<string>, prefix = ''): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = `${prefix}${entry.name}`;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      removeOthers(full, keep, `${rel}/`);
      if (readdirSync(full).length === 0) rmdirSync(full);
    } else if (!keep.has(rel)) rmSync(full, { force: true });
  }
}

/** Temp folders (staging, lock hand-overs) of processes that are gone: nobody will finish them. */
function removeDeadSiblings(target: string): void {
  const prefix = `${basename(target)}.eventmap-`;
  let names: string[];
  try {
    names = readdirSync(dirname(target));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = /-(\d+)$/.exec(name)?.[1];
    if (!name.startsWith(prefix) || pid === undefined || Number(pid) === process.pid || alive(Number(pid))) continue;
    rmSync(join(dirname(target), name), { recursive: true, force: true });
  }
}

function writeError(err: unknown, target: string, committing: boolean): EventmapError {
  if (err instanceof EventmapError) return err;
  const e = err as Partial<NodeJS.ErrnoException> | undefined;
  const why =
    typeof e?.code === 'string' ? `${e.code} (${e.message})` : err instanceof Error ? err.message : String(err);
  return new EventmapError({
    code: 'output/write-failed',
    message: `cannot write ${target}: ${why}; ${committing ? 'the write stopped part-way and the next run finishes it' : 'it was left as it was'}`,
    hint:
      e?.code === 'ENOSPC'
        ? 'free some disk space and run the command again'
        : 'make the folder writable (or pass another --root) and run the command again',
    file: typeof e?.path === 'string' ? e.path : target,
  });
}

/**
 * Test hook (test/bad-input/interrupted-write.test.ts): EVENTMAP_CRASH_AT=<point> kills this
 * process with SIGKILL at that point of writeTreeAtomic, to check what a crash leaves behind
 * (random SIGKILLs rarely land in the few milliseconds the write takes). Unset, it does nothing.
 */
function crashPoint(point: 'writing' | 'committing' | 'before-cleanup'): void {
  if (process.env.EVENTMAP_CRASH_AT === point) process.kill(process.pid, 'SIGKILL');
}

/** Replace one file atomically (temp file beside it, then a rename): a reader sees the old text or the new. */
export function writeFileAtomic(file: string, text: string): void {
  const temp = `${file}.eventmap-tmp-${process.pid}`;
  try {
    writeFileSync(temp, text);
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw writeError(err, file, false);
  }
}
