// Bad-input catalog, a generate killed part-way through: whatever the moment, generated/ is there;
// it is the old tree, the new one, or (killed while moving the new files in) a mix that the next
// write rolls forward to the new tree (tree-write.ts).
//
// Random SIGKILLs land in the few milliseconds of the write only by luck, so the write's three
// critical points are also hit on purpose with the EVENTMAP_CRASH_AT test hook (generator/io/tree-write.ts),
// which SIGKILLs the process exactly there.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventmapError } from '../../generator/shared/diagnostics.ts';
import { readTree } from '../../generator/io/fsutil.ts';
import { recoverInterruptedWrite, writeTreeAtomic } from '../../generator/io/tree-write.ts';
import { BIN, sameTree, workspace } from './support.ts';
import { LONG } from '../fuzz/support.ts';

const w = workspace('killed');
const generated = w.at('generated');
afterAll(() => w.remove());

let OLD: Map<string, string>;
let NEW: Map<string, string>;
let generateSeconds = 3;

beforeAll(() => {
  OLD = readTree(generated);
  // A spec edit that changes the output, so that the old and new trees differ.
  const spec = w.read('mapping-spec.yaml');
  const reason = /ignore: (UI read-marker bookkeeping[^\n]*)/.exec(spec)![1]!;
  w.write('mapping-spec.yaml', spec.replace(reason, `${reason} (edited)`));
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [BIN, '--root', w.root, 'generate'], { encoding: 'utf8' });
  generateSeconds = Number(process.hrtime.bigint() - t) / 1e9;
  expect(r.status, r.stderr).toBe(0);
  NEW = readTree(generated);
  expect(sameTree(OLD, NEW)).toBe(false);
});

/** Put the old tree back, and nothing else next to it. */
function reset(): void {
  for (const name of readdirSync(w.root))
    if (name === 'generated' || name.startsWith('generated.eventmap-'))
      rmSync(join(w.root, name), { recursive: true, force: true });
  for (const [rel, text] of OLD) {
    mkdirSync(dirname(join(generated, rel)), { recursive: true });
    writeFileSync(join(generated, rel), text);
  }
}

function which(): 'old' | 'new' | 'missing' | 'MIXED' {
  if (!existsSync(generated)) return 'missing';
  const tree = readTree(generated);
  return sameTree(tree, OLD) ? 'old' : sameTree(tree, NEW) ? 'new' : 'MIXED';
}

const siblings = () =>
  readdirSync(w.root)
    .filter((n) => n.startsWith('generated.eventmap-'))
    .map((n) => n.replace(/\d+$/, '<pid>'));

function crashAt(point: string) {
  reset();
  return spawnSync(process.execPath, [BIN, '--root', w.root, 'generate'], {
    encoding: 'utf8',
    env: { ...process.env, EVENTMAP_CRASH_AT: point },
  });
}

describe('a generate killed part-way through', () => {
  // Random kills are a long, statistical run: `npm run fuzz`. The crash points below pin each
  // moment deterministically in `npm test`.
  it.runIf(LONG)(
    'SIGKILL at random moments: generated/ is always there, and after recovery it is the old tree or the new one',
    async () => {
      const seen: string[] = [];
      for (let i = 0; i < 4; i++) {
        reset();
        // Kills spread over the second half of a run and a little past it, where the write is.
        const delay = generateSeconds * 1000 * (0.5 + 0.6 * Math.random());
        const child = spawn(process.execPath, [BIN, '--root', w.root, 'generate'], { stdio: 'ignore' });
        const timer = setTimeout(() => child.kill('SIGKILL'), delay);
        const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
          child.on('exit', (_code, s) => resolve(s)),
        );
        clearTimeout(timer);
        const state = which();
        expect(state).not.toBe('missing');
        if (state === 'MIXED')
          expect(siblings(), 'killed while moving files in: the commit folder is there to finish it').toContain(
            'generated.eventmap-commit',
          );
        recoverInterruptedWrite(generated);
        const recovered = which();
        expect(['old', 'new']).toContain(recovered);
        seen.push(`${signal ?? 'exited'}→${state}→${recovered}`);
      }
      expect(seen).toHaveLength(4);
    },
  );

  it('killed while staging the new tree: the old tree; the next generate clears the dead temp tree and lock', () => {
    const r = crashAt('writing');
    expect(r.signal).toBe('SIGKILL');
    expect(which()).toBe('old');
    expect(siblings().sort()).toEqual(['generated.eventmap-lock', 'generated.eventmap-tmp-<pid>']);
    const again = spawnSync(process.execPath, [BIN, '--root', w.root, 'generate'], { encoding: 'utf8' });
    expect(again.status, again.stderr).toBe(0);
    expect(which()).toBe('new');
    expect(siblings()).toEqual([]);
  });

  it('killed while moving the new files in: generated/ is there; the next write rolls forward to the new tree', () => {
    const r = crashAt('committing');
    expect(r.signal).toBe('SIGKILL');
    expect(which()).not.toBe('missing');
    expect(siblings().sort()).toEqual(['generated.eventmap-commit', 'generated.eventmap-lock']);
    const again = spawnSync(process.execPath, [BIN, '--root', w.root, 'generate'], { encoding: 'utf8' });
    expect(again.status, again.stderr).toBe(0);
    expect(which()).toBe('new');
    expect(siblings()).toEqual([]);
  });

  it('killed after the last file moved in: the new tree; recoverInterruptedWrite clears the commit folder', () => {
    const r = crashAt('before-cleanup');
    expect(r.signal).toBe('SIGKILL');
    expect(which()).toBe('new');
    expect(siblings().sort()).toEqual(['generated.eventmap-commit', 'generated.eventmap-lock']);
    recoverInterruptedWrite(generated);
    expect(which()).toBe('new');
    expect(siblings()).toEqual(['generated.eventmap-lock']);
  });
});

describe('writeTreeAtomic and recoverInterruptedWrite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eventmap-atomic-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const target = join(dir, 'out');
  const tree = (files: Record<string, string>) => new Map(Object.entries(files));

  it('recover does nothing when no write was interrupted', () => {
    writeTreeAtomic(target, tree({ 'a.txt': 'A' }));
    recoverInterruptedWrite(target);
    expect([...readTree(target)]).toEqual([['a.txt', 'A']]);
    expect(readdirSync(dir)).toEqual(['out']);
  });

  it('replaces the tree: changed, added and removed files, a folder that becomes a file and back', () => {
    writeTreeAtomic(target, tree({ 'a.txt': 'A', 'gone.txt': 'G', 'x/y.txt': 'Y', f: 'file' }));
    writeTreeAtomic(target, tree({ 'a.txt': 'A2', 'new/n.txt': 'N', x: 'now a file', 'f/inside.txt': 'now a folder' }));
    expect([...readTree(target)]).toEqual([
      ['a.txt', 'A2'],
      ['f/inside.txt', 'now a folder'],
      ['new/n.txt', 'N'],
      ['x', 'now a file'],
    ]);
    expect(readdirSync(dir)).toEqual(['out']);
  });

  it('never follows a symlink inside the folder: what it points at is left alone', () => {
    const outside = join(dir, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'keep.txt'), 'not ours');
    writeTreeAtomic(target, tree({ 'a.txt': 'A' }));
    symlinkSync(outside, join(target, 'link'));
    symlinkSync(outside, join(target, 'sub'));
    writeTreeAtomic(target, tree({ 'a.txt': 'A', 'sub/x.txt': 'X' }));
    expect([...readTree(target)]).toEqual([
      ['a.txt', 'A'],
      ['sub/x.txt', 'X'],
    ]);
    expect(lstatSync(join(target, 'sub')).isDirectory()).toBe(true);
    expect(readdirSync(outside)).toEqual(['keep.txt']);
    rmSync(outside, { recursive: true });
  });

  it('recover rolls a decided write forward: the files not moved in yet, and the old files removed', () => {
    writeTreeAtomic(target, tree({ 'a.txt': 'old', 'b.txt': 'old', 'stale.txt': 'old' }));
    // What a write killed half-way through its renames leaves: a.txt moved in, b.txt still waiting.
    const commit = `${target}.eventmap-commit`;
    mkdirSync(commit);
    writeFileSync(join(commit, 'b.txt'), 'new');
    writeFileSync(join(commit, '.eventmap-tree.json'), JSON.stringify(['a.txt', 'b.txt']));
    writeFileSync(join(target, 'a.txt'), 'new');
    recoverInterruptedWrite(target);
    expect([...readTree(target)]).toEqual([
      ['a.txt', 'new'],
      ['b.txt', 'new'],
    ]);
    expect(readdirSync(dir)).toEqual(['out']);
  });

  it('the next write removes temp trees and lock hand-overs of dead processes, and keeps those of live ones', () => {
    const dead = [`${target}.eventmap-tmp-999999999`, `${target}.eventmap-lock-999999999`];
    const live = `${target}.eventmap-tmp-${process.ppid}`;
    for (const t of [...dead, live]) {
      mkdirSync(t, { recursive: true });
      writeFileSync(join(t, 'half.txt'), 'half');
    }
    writeTreeAtomic(target, tree({ 'b/c.txt': 'C' }));
    expect([...readTree(target)]).toEqual([['b/c.txt', 'C']]);
    for (const d of dead) expect(existsSync(d)).toBe(false);
    expect(existsSync(live)).toBe(true);
    rmSync(live, { recursive: true });
  });

  it('a lock left by a dead process is broken; one held by a live process makes the write wait, then give up located', () => {
    const lock = `${target}.eventmap-lock`;
    const hold = (pid: number) => {
      mkdirSync(lock);
      writeFileSync(join(lock, 'owner'), JSON.stringify({ pid, host: hostname() }));
    };
    hold(deadPid());
    writeTreeAtomic(target, tree({ 'a.txt': 'after a stale lock' }));
    expect([...readTree(target)]).toEqual([['a.txt', 'after a stale lock']]);
    expect(existsSync(lock)).toBe(false);

    hold(process.ppid);
    const waited: number[] = [];
    let error: unknown;
    try {
      writeTreeAtomic(target, tree({ 'a.txt': 'never' }), { timeoutMs: 0, onWait: (owner) => waited.push(owner.pid) });
    } catch (err) {
      error = err;
    }
    expect(waited).toEqual([process.ppid]);
    expect(error).toBeInstanceOf(EventmapError);
    expect((error as EventmapError).diagnostics[0]).toMatchObject({ code: 'output/locked', file: lock });
    expect([...readTree(target)]).toEqual([['a.txt', 'after a stale lock']]);
    rmSync(lock, { recursive: true });
  });

  it('a failure is a located EventmapError, never an internal error', () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, 'not a folder');
    let error: unknown;
    try {
      writeTreeAtomic(join(blocker, 'out'), tree({ 'a.txt': 'A' }));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EventmapError);
    expect((error as EventmapError).diagnostics[0]).toMatchObject({
      code: 'output/write-failed',
      file: expect.stringContaining(blocker),
    });
  });
});

/** The pid of a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}
