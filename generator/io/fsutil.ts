// File helpers shared by the stages: hashing, stable JSON, sorted listings (tree writes: tree-write.ts).
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { EventmapError } from '../shared/diagnostics.ts';
import { readRegularText, realFolder } from './safe-read.ts';
import { isObj } from '../schema/object.ts';

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

export { displayPath } from './display-path.ts';

/**
 * Every entry below `root` that is not a folder, as POSIX relative paths in a stable order (none
 * when `root` does not exist; an error when it is a link). Only real folders are walked: a symlink (to a folder or not), a pipe or a device is listed as an
 * entry, never followed, so that its reader refuses it by name (./safe-read.ts).
 */
export function listFiles(root: string): string[] {
  const out: string[] = [];
  // Relative paths built as the walk descends (an entry's name holds no separator): path.relative
  // per file was a third of listing the snapshots in a check.
  const walk = (dir: string, rel: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => compareStrings(a.name, b.name));
    for (const entry of entries) {
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(join(dir, entry.name), path);
      else out.push(path);
    }
  };
  if (realFolder(root)) walk(root, ''); // a link in place of the root is refused, not walked
  return out;
}

/**
 * Read a whole tree into memory: relative path → contents, regular files only (./safe-read.ts).
 * `irregular` decides what an entry that is not one stands for; by default it is an error.
 */
export function readTree(root: string, irregular?: (rel: string, err: EventmapError) => string): Map<string, string> {
  const files = new Map<string, string>();
  for (const rel of listFiles(root)) {
    try {
      files.set(rel, readRegularText(root, rel));
    } catch (err) {
      if (!irregular || !(err instanceof EventmapError)) throw err;
      files.set(rel, irregular(rel, err));
    }
  }
  return files;
}
