// Bad-input catalog, a generate killed part-way through: whatever the moment, generated/ is the
// old tree or the new one, never a mix; the window between writeTreeAtomic's two renames is put
// right by recoverInterruptedWrite (which the next generate runs first).
//
// Random SIGKILLs land in the few milliseconds of the write only by luck, so the write's three
// critical points are also hit on purpose with the EVENTMAP_CRASH_AT test hook (generator/fsutil.ts),
// which SIGKILLs the process exactly there.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTree, recoverInterruptedWrite, writeTreeAtomic } from '../../generator/fsutil.ts';
import { BIN, sameTree, workspace } from './support.ts';

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
}, 120_000);

/** Put the old tree back, and nothing else next to it. */
function reset(): void {
  for (const name of readdirSync(w.root)) if (name === 'generated' || name.startsWith('generated.eventmap-')) rmSync(join(w.root, name), { recursive: true, force: true });
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

const siblings = () => readdirSync(w.root).filter((n) => n.startsWith('generated.eventmap-')).map((n) => n.replace(/\d+$/, '<pid>'));

function crashAt(point: string) {
  reset();
  return spawnSync(process.execPath, [BIN, '--root', w.root, 'generate'], { encoding: 'utf8', env: { ...process.env, EVENTMAP_CRASH_AT: point } });
}

describe('a generate killed part-way through', () => {
  it('SIGKILL at random moments: the old tree or the new one, never a mix', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      reset();
      // Kills spread over the second half of a run and a little past it, where the write is.
      const delay = generateSeconds * 1000 * (0.5 + 0.6 * Math.random());
      const child = spawn(process.execPath, [BIN, '--root', w.root, 'generate'], { stdio: 'ignore' });
      const timer = setTimeout(() => child.kill('SIGKILL'), delay);
      const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, s) => resolve(s)));
      clearTimeout(timer);
      const state = which();
      if (state === 'missing') expect(existsSync(`${generated}.eventmap-old`), 'killed between the renames: the old tree is aside').toBe(true);
      else expect(state).not.toBe('MIXED');
      recoverInterruptedWrite(generated);
      const recovered = which();
      expect(['old', 'new']).toContain(recovered);
      seen.push(`${signal ?? 'exited'}→${state}→${recovered}`);
    }
    expect(seen).toHaveLength(4);
  }, 120_000);

  it('killed while writing the temp tree: the old tree; the next generate clears the dead temp tree', () => {
    const r = crashAt('writing');
    expect(r.signal).toBe('SIGKILL');
    expect(which()).toBe('old');
    expect(siblings()).toEqual(['generated.eventmap-tmp-<pid>']);
    const again = spawnSync(process.execPath, [BIN, '--root', w.root, 'generate'], { encoding: 'utf8' });
    expect(again.status, again.stderr).toBe(0);
    expect(which()).toBe('new');
    expect(siblings()).toEqual([]);
  }, 60_000);

  it('killed between the two renames: nothing in place until recoverInterruptedWrite puts the old tree back', () => {
    const r = crashAt('between-renames');
    expect(r.signal).toBe('SIGKILL');
    expect(which()).toBe('missing');
    expect(siblings().sort()).toEqual(['generated.eventmap-old', 'generated.eventmap-tmp-<pid>']);
    recoverInterruptedWrite(generated);
    expect(which()).toBe('old');
  }, 60_000);

  it('killed after the second rename: the new tree; recoverInterruptedWrite removes the old one', () => {
    const r = crashAt('before-cleanup');
    expect(r.signal).toBe('SIGKILL');
    expect(which()).toBe('new');
    expect(siblings()).toEqual(['generated.eventmap-old']);
    recoverInterruptedWrite(generated);
    expect(which()).toBe('new');
    expect(siblings()).toEqual([]);
  }, 60_000);
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

  it('recover puts the old tree back when the new one never arrived', () => {
    writeTreeAtomic(target, tree({ 'a.txt': 'old' }));
    rmSync(`${target}.eventmap-old`, { recursive: true, force: true });
    // The state between the renames: the old tree aside, nothing in place.
    writeTreeAtomic(`${target}.eventmap-old`, tree({ 'a.txt': 'old' }));
    rmSync(target, { recursive: true });
    recoverInterruptedWrite(target);
    expect([...readTree(target)]).toEqual([['a.txt', 'old']]);
    expect(readdirSync(dir)).toEqual(['out']);
  });

  it('the next write removes temp trees of dead processes, and keeps those of live ones', () => {
    const dead = `${target}.eventmap-tmp-999999999`;
    const live = `${target}.eventmap-tmp-${process.ppid}`;
    for (const t of [dead, live]) {
      mkdirSync(t, { recursive: true });
      writeFileSync(join(t, 'half.txt'), 'half');
    }
    writeTreeAtomic(target, tree({ 'b/c.txt': 'C' }));
    expect([...readTree(target)]).toEqual([['b/c.txt', 'C']]);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
    rmSync(live, { recursive: true });
  });
});
