// Reading the files of a tree that a pull request can change (the spec, the model, snapshots,
// generated/): only regular files, reached through real folders. A committed symlink could point
// at a secret of the machine that runs the gate (its text would then reach a message or a hash) or
// at /dev/zero; a FIFO would block the read forever. So no link is followed, and nothing but a
// regular file is opened.
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { EventmapError } from '../shared/diagnostics.ts';
import { displayPath } from './display-path.ts';

/** What a path is, when it is not a regular file. */
function kindOf(st: Stats): string {
  if (st.isSymbolicLink()) return 'a symbolic link';
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a named pipe';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

function notRegular(path: string, what: string): EventmapError {
  const file = displayPath(path);
  return new EventmapError({
    code: 'input/not-a-regular-file',
    message: `${file} is ${what}; eventmap reads regular files only, and follows no link`,
    hint: 'replace it with the file itself (e.g. `cp --remove-destination "$(readlink -f F)" F`); if you did not put it there, find out who did',
    file,
  });
}

// O_NOFOLLOW: a link as the last part fails to open (ELOOP) instead of being followed.
// O_NONBLOCK: opening a FIFO returns at once (fstat then refuses it) instead of waiting for a writer.
export const NO_FOLLOW_READ = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** A relative path naming a file inside a tree: no empty, `.` or `..` part, not absolute. */
export const PLAIN_PATH = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[^/\0]+(?:\/[^/\0]+)*$/;

/** What lies at `root/rel`, every part looked at without following it. */
export type Below = 'missing' | 'file' | { at: string; st: Stats };

/**
 * `file` when `root/rel` is a regular file reached through real folders; `missing` when a part is
 * not there; else where the way is blocked (a link, or a non-folder on the way, or a non-file at
 * the end) and by what.
 */
export function whatIsBelow(root: string, rel: string): Below {
  const parts = rel.split('/');
  for (let n = 1; n <= parts.length; n++) {
    const at = join(root, ...parts.slice(0, n));
    const st = lstatSync(at, { throwIfNoEntry: false });
    if (st === undefined) return 'missing';
    if (n < parts.length ? !st.isDirectory() : !st.isFile()) return { at, st };
  }
  return 'file';
}

/**
 * The bytes of `file` (with `rel`: of `file/rel`, each folder on the way below `file` a real one).
 * Throws EventmapError `input/not-a-regular-file` for a link, folder, pipe, socket or device, and
 * the usual Node error (ENOENT…) when there is nothing there.
 */
export function readRegularFile(file: string, rel?: string): Buffer {
  let path = file;
  if (rel !== undefined) {
    const below = whatIsBelow(file, rel);
    if (typeof below === 'object') throw notRegular(below.at, kindOf(below.st));
    path = join(file, rel);
  }
  let fd: number;
  try {
    fd = openSync(path, NO_FOLLOW_READ);
  } catch (err) {
    const st = lstatSync(path, { throwIfNoEntry: false });
    if (st && !st.isFile()) throw notRegular(path, kindOf(st));
    throw err;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw notRegular(path, kindOf(st));
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The same as UTF-8 text. */
export function readRegularText(file: string, rel?: string): string {
  return readRegularFile(file, rel).toString('utf8');
}

/**
 * Whether `path` is a real folder (not a link to one); false when nothing is there. Throws
 * EventmapError `input/not-a-real-folder` for a link or anything else in its place.
 */
export function realFolder(path: string): boolean {
  const st = lstatSync(path, { throwIfNoEntry: false });
  if (st === undefined) return false;
  if (st.isDirectory()) return true;
  const file = displayPath(path);
  throw new EventmapError({
    code: 'input/not-a-real-folder',
    message: `${file} is ${kindOf(st)}, not a folder; eventmap follows no link`,
    hint: 'replace it with a real folder; if you did not put it there, find out who did',
    file,
  });
}
