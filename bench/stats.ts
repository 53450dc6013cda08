// What every measurement of the bench shares: medians, runs alternated within rounds, and the
// fresh processes that measure (a bench/ script printing its result as JSON).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export function median(xs: number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * Seconds of each run in each round, after one warm-up of each (the JIT): the runs alternate within
 * a round, in rotating order, so a noisy neighbour or a GC hits all of them alike.
 */
export function alternate<K extends string>(
  runs: Record<K, () => void>,
  rounds: number,
  now: () => number,
): Record<K, number[]> {
  const names = Object.keys(runs) as K[];
  const time = (k: K) => {
    const t = now();
    runs[k]();
    return now() - t;
  };
  for (const k of names) time(k);
  const seconds = Object.fromEntries(names.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let r = 0; r < rounds; r++)
    for (let i = 0; i < names.length; i++) {
      const k = names[(i + r) % names.length]!;
      seconds[k].push(time(k));
    }
  return seconds;
}

/** Runs `bench/<script>` in a fresh Node process (tsx, after `nodeArgs`) and parses what it prints. */
export function childJson<T>(root: string, script: string, args: string[], what: string, nodeArgs: string[] = []): T {
  const child = spawnSync(process.execPath, [...nodeArgs, '--import', 'tsx', join(root, 'bench', script), ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (child.status !== 0)
    throw new Error(
      `${what} failed (${child.error?.message ?? child.signal ?? `exit ${child.status}`}): ${child.stderr}`,
    );
  try {
    return JSON.parse(child.stdout) as T;
  } catch (err) {
    throw new Error(`${what} printed no result (${(err as Error).message}): ${child.stdout.slice(0, 200)}`);
  }
}
