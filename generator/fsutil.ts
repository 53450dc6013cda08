// File helpers shared by the stages: hashing, stable JSON, sorted listings, atomic tree writes.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { EventmapError } from './diagnostics.ts';

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** JSON with a trailing newline; keys sorted when asked, so output never depends on insertion order. */
export function stableJson(value: unknown, options: { sortKeys?: boolean } = {}): string {
  const replacer = options.sortKeys
    ? (_key: string, v: unknown) =>
        v && typeof v === 'object' && !Array.isArray(v)
          ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => compareStrings(a, b)))
          : v
    : undefined;
  return `${JSON.stringify(value, replacer, 2)}\n`;
}

/** Locale-independent string order (code units), used everywhere output order matters. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Every file below `root`, as POSIX relative paths in a stable order. */
export function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort(compareStrings)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(root, full).split(sep).join('/'));
    }
  };
  if (existsSync(root)) walk(root);
  return out;
}

/** Read a whole tree into memory: relative path → contents. */
export function readTree(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const rel of listFiles(root)) files.set(rel, readFileSync(join(root, rel), 'utf8'));
  return files;
}

/**
 * Replace `target` with exactly `files`, atomically as far as POSIX allows: the new tree is
 * written to a sibling temp folder, the old one is renamed aside, the new one renamed into place,
 * and the old one removed. A crash between the two renames leaves `<target>.eventmap-old`,
 * which `recoverInterruptedWrite` puts back on the next run: a reader sees the old tree or the
 * new one, never a mix. A write that fails (disk full, read-only file system) leaves the old tree
 * and throws an EventmapError naming the path (exit 2).
 */
export function writeTreeAtomic(target: string, files: Map<string, string>): void {
  recoverInterruptedWrite(target);
  if (existsSync(target) && !statSync(target).isDirectory()) {
    throw new EventmapError({
      code: 'output/not-a-directory',
      message: `${target} exists and is not a folder; refusing to replace it`,
      hint: 'move or delete it (generate writes a folder there), or pass another --root',
      file: target,
    });
  }
  removeStaleTemps(target);
  const temp = `${target}${TEMP_INFIX}${process.pid}`;
  const old = `${target}.eventmap-old`;
  try {
    rmSync(temp, { recursive: true, force: true });
    mkdirSync(dirname(temp), { recursive: true }); // a new snapshot's source folder (upstream add)
    mkdirSync(temp); // not recursive: on a read-only file system that says EROFS, not ENOENT
    const sorted = [...files].sort(([a], [b]) => compareStrings(a, b));
    sorted.forEach(([rel, contents], i) => {
      if (i === sorted.length >> 1) crashPoint('writing');
      const full = join(temp, rel);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, contents);
    });
    if (existsSync(target)) renameSync(target, old);
    crashPoint('between-renames');
    renameSync(temp, target);
    crashPoint('before-cleanup');
  } catch (err) {
    try {
      rmSync(temp, { recursive: true, force: true });
      recoverInterruptedWrite(target);
    } catch {
      // the next run's recoverInterruptedWrite / removeStaleTemps finishes the job
    }
    throw writeError(err, target);
  }
  try {
    rmSync(old, { recursive: true, force: true });
  } catch {
    // The new tree is in place; the next run's recoverInterruptedWrite removes what is left.
  }
}

/** Undo a write that was killed between its two renames. */
export function recoverInterruptedWrite(target: string): void {
  const old = `${target}.eventmap-old`;
  if (!existsSync(old)) return;
  if (existsSync(target)) rmSync(old, { recursive: true, force: true });
  else renameSync(old, target);
}

const TEMP_INFIX = '.eventmap-tmp-';

/** Temp trees of writes whose process is gone (killed before its rename): nobody will finish them. */
function removeStaleTemps(target: string): void {
  const dir = dirname(target);
  const prefix = `${basename(target)}${TEMP_INFIX}`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || alive(pid)) continue;
    rmSync(join(dir, name), { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function writeError(err: unknown, target: string): unknown {
  if (err instanceof EventmapError) return err;
  const e = err as NodeJS.ErrnoException;
  if (typeof e?.code !== 'string') return err;
  return new EventmapError({
    code: 'output/write-failed',
    message: `cannot write ${target}: ${e.code} (${e.message}); it was left as it was`,
    hint: e.code === 'ENOSPC' ? 'free some disk space and run generate again' : 'make the folder writable (or pass another --root) and run generate again',
    file: typeof e.path === 'string' ? e.path : target,
  });
}

/**
 * Test hook (test/bad-input/interrupted-write.test.ts): EVENTMAP_CRASH_AT=<point> kills this
 * process with SIGKILL at that point of writeTreeAtomic, to check what a crash leaves behind
 * (random SIGKILLs rarely land in the few milliseconds the write takes). Unset, it does nothing.
 */
function crashPoint(point: 'writing' | 'between-renames' | 'before-cleanup'): void {
  if (process.env.EVENTMAP_CRASH_AT === point) process.kill(process.pid, 'SIGKILL');
}

/** Replace one file atomically (temp file beside it, then a rename): a reader sees the old text or the new. */
export function writeFileAtomic(file: string, text: string): void {
  const temp = `${file}${TEMP_INFIX}${process.pid}`;
  try {
    writeFileSync(temp, text);
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw writeError(err, file);
  }
}
