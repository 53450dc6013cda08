// What normalizers keep on the heap (bench/heap-child.ts, in a fresh `node --expose-gc` process per
// source): bytes per live session, after sessions are dropped, growth over 100k turns of one
// session, and 49k messages with 4 KB ids. docs/performance.md states the bound.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export interface HeapResult {
  source: string;
  file: string;
  sessions: number;
  perSessionBytes: number;
  afterSessionsBytes: number;
  turns: number;
  messages: number;
  turnsGrowthBytes: number;
  held: Record<string, number>;
  hostileLiveBytes: number;
  hostileGoneBytes: number;
}

export function benchHeap(
  root: string,
  source: string,
  file: string,
  options: { sessions: number; turns: number },
): HeapResult {
  const r = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      join(root, 'bench', 'heap-child.ts'),
      source,
      file,
      String(options.sessions),
      String(options.turns),
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  if (r.status !== 0) throw new Error(`bench/heap-child.ts failed for ${source}: ${r.stderr}`);
  return JSON.parse(r.stdout) as HeapResult;
}
