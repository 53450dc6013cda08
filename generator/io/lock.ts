// An advisory lock next to an output folder (`<target>.eventmap-lock/`), so that two eventmap
// processes writing the same folder (two `generate`s, two `upstream add`s of one version) take
// turns instead of interleaving. The lock is a folder holding `owner` ({pid, host}); it is taken
// by renaming a complete private folder onto the lock name (which fails while the lock exists)
// and given back by renaming it away, so no one ever sees a lock without its owner. A lock whose
// owner process is gone (same host, pid not alive) is stale and is broken.
import { hostname } from 'node:os';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EventmapError } from '../shared/diagnostics.ts';
import { readRegularText } from './safe-read.ts';

export interface LockOwner {
  pid: number;
  host: string;
}

export interface LockOptions {
  /** How long to wait for another process's lock (default two minutes). */
  timeoutMs?: number;
  /** Called once when the lock is held by someone else and this process starts waiting. */
  onWait?: (owner: LockOwner, lock: string) => void;
}

export function lockPath(target: string): string {
  return `${target}.eventmap-lock`;
}

/** Run `fn` holding the lock of `target`. */
export function withLock<T>(target: string, fn: () => T, options: LockOptions = {}): T {
  const lock = lockPath(target);
  acquire(lock, options);
  try {
    return fn();
  } finally {
    release(lock);
  }
}

function acquire(lock: string, options: LockOptions): void {
  const me: LockOwner = { pid: process.pid, host: hostname() };
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  let waiting = false;
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    const mine = `${lock}-${process.pid}`;
    try {
      rmSync(mine, { recursive: true, force: true });
      mkdirSync(mine);
      writeFileSync(join(mine, 'owner'), JSON.stringify(me));
      renameSync(mine, lock);
      return;
    } catch (err) {
      rmSync(mine, { recursive: true, force: true });
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
    }
    const owner = readOwner(lock);
    if (owner === undefined) continue; // given back meanwhile
    if (owner.host === me.host && !alive(owner.pid)) {
      breakStale(lock, owner);
      continue;
    }
    if (!waiting) options.onWait?.(owner, lock);
    waiting = true;
    if (Date.now() > deadline) {
      throw new EventmapError({
        code: 'output/locked',
        message: `another eventmap process (pid ${owner.pid} on ${owner.host}) is writing here and did not finish in time`,
        hint: `wait for it to finish; if no eventmap is running, remove ${lock}`,
        file: lock,
      });
    }
    sleep(50);
  }
}

function release(lock: string): void {
  const owner = readOwner(lock);
  if (owner?.pid !== process.pid || owner.host !== hostname()) return; // broken as stale by someone else
  const away = `${lock}-released-${process.pid}`;
  try {
    renameSync(lock, away);
    rmSync(away, { recursive: true, force: true });
  } catch {
    // Left behind, it is a dead process's lock to the next run, which breaks it.
  }
}

/** Remove a dead process's lock; if another process took the lock meanwhile, give it back. */
function breakStale(lock: string, dead: LockOwner): void {
  const away = `${lock}-stale-${process.pid}`;
  rmSync(away, { recursive: true, force: true });
  try {
    renameSync(lock, away);
  } catch {
    return; // someone else broke it first
  }
  const taken = readOwner(away);
  if (taken === undefined || taken.pid === dead.pid) rmSync(away, { recursive: true, force: true });
  else {
    try {
      renameSync(away, lock);
    } catch {
      rmSync(away, { recursive: true, force: true });
    }
  }
}

/** The owner of a lock; undefined when there is no lock. A lock with no readable owner counts as a dead process's. */
function readOwner(lock: string): LockOwner | undefined {
  const nobody = { pid: -1, host: hostname() };
  try {
    const o = JSON.parse(readRegularText(lock, 'owner')) as Partial<LockOwner>; // a committed link or pipe: no owner
    return typeof o.pid === 'number' && typeof o.host === 'string' ? { pid: o.pid, host: o.host } : nobody;
  } catch {
    return existsSync(lock) ? nobody : undefined;
  }
}

export function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
