// Makes a raw capture diff cleanly against the next one while keeping it valid normalizer input:
// per-run ids, timestamps, durations, local paths and record counters become fixed values
// (normalise/*.ts); JSON-RPC ids are left alone, so requests and their answers still match.
import { IdMap } from './normalise/ids.ts';
import { replacePaths, type PathRules } from './normalise/paths.ts';
import { TimeMap, turnTime } from './normalise/times.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Context {
  ids: IdMap;
  times: TimeMap;
  rules: PathRules;
  /** The turn of the record being collected. */
  turn: number;
}

/** `lines`: one JSON record each (codex `{dir,ts,line}` or claude `{seq,t_ms,kind,...}`). */
export function normaliseFixture(lines: string[], rules: PathRules): string[] {
  const records = lines.filter((l) => l.trim()).map((l) => unwrap(JSON.parse(l) as Json));
  const ctx: Context = { ids: new IdMap(), times: new TimeMap(), rules, turn: 0 };
  const turns = turnsOf(records);
  records.forEach((r, i) => collect(r, undefined, undefined, { ...ctx, turn: turns[i]! }));
  const within = new Map<number, number>();
  return records.map((r, i) => {
    const out = rebuild(r, undefined, undefined, ctx) as { [key: string]: Json };
    // Counters local to the turn (turn × 1000 + n), so an added record only renumbers its own turn.
    const n = within.get(turns[i]!) ?? 0;
    within.set(turns[i]!, n + 1);
    const counter = turns[i]! * 1000 + n;
    // acp stamps ISO times: the counter as milliseconds past the turn's minute, still ISO.
    if ('ts' in out)
      out.ts =
        typeof r === 'object' && r && !Array.isArray(r) && typeof r.ts === 'string' ? turnTime(turns[i]!, n) : counter;
    if ('t_ms' in out) out.t_ms = counter;
    if ('seq' in out) out.seq = counter;
    if (typeof out.line === 'object') out.line = JSON.stringify(out.line);
    return JSON.stringify(out);
  });
}

/**
 * The turn (prompt) each record belongs to: a client `turn/start` or `thread/goal/*` change (which
 * starts work by itself), an ACP `session/prompt`, or a driver `send_prompt` begins one. (codex-sdk ThreadEvents carry no
 * timestamps or counters: nothing there depends on turns.)
 */
function turnsOf(records: Json[]): number[] {
  let turn = 0;
  return records.map((r) => {
    const rec = r && typeof r === 'object' && !Array.isArray(r) ? r : {};
    const line = rec.line && typeof rec.line === 'object' && !Array.isArray(rec.line) ? rec.line : {};
    const method = typeof line.method === 'string' ? line.method : '';
    if (
      (rec.dir === 'c2s' &&
        (method === 'turn/start' || method === 'session/prompt' || method.startsWith('thread/goal/'))) ||
      (rec.kind === 'meta' && rec.what === 'send_prompt')
    )
      turn++;
    return turn;
  });
}

/** The codex envelope's `line` is JSON in a string: parsed, so its ids and times are seen too. */
function unwrap(rec: Json): Json {
  if (rec && typeof rec === 'object' && !Array.isArray(rec) && typeof rec.line === 'string') {
    try {
      return { ...rec, line: JSON.parse(rec.line) as Json };
    } catch {
      return rec; // not JSON: kept as it is
    }
  }
  return rec;
}

function collect(v: Json, key: string | undefined, parentKey: string | undefined, ctx: Context): void {
  if (typeof v === 'string') ctx.ids.collect(v, key, parentKey);
  if (key !== undefined) ctx.times.collect(key, v, ctx.turn);
  if (Array.isArray(v)) for (const x of v) collect(x, key, parentKey, ctx);
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) collect(x, k, key, ctx);
}

function rebuild(v: Json, key: string | undefined, parentKey: string | undefined, ctx: Context): Json {
  const timed = key === undefined ? undefined : ctx.times.replace(key, v);
  if (timed !== undefined) return timed as Json;
  if (typeof v === 'string') return replacePaths(ctx.ids.replace(v), ctx.rules);
  if (Array.isArray(v)) return v.map((x) => rebuild(x, key, parentKey, ctx));
  // Keys can hold paths and ids too (codex `changes: {"<path>": ...}`).
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [replacePaths(ctx.ids.replace(k), ctx.rules), rebuild(x, k, key, ctx)]),
    );
  return v;
}
