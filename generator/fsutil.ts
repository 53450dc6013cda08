// File helpers shared by the stages: hashing, stable JSON, sorted listings (tree writes: tree-write.ts).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { isObj } from './schema/object.ts';

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** JSON with a trailing newline; keys sorted when asked, so output never depends on insertion order. */
export function stableJson(value: unknown, options: { sortKeys?: boolean } = {}): string {
  const replacer = options.sortKeys
    ? (_key: string, v: unknown) =>
        isObj(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => compareStrings(a, b))) : v
    : undefined;
  return `${JSON.stringify(value, replacer, 2)}\n`;
}

/** Locale-independent string order (code units), used everywhere output order matters. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A path as messages show it: relative to the working directory when inside it. */
export function displayPath(file: string): string {
  const r = relative(process.cwd(), file);
  return r.startsWith('..') ? file : r;
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
