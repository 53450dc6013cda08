// A regenerate writes only what changed (generator/io/tree-write.ts): the files generated/ already
// holds byte for byte keep their inode and mtime, so an app's watcher sees only the real change.
// Run on the committed generated/ tree.
import { existsSync, lstatSync, mkdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTree } from '../../generator/io/fsutil.ts';
import { describeWrite, recoverInterruptedWrite, writeTreeAtomic } from '../../generator/io/tree-write.ts';
import { scratchDir } from '../scratch.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const COMMITTED = readTree(join(ROOT, 'generated'));
function target(): string {
  return join(scratchDir('eventmap-tree-write-'), 'generated');
}

const stamp = (file: string) => {
  const st = statSync(file);
  return `${st.ino}:${st.mtimeMs}`;
};

describe('writeTreeAtomic writes only what changed', () => {
  it('a first write writes every file', () => {
    const out = target();
    const w = writeTreeAtomic(out, COMMITTED);
    expect(w).toEqual({ written: COMMITTED.size, unchanged: 0, removed: 0 });
    expect(readTree(out)).toEqual(COMMITTED);
  });

  it('a rewrite of the same tree touches no file', () => {
    const out = target();
    writeTreeAtomic(out, COMMITTED);
    const before = new Map([...COMMITTED.keys()].map((rel) => [rel, stamp(join(out, rel))]));
    const w = writeTreeAtomic(out, COMMITTED);
    expect(w).toEqual({ written: 0, unchanged: COMMITTED.size, removed: 0 });
    for (const [rel, s] of before) expect(stamp(join(out, rel)), rel).toBe(s);
    expect(describeWrite(w, 'generated')).toBe(`wrote 0 files to generated (${COMMITTED.size} unchanged)`);
  });

  it('one changed, one added and one removed file: only those three are touched', () => {
    const out = target();
    writeTreeAtomic(out, COMMITTED);
    const [changed, removed] = [...COMMITTED.keys()].sort();
    const next = new Map(COMMITTED);
    next.set(changed!, `${COMMITTED.get(changed!)!}\n`);
    next.delete(removed!);
    next.set('added/file.txt', 'new\n');
    const before = new Map(
      [...next.keys()].filter((r) => r !== changed).map((r) => [r, COMMITTED.has(r) ? stamp(join(out, r)) : '']),
    );
    const w = writeTreeAtomic(out, next);
    expect(w).toEqual({ written: 2, unchanged: COMMITTED.size - 2, removed: 1 });
    expect(readTree(out)).toEqual(next);
    for (const [rel, s] of before) if (s) expect(stamp(join(out, rel)), rel).toBe(s);
    expect(describeWrite(w, 'g')).toBe(`wrote 2 files to g (${COMMITTED.size - 2} unchanged, 1 removed)`);
  });

  it('a symlink to identical bytes is replaced by a file, never followed or kept', () => {
    const out = target();
    writeTreeAtomic(out, COMMITTED);
    const rel = [...COMMITTED.keys()].sort()[0]!;
    const outside = join(out, '..', 'outside.txt');
    writeFileSync(outside, COMMITTED.get(rel)!);
    rmSync(join(out, rel));
    symlinkSync(outside, join(out, rel));
    const w = writeTreeAtomic(out, COMMITTED);
    expect(w.written).toBe(1);
    expect(lstatSync(join(out, rel)).isFile()).toBe(true);
    expect(existsSync(outside)).toBe(true);
  });

  it('a symlinked folder holding identical bytes is replaced by a real folder', () => {
    const out = target();
    writeTreeAtomic(out, COMMITTED);
    const rel = [...COMMITTED.keys()].find((r) => r.includes('/'))!;
    const folder = rel.slice(0, rel.indexOf('/'));
    const outside = join(out, '..', 'outside');
    // The same files, but in a folder outside generated/ that generated/<folder> links to.
    writeTreeAtomic(outside, new Map([...COMMITTED].filter(([r]) => r.startsWith(`${folder}/`))));
    rmSync(join(out, folder), { recursive: true });
    symlinkSync(join(outside, folder), join(out, folder));
    writeTreeAtomic(out, COMMITTED);
    expect(lstatSync(join(out, folder)).isDirectory()).toBe(true);
    expect(readTree(out)).toEqual(COMMITTED);
    expect(readTree(outside).size).toBeGreaterThan(0);
  });

  it('a decided write whose folder was deleted before it finished is dropped, not half-installed', () => {
    const out = target();
    writeTreeAtomic(out, COMMITTED);
    // What a write killed right after its decision leaves when only one file changed: a commit
    // folder holding that file and the list of all; then someone deletes generated/ by hand.
    const rel = [...COMMITTED.keys()].sort()[0]!;
    const commit = `${out}.eventmap-commit`;
    mkdirSync(commit);
    writeFileSync(join(commit, rel), 'changed\n');
    writeFileSync(join(commit, '.eventmap-tree.json'), JSON.stringify([...COMMITTED.keys()].sort()));
    rmSync(out, { recursive: true });
    recoverInterruptedWrite(out);
    expect(existsSync(commit)).toBe(false);
    expect(existsSync(out)).toBe(false);
    // The next write writes the whole tree.
    expect(writeTreeAtomic(out, COMMITTED).written).toBe(COMMITTED.size);
    expect(readTree(out)).toEqual(COMMITTED);
  });
});

describe('a folder deleted while it is written', () => {
  it('between staging and the commit: one more pass writes the whole tree', () => {
    const out = target();
    writeTreeAtomic(out, COMMITTED);
    const keys = [...COMMITTED.keys()].sort();
    const next = new Map(COMMITTED);
    next.set(keys[0]!, `${COMMITTED.get(keys[0]!)!}\n`);
    // Someone deletes generated/ right after the stage read its last file (the first pass only).
    let deleted = false;
    const racing = new Map(next);
    racing.get = (rel: string) => {
      if (rel === keys[keys.length - 1] && !deleted) {
        deleted = true;
        rmSync(out, { recursive: true, force: true });
      }
      return next.get(rel);
    };
    const w = writeTreeAtomic(out, racing);
    expect(deleted).toBe(true);
    expect(readTree(out)).toEqual(next);
    expect(w.written).toBe(next.size);
  });
});
