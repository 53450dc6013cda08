// Makes a raw capture diff cleanly against the next one while keeping it valid normalizer input:
// per-run ids → placeholders (normalise/ids.ts), timestamps → order-keeping values and durations → 0
// (normalise/times.ts), local paths → /home/dev/... (normalise/paths.ts), and the envelope's
// `ts`/`t_ms` → the record's index. JSON-RPC ids are numbers and left alone, so requests, responses
// and serverRequest/resolved still match. Every value keeps its JSON type.
import { IdMap } from './normalise/ids.ts';
import { replacePaths, type PathRules } from './normalise/paths.ts';
import { TimeMap } from './normalise/times.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Context {
  ids: IdMap;
  times: TimeMap;
  rules: PathRules;
}

/** `lines`: one JSON record each (codex `{dir,ts,line}` or claude `{seq,t_ms,kind,...}`). */
export function normaliseFixture(lines: string[], rules: PathRules): string[] {
  const records = lines.filter((l) => l.trim()).map((l) => unwrap(JSON.parse(l) as Json));
  const ctx: Context = { ids: new IdMap(), times: new TimeMap(), rules };
  for (const r of records) collect(r, undefined, undefined, ctx);
  return records.map((r, index) => {
    const out = rebuild(r, undefined, undefined, ctx) as { [key: string]: Json };
    if ('ts' in out) out.ts = index;
    if ('t_ms' in out) out.t_ms = index;
    if (typeof out.line === 'object') out.line = JSON.stringify(out.line);
    return JSON.stringify(out);
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
  if (key !== undefined) ctx.times.collect(key, v);
  if (Array.isArray(v)) for (const x of v) collect(x, key, parentKey, ctx);
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) collect(x, k, key, ctx);
}

function rebuild(v: Json, key: string | undefined, parentKey: string | undefined, ctx: Context): Json {
  const timed = key === undefined ? undefined : ctx.times.replace(key, v);
  if (timed !== undefined) return timed as Json;
  if (typeof v === 'string') return replacePaths(ctx.ids.replace(v), ctx.rules);
  if (Array.isArray(v)) return v.map((x) => rebuild(x, key, parentKey, ctx));
  // Keys can hold paths and ids too (codex `changes: {"<path>": ...}`).
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [replacePaths(ctx.ids.replace(k), ctx.rules), rebuild(x, k, key, ctx)]));
  return v;
}
