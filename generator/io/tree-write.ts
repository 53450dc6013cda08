// Replacing a whole output folder (generated/, a snapshot folder) so that a reader never finds it
// missing and a crash never leaves it half-written for good. Under the folder's advisory lock
// (lock.ts):
// 1. finish a write a crash interrupted (recoverInterruptedWrite);
// 2. stage the new tree in a sibling temp folder, with the list of its files — but for the files
//    the folder already holds byte for byte, which stay as they are (same inode and mtime: a
//    watcher in the app sees only what changed, and a regenerate writes only that);
// 3. commit: rename the staged folder to `<target>.eventmap-commit` (from here on the write is
//    decided), then either rename it into place in one step (when the target does not exist), or
//    move its files into place one rename each (each file is the old or the new one; the folder
//    is always there), delete the files the new tree does not have, and drop the commit folder.
// A crash before 3 leaves the old tree; a crash during 3 leaves a mix that the next write rolls
// forward. (Swapping two folders in one step needs renameat2(RENAME_EXCHANGE), which Node lacks.)
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { EventmapError } from '../shared/diagnostics.ts';
import { compareStrings } from './fsutil.ts';
import { alive, withLock, type LockOptions } from './lock.ts';
import { PLAIN_PATH, readRegularText, whatIsBelow } from './safe-read.ts';

const TREE_LIST = '.eventmap-tree.json';
const commitPath = (target: string) => `${target}.eventmap-commit`;

/** What a tree write did: files written (new or changed), left as they were, and removed. */
export interface TreeWrite {
  written: number;
  unchanged: number;
  removed: number;
}

/** `wrote 3 files to <dir> (18 unchanged, 1 removed)`, for a command's one line of output. */
export function describeWrite(w: TreeWrite, dir: string): string {
  const others = [w.unchanged ? `${w.unchanged} unchanged` : '', w.removed ? `${w.removed} removed` : ''].filter(
    Boolean,
  );
  return `wrote ${w.written} ${w.written === 1 ? 'file' : 'files'} to ${dir}${others.length ? ` (${others.join(', ')})` : ''}`;
}

/**
 * Replace `target` with exactly `files` (relative POSIX paths → contents). Every failure is an
 * EventmapError naming the path (exit 2); before the commit, the old tree is left as it was.
 */
export function writeTreeAtomic(target: string, files: Map<string, string>, options: LockOptions = {}): TreeWrite {
  let committing = false;
  const result: TreeWrite = { written: 0, unchanged: 0, removed: 0 };
  try {
    withLock(
      target,
      () => {
        assertReplaceable(target);
        recoverInterruptedWrite(target);
        removeDeadSiblings(target);
        // A file left in place because it was unchanged can vanish before the commit (the folder
        // deleted by hand meanwhile): then the tree is incomplete, and one more pass restores it.
        for (let pass = 1; ; pass++) {
          const staged = stage(target, files, result);
          committing = true;
          renameSync(staged, commitPath(target));
          result.removed += commit(target);
          if ([...files.keys()].every((rel) => lstatSync(join(target, rel), { throwIfNoEntry: false })?.isFile()))
            break;
          if (pass === 2)
            throw new EventmapError({
              code: 'output/changed-while-writing',
              message: `${target} changed while eventmap wrote it: files it had left in place are gone`,
              hint: 'run the command again, with nothing else writing to or deleting that folder meanwhile',
              file: target,
            });
          committing = false;
          result.written = result.unchanged = 0; // counted again by the next pass
        }
      },
      options,
    );
  } catch (err) {
    throw writeError(err, target, committing);
  }
  return result;
}

/** `target` is missing or a real folder; a link is refused too: writing through it would replace — and prune — the folder it points at. */
function assertReplaceable(target: string): boolean {
  const st = lstatSync(target, { throwIfNoEntry: false });
  if (st && !st.isDirectory()) {
    throw new EventmapError({
      code: 'output/not-a-directory',
      message: `${target} exists and is ${st.isSymbolicLink() ? 'a symbolic link' : 'not a folder'}; refusing to replace it`,
      hint: 'move or delete it (eventmap writes a folder there), or pass another --root',
      file: target,
    });
  }
  return st !== undefined;
}

/** Finish a write that was killed after it was decided (its commit folder is there). */
export function recoverInterruptedWrite(target: string): void {
  if (lstatSync(commitPath(target), { throwIfNoEntry: false }) !== undefined) commit(target);
}

function stage(target: string, files: Map<string, string>, result: TreeWrite): string {
  const temp = `${target}.eventmap-tmp-${process.pid}`;
  try {
    rmSync(temp, { recursive: true, force: true });
    mkdirSync(temp); // not recursive: on a read-only file system that says EROFS, not ENOENT
    const sorted = [...files.keys()].sort(compareStrings);
    sorted.forEach((rel, i) => {
      if (i === sorted.length >> 1) crashPoint('writing');
      const text = files.get(rel)!;
      // Not staged, not moved: commit() takes a listed file missing from the stage as in place.
      if (holds(target, rel, text)) {
        result.unchanged++;
        return;
      }
      result.written++;
      const full = join(temp, rel);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, text);
    });
    writeFileSync(join(temp, TREE_LIST), JSON.stringify(sorted));
    return temp;
  } catch (err) {
    rmSync(temp, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Whether `target/rel` is a regular file holding exactly `text`, reached through real folders only
 * (a symlink on the way is never followed: the write replaces it, as makeRoom does).
 */
function holds(target: string, rel: string, text: string): boolean {
  try {
    const file = join(target, rel);
    if (whatIsBelow(target, rel) !== 'file') return false;
    if (lstatSync(file).size !== Buffer.byteLength(text)) return false;
    return readFileSync(file).equals(Buffer.from(text));
  } catch {
    return false; // unreadable: write it, and let the write say what is wrong
  }
}

/** Move the decided tree into place; returns how many old files it removed. */
function commit(target: string): number {
  const dir = commitPath(target);
  const list = decidedList(dir);
  if (!assertReplaceable(target)) {
    // The folder went away after the write was decided (deleted by hand): the files it held
    // unchanged went with it, so a stage without them is no tree: drop it (the caller writes anew).
    if (list.some((rel) => !staged(dir, rel))) {
      rmSync(dir, { recursive: true, force: true });
      return 0;
    }
    rmSync(join(dir, TREE_LIST), { force: true });
    renameSync(dir, target);
    return 0;
  }
  list.forEach((rel, i) => {
    if (i === list.length >> 1) crashPoint('committing');
    const from = join(dir, rel);
    if (!staged(dir, rel)) return; // moved before an interruption, or left in place unchanged
    makeRoom(target, rel);
    renameSync(from, join(target, rel));
  });
  crashPoint('before-cleanup');
  const removed = removeOthers(target, new Set(list));
  rmSync(dir, { recursive: true, force: true });
  return removed;
}

/**
 * The file list of a decided write, checked: the commit folder could also be one a pull request
 * committed, so it must be a real folder holding a regular list of plain relative paths.
 */
function decidedList(dir: string): string[] {
  const bad = (why: string) =>
    new EventmapError({
      code: 'output/bad-commit-folder',
      message: `${dir} is not a write eventmap left behind (${why}); refusing to finish it`,
      hint: 'delete that folder (a killed eventmap leaves a real folder there, never a link), then run the command again',
      file: dir,
    });
  if (!lstatSync(dir).isDirectory()) throw bad('not a real folder');
  let list: unknown;
  try {
    list = JSON.parse(readRegularText(dir, TREE_LIST));
  } catch {
    throw bad(`no readable ${TREE_LIST}`);
  }
  if (!Array.isArray(list) || !list.every((rel) => typeof rel === 'string' && PLAIN_PATH.test(rel)))
    throw bad(`${TREE_LIST} lists a path that is not a plain relative one`);
  return list as string[];
}

/**
 * Whether the commit folder holds `rel` as a regular file reached through real folders; false when
 * it does not hold it; an error for a link or anything else on the way (never followed).
 */
function staged(dir: string, rel: string): boolean {
  const below = whatIsBelow(dir, rel);
  if (typeof below !== 'object') return below === 'file';
  throw new EventmapError({
    code: 'output/bad-commit-folder',
    message: `${below.at} is not a file eventmap staged (a link, or something else in its place); refusing to move it`,
    hint: `delete ${dir}, then run the command again`,
    file: below.at,
  });
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

/**
 * Remove every entry below `dir` (symlinks as entries, not followed) that `keep` does not list,
 * then empty folders; returns how many entries it removed.
 */
function removeOthers(dir: string, keep: Set<string>, prefix = ''): number {
  let removed = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = `${prefix}${entry.name}`;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      removed += removeOthers(full, keep, `${rel}/`);
      if (readdirSync(full).length === 0) rmdirSync(full);
    } else if (!keep.has(rel)) {
      rmSync(full, { force: true });
      removed++;
    }
  }
  return removed;
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
