// File helpers shared by the stages: hashing, stable JSON, sorted listings, atomic tree writes.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

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
 * new one, never a mix.
 */
export function writeTreeAtomic(target: string, files: Map<string, string>): void {
  recoverInterruptedWrite(target);
  const temp = `${target}.eventmap-tmp-${process.pid}`;
  const old = `${target}.eventmap-old`;
  rmSync(temp, { recursive: true, force: true });
  try {
    mkdirSync(temp, { recursive: true });
    for (const [rel, contents] of [...files].sort(([a], [b]) => compareStrings(a, b))) {
      const full = join(temp, rel);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, contents);
    }
    if (existsSync(target)) renameSync(target, old);
    renameSync(temp, target);
    rmSync(old, { recursive: true, force: true });
  } catch (err) {
    rmSync(temp, { recursive: true, force: true });
    throw err;
  }
}

/** Undo a write that was killed between its two renames. */
export function recoverInterruptedWrite(target: string): void {
  const old = `${target}.eventmap-old`;
  if (!existsSync(old)) return;
  if (existsSync(target)) rmSync(old, { recursive: true, force: true });
  else renameSync(old, target);
}
