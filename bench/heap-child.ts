// Run by bench/run.ts in a fresh `node --expose-gc` process per source: what normalizers keep on
// the heap (per live session, over many turns, with hostile 4 KB ids; docs/performance.md, "heap").
import { readFileSync } from 'node:fs';
import { createNormalizer, type HeldState } from '../runtime/index.ts';
import type { SourceName } from '../runtime/sources/index.ts';

export interface HeapResult {
  source: string;
  file: string;
  sessions: number;
  perSessionBytes: number;
  afterSessionsBytes: number;
  turns: number;
  messages: number;
  turnsGrowthBytes: number;
  held: HeldState;
  hostileLiveBytes: number;
  hostileGoneBytes: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('bench/heap-child.ts needs node --expose-gc');
const [source, file, sessionsArg, turnsArg] = process.argv.slice(2) as [SourceName, string, string, string];
const lines = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '');
const heap = () => {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
};
/**
 * Read a value after a measurement: V8 may collect what a frame no longer uses (register
 * liveness), so what must be live while measuring is read once more afterwards.
 */
let sink = 0;
const keep = (v: { length?: number } | undefined) => {
  sink += v?.length ?? 1;
};

// Warm up (compiled code, interned strings, lazily built tables are not per-session state).
for (let s = 0; s < 3; s++) {
  const n = createNormalizer(source, { clock: () => 0 });
  for (const l of lines) n.push(l);
}

// ---- per session ----
const sessions = Number(sessionsArg);
const base = heap();
let live: unknown[] = [];
for (let s = 0; s < sessions; s++) {
  const n = createNormalizer(source, { clock: () => 0 });
  for (const l of lines) n.push(l);
  live.push(n);
}
const withSessions = heap();
keep(live);
live = [];
const afterSessions = heap();

// ---- per 100k turns ----
const turns = Number(turnsArg);
// A turn's end: codex turn/completed (also inside a capture envelope's escaped line), a Claude
// result, an SDK turn.completed/failed, an ACP prompt's answer (its stopReason).
const turnsPerCopy = lines.filter((l) =>
  /turn\/completed\\?"|"type":"result"|"turn\.(completed|failed)"|stopReason\\?"/.test(l),
).length;
const copies = Math.ceil(turns / Math.max(1, turnsPerCopy));
let long: ReturnType<typeof createNormalizer> | undefined = createNormalizer(source, { clock: () => 0 });
const beforeTurns = heap();
let pushed = 0;
for (let c = 0; c < copies; c++) {
  // Fresh turn ids per copy, so every turn is a new one (codex names its turns; Claude and the SDK number them).
  const tag = `-${c}`;
  for (const l of lines) {
    long.push(l.replace(/turn-(\d+)/g, `turn-$1${tag}`));
    pushed++;
  }
}
const afterTurns = heap();
const held = long.held();
long = undefined;

// ---- hostile ids: 4 KB ids, then the normalizer is dropped ----
let hostile: ReturnType<typeof createNormalizer> | undefined = createNormalizer('codex-app-server', { clock: () => 0 });
const beforeHostile = heap();
const pad = 'x'.repeat(4096);
for (let i = 0; i < 49_000; i++)
  hostile.push(
    `{"method":"item/agentMessage/delta","params":{"threadId":"t${pad}","turnId":"u${i}${pad}","itemId":"i${i}${pad}","delta":"x"}}`,
  );
const hostileLive = heap();
keep(hostile.held() as { length?: number });
hostile = undefined;
const hostileGone = heap();

const result: HeapResult = {
  source,
  file,
  sessions,
  perSessionBytes: (withSessions - base) / sessions,
  afterSessionsBytes: afterSessions - base,
  turns: copies * turnsPerCopy,
  messages: pushed,
  turnsGrowthBytes: afterTurns - beforeTurns,
  held,
  hostileLiveBytes: hostileLive - beforeHostile,
  hostileGoneBytes: hostileGone - beforeHostile,
};
process.stdout.write(JSON.stringify({ sink, ...result }));
