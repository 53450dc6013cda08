// Concurrent generates (issue 12): they take turns through the lock next to generated/, both
// succeed and leave what one run leaves; one that finds the lock taken says it waits; and a
// reader looking at generated/ throughout a generate always finds it there.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTree } from '../../generator/io/fsutil.ts';
import { lockPath } from '../../generator/io/lock.ts';
import { hostileProject, type HostileProject } from '../security/hostile-project.ts';
import { BIN, sameTree } from './support.ts';

let p: HostileProject;
let single: Map<string, string>;
beforeAll(() => {
  // The codex-sdk part of the project: a generate takes a second or two.
  p = hostileProject(['codex-sdk']);
  const r = spawnSync(process.execPath, [BIN, '--root', p.root, 'generate'], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  single = readTree(p.at('generated'));
});
afterAll(() => p.remove());

interface Exit {
  status: number | null;
  stderr: string;
}

function start(onStderr?: (text: string) => void): { done: Promise<Exit>; exited: () => boolean } {
  const child = spawn(process.execPath, [BIN, '--root', p.root, 'generate'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  let exited = false;
  child.stderr.on('data', (b: Buffer) => {
    stderr += b.toString();
    onStderr?.(stderr);
  });
  const done = new Promise<Exit>((resolve) =>
    child.on('close', (status) => {
      exited = true;
      resolve({ status, stderr });
    }),
  );
  return { done, exited: () => exited };
}

describe('concurrent generates', () => {
  it('two at once both succeed, and the result is what one run writes', async () => {
    rmSync(p.at('generated'), { recursive: true, force: true });
    const [a, b] = await Promise.all([start().done, start().done]);
    expect(a.status, a.stderr).toBe(0);
    expect(b.status, b.stderr).toBe(0);
    expect(sameTree(readTree(p.at('generated')), single)).toBe(true);
    expect(existsSync(lockPath(p.at('generated')))).toBe(false);
  });

  it('one that finds the lock held by a live process says so and waits for it, then writes', async () => {
    const lock = lockPath(p.at('generated'));
    mkdirSync(lock);
    writeFileSync(`${lock}/owner`, JSON.stringify({ pid: process.pid, host: hostname() }));
    writeFileSync(p.at('generated', 'marker.txt'), 'written while the lock was held by someone else');
    let release!: () => void;
    const waiting = new Promise<void>((resolve) => (release = resolve));
    const run = start((stderr) => {
      if (stderr.includes('waiting for another eventmap')) release();
    });
    await waiting;
    // It waits: nothing of ours was replaced, and it has not exited.
    expect(existsSync(p.at('generated', 'marker.txt'))).toBe(true);
    expect(run.exited()).toBe(false);
    rmSync(lock, { recursive: true });
    const r = await run.done;
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain(`waiting for another eventmap (pid ${process.pid})`);
    expect(sameTree(readTree(p.at('generated')), single)).toBe(true);
  });

  it('a reader polling generated/ during a generate always finds it', async () => {
    const run = start();
    let looks = 0;
    let missing = 0;
    // Bounded: until the generate exits (and at most a few million looks).
    while (!run.exited() && looks < 5_000_000) {
      looks++;
      if (!existsSync(p.at('generated'))) missing++;
      if (looks % 64 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const r = await run.done;
    expect(r.status, r.stderr).toBe(0);
    expect(looks).toBeGreaterThan(0);
    expect(missing).toBe(0);
  });
});
