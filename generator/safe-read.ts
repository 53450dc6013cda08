// Reading the files of a tree that a pull request can change (the spec, the model, snapshots,
// generated/): only regular files, reached through real folders. A committed symlink could point
// at a secret of the machine that runs the gate (its text would then reach a message or a hash) or
// at /dev/zero; a FIFO would block the read forever. So no link is followed, and nothing but a
// regular file is opened.
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, type Stats } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { EventmapError } from './diagnostics.ts';

/** What a path is, when it is not a regular file. */
function kindOf(st: Stats): string {
  if (st.isSymbolicLink()) return 'a symbolic link';
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a named pipe';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** As displayPath (fsutil.ts, which imports this file) shows a path. */
function shown(path: string): string {
  const r = relative(process.cwd(), path);
  return r.startsWith('..') || isAbsolute(r) ? path : r;
}

function notRegular(path: string, what: string): EventmapError {
  const file = shown(path);
  return new EventmapError({
    code: 'input/not-a-regular-file',
    message: `${file} is ${what}; eventmap reads regular files only, and follows no link`,
    hint: 'replace it with the file itself (e.g. `cp --remove-destination "$(readlink -f F)" F`); if you did not put it there, find out who did',
    file,
  });
}

// O_NOFOLLOW: a link as the last part fails to open (ELOOP) instead of being followed.
// O_NONBLOCK: opening a FIFO returns at once (fstat then refuses it) instead of waiting for a writer.
const FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * The bytes of `file` (with `rel`: of `file/rel`, each folder on the way below `file` a real one).
 * Throws EventmapError `input/not-a-regular-file` for a link, folder, pipe, socket or device, and
 * the usual Node error (ENOENT…) when there is nothing there.
 */
export function readRegularFile(file: string, rel?: string): Buffer {
  let path = file;
  if (rel !== undefined) {
    const parts = rel.split('/');
    for (let n = 1; n < parts.length; n++) {
      const at = join(file, ...parts.slice(0, n));
      const st = lstatSync(at, { throwIfNoEntry: false });
      if (st && !st.isDirectory()) throw notRegular(at, kindOf(st));
    }
    path = join(file, rel);
  }
  let fd: number;
  try {
    fd = openSync(path, FLAGS);
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
  const file = shown(path);
  throw new EventmapError({
    code: 'input/not-a-real-folder',
    message: `${file} is ${kindOf(st)}, not a folder; eventmap follows no link`,
    hint: 'replace it with a real folder; if you did not put it there, find out who did',
    file,
  });
}
