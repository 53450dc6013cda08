// Shared by the property tests over the normalizer and the generated mappers (test/fuzz/).
//
// Budget: by default a short run that keeps `npm test` fast. FUZZ_TOTAL=<n> spreads at least n
// cases over all the properties (by weight); `npm run fuzz` sets FUZZ_TOTAL=1000000. FUZZ_RUNS=<n>
// runs n cases of every property instead. FUZZ_SEED=<seed> replays a failure fast-check printed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer, type Normalizer } from '../../runtime/index.ts';
import { loose, type CanonicalEvent } from '../runtime/loose.ts';
import { FRAMINGS, type SourceName } from '../../runtime/sources/index.ts';
import type { MapperTables, NormalizeStats } from '../../runtime/sources/types.ts';

export const SOURCES = Object.keys(FRAMINGS).sort() as SourceName[];
const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

/** The properties' weights per source (random-json 2+1+1, mutated-transcripts 3, known-shapes 3). */
const WEIGHT_PER_SOURCE = 10;

/** fast-check parameters for one property of a given weight. */
export function params(weight = 1): fc.Parameters<unknown> {
  const total = Number(process.env.FUZZ_TOTAL);
  const runs = Number(process.env.FUZZ_RUNS);
  const seed = Number(process.env.FUZZ_SEED);
  const numRuns =
    Number.isFinite(runs) && runs > 0
      ? runs
      : Number.isFinite(total) && total > 0
        ? Math.ceil((total * weight) / (WEIGHT_PER_SOURCE * SOURCES.length))
        : Math.max(1, Math.round(60 * weight));
  return { numRuns, ...(Number.isFinite(seed) ? { seed } : {}) };
}

/** True when a long budget runs (`npm run fuzz`): vitest timeouts are lifted there. */
export const LONG = Number(process.env.FUZZ_RUNS) > 5000 || Number(process.env.FUZZ_TOTAL) > 50_000;

// ---- seeds: real messages from the committed transcripts (and hand-made fixtures) ----

function jsonlFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let names: string[];
    try {
      names = readdirSync(d).sort();
    } catch {
      return;
    }
    for (const name of names) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.jsonl')) out.push(full);
    }
  };
  walk(dir);
  return out;
}

/** Real inputs of a source, as the normalizer takes them: records and, for capture envelopes, the message inside. */
export function seeds(source: SourceName): unknown[] {
  const files = [
    ...jsonlFiles(join(FIXTURES, 'transcripts', source)),
    ...jsonlFiles(join(FIXTURES, 'hand-made')).filter((f) => f.includes(source)),
  ];
  const out: unknown[] = [];
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const rec = JSON.parse(line) as Record<string, unknown>;
      out.push(rec);
      if (typeof rec.line === 'string' && rec.dir === 's2c') out.push(JSON.parse(rec.line));
    }
  }
  return out;
}

/** Every object key that appears in the seeds: random objects built from them reach deep mapper paths. */
export function keysOf(values: unknown[]): string[] {
  const keys = new Set<string>();
  const walk = (v: unknown, depth: number) => {
    if (depth > 12 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const x of v.slice(0, 4)) walk(x, depth + 1);
      return;
    }
    for (const [k, x] of Object.entries(v)) {
      keys.add(k);
      walk(x, depth + 1);
    }
  };
  for (const v of values) walk(v, 0);
  return [...keys].sort();
}

// ---- odd values ----

export const MEGABYTE = 'x'.repeat(1 << 20);
const MEGABYTE_SURROGATE = `${'é'.repeat(1 << 19)}\ud800`;

/** Nested arrays/objects `depth` levels deep, built once and shared (never mutated). */
function nested(depth: number, kind: 'array' | 'object'): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v, type: 'x', id: `n${i}` };
  return v;
}
export const DEEP = [nested(1000, 'array'), nested(1200, 'object'), nested(5000, 'array')];
const SHARED = new Set<unknown>([...DEEP]);

const oddString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\t\n',
    ' padded ',
    '\ud800',
    '\udfff',
    'a\ud800b',
    '\udc00\ud800',
    '\u0000',
    '\u2028\u2029',
    '𝄞',
    '\ufeff',
    'constructor',
    '__proto__',
    'toString',
    MEGABYTE,
    MEGABYTE_SURROGATE,
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 }).map((units) => String.fromCharCode(...units)),
);

const oddNumber = fc.constantFrom(
  0,
  -0,
  -1,
  1.5,
  2 ** 53,
  -(2 ** 53),
  1e300,
  -1e300,
  5e-324,
  Number.MAX_SAFE_INTEGER + 2,
  8.64e15 + 1,
);

/** Anything JSON can hold, weighted towards what breaks code: odd strings and numbers, deep nesting. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 6 },
  { arbitrary: oddString, weight: 4 },
  { arbitrary: oddNumber, weight: 2 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}), weight: 2 },
  { arbitrary: fc.constantFrom(...DEEP), weight: 1 },
);

/** Random objects whose keys are mostly the seeds' own keys, so that mapper paths find something. */
export function shapedValue(keys: string[]): fc.Arbitrary<unknown> {
  const key = fc.oneof(
    { arbitrary: fc.constantFrom(...keys), weight: 8 },
    { arbitrary: fc.string({ maxLength: 8 }), weight: 1 },
  );
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { arbitrary: oddValue, weight: 3 },
      { arbitrary: fc.dictionary(key, tie('value'), { maxKeys: 6 }), weight: 3 },
      { arbitrary: fc.array(tie('value'), { maxLength: 3 }), weight: 1 },
    ),
  })).value;
}

// ---- mutations of real messages ----

type Path = (string | number)[];

function paths(v: unknown): Path[] {
  const out: Path[] = [];
  const walk = (x: unknown, p: Path) => {
    if (p.length > 10 || x === null || typeof x !== 'object' || SHARED.has(x)) return;
    if (Array.isArray(x)) x.slice(0, 8).forEach((y, i) => (out.push([...p, i]), walk(y, [...p, i])));
    else for (const [k, y] of Object.entries(x)) (out.push([...p, k]), walk(y, [...p, k]));
  };
  walk(v, []);
  return out;
}

export type Mutation = { op: 'delete' } | { op: 'set'; value: unknown } | { op: 'stringify' } | { op: 'wrap' };

export const mutation: fc.Arbitrary<{ at: number; m: Mutation }> = fc.record({
  at: fc.nat(),
  m: fc.oneof(
    { arbitrary: fc.constant<Mutation>({ op: 'delete' }), weight: 3 },
    { arbitrary: oddValue.map<Mutation>((value) => ({ op: 'set', value })), weight: 5 },
    { arbitrary: fc.constant<Mutation>({ op: 'stringify' }), weight: 1 },
    { arbitrary: fc.constant<Mutation>({ op: 'wrap' }), weight: 1 },
  ),
});

/** Apply mutations to a copy of `message`: delete a field, retype it, or replace it by an odd value. */
export function mutate(message: unknown, mutations: { at: number; m: Mutation }[]): unknown {
  let root = structuredClone(message);
  for (const { at, m } of mutations) {
    const all = paths(root);
    if (all.length === 0) {
      if (m.op === 'set') root = m.value;
      continue;
    }
    const path = all[at % all.length]!;
    // Every path comes from paths(root), so each step lands on an object or an array.
    const parent = path
      .slice(0, -1)
      .reduce<Record<string | number, unknown>>(
        (o, k) => o[k] as Record<string | number, unknown>,
        root as Record<string | number, unknown>,
      );
    const key = path[path.length - 1]!;
    if (m.op === 'delete') {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
    } else if (m.op === 'set') parent[key] = m.value;
    else if (m.op === 'stringify') parent[key] = stringified(parent[key]);
    else parent[key] = [parent[key]];
  }
  return root;
}

/** A value retyped to the string of its JSON (what a double-encoding upstream would send). */
function stringified(v: unknown): string {
  try {
    return JSON.stringify(v) ?? 'undefined';
  } catch {
    return '[too deep to stringify]';
  }
}

// ---- structured random messages per source, by the generated tables' discriminants ----

async function tables(source: SourceName): Promise<MapperTables> {
  return (await import(`../../generated/${source}/mappers.ts`)) as MapperTables;
}

/** Names of the discriminants the generated tables know (mapped or ignored), by kind. */
async function discriminants(source: SourceName): Promise<Map<string, string[]>> {
  const t = await tables(source);
  const out = new Map<string, string[]>();
  for (const table of [t.MAPPERS, t.IGNORED])
    for (const [kind, names] of Object.entries(table))
      out.set(kind, [...new Set([...(out.get(kind) ?? []), ...Object.keys(names)])].sort());
  return out;
}

/** Messages with a known discriminant and random content: they reach the generated mappers. */
export async function knownShaped(source: SourceName, body: fc.Arbitrary<unknown>): Promise<fc.Arbitrary<unknown>> {
  const kinds = await discriminants(source);
  const name = (kind: string) => fc.constantFrom(...(kinds.get(kind) ?? ['(none)']));
  const obj = body.map((b) =>
    b !== null && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : { value: b },
  );
  const arbs: fc.Arbitrary<unknown>[] = [];
  if (source === 'codex-app-server') {
    arbs.push(fc.record({ method: name('notification'), params: body }));
    arbs.push(
      fc.record({ method: name('request'), id: fc.oneof(fc.nat(), fc.string({ maxLength: 4 })), params: body }),
    );
    arbs.push(
      fc.tuple(name('eventmsg'), obj, fc.option(fc.string({ maxLength: 6 }))).map(([type, msg, conversationId]) => ({
        method: `codex/event/${type}`,
        params: { msg: { ...msg, type }, conversationId },
      })),
    );
    // The client's answer to a server request (resolves it, if one is pending).
    arbs.push(
      fc
        .record({ id: fc.oneof(fc.nat({ max: 5 }), fc.constant('1')), result: body })
        .map((m) => ({ dir: 'c2s', ts: 0, line: stringified(m) })),
    );
  } else if (source === 'claude-agent-sdk') {
    arbs.push(
      fc.tuple(name('sdk-message'), obj).map(([n, m]) => {
        const [type, subtype] = n.replace('[isReplay]', '').split(':');
        return {
          ...m,
          type,
          ...(subtype !== undefined ? { subtype } : {}),
          ...(n.endsWith('[isReplay]') ? { isReplay: true } : {}),
        };
      }),
    );
    arbs.push(
      fc.tuple(name('stream-event'), obj).map(([type, event]) => ({ type: 'stream_event', event: { ...event, type } })),
    );
    arbs.push(obj.map((m) => ({ ...m, kind: 'permission' })));
    arbs.push(obj.map((m) => ({ kind: 'message', message: m })));
  } else {
    for (const kind of kinds.keys()) arbs.push(fc.tuple(name(kind), obj).map(([type, m]) => ({ ...m, type })));
  }
  return arbs.length ? fc.oneof(...arbs) : body;
}

// ---- the properties ----

const COUNTERS = ['mapped', 'ignored', 'clientTraffic', 'unknown', 'invalid'] as const;

/**
 * Push one input and check the invariants:
 * - push never throws;
 * - every event validates with the generated canonical validator;
 * - no mapper threw (the normalizer turns that into a `mapper-error` warning: still a bug);
 * - every event serialises (JSON.stringify), however deep the input;
 * - every input yields an event, or an ignore counted by name (stats.ignoredBy), or is the app's own traffic;
 * - an unknown or invalid input gives a runtime.warning that carries raw;
 * - an input that is not a message at all (not an object) gives at least one event.
 */
export function pushChecked(normalizer: Normalizer, input: unknown, asLine: boolean): CanonicalEvent[] {
  const before = { ...normalizer.stats, ignoredBy: { ...normalizer.stats.ignoredBy } } as NormalizeStats;
  let line: string | undefined;
  if (asLine) {
    try {
      line = JSON.stringify(input);
    } catch {
      line = undefined; // too deep for JSON.stringify: push the value itself
    }
  }
  let events: CanonicalEvent[] = [];
  expect(() => {
    events = loose(normalizer.push(line ?? input));
  }, describe(input)).not.toThrow();
  for (const e of events) {
    let text: string | undefined;
    try {
      text = JSON.stringify(e);
    } catch (err) {
      expect.fail(`a ${e.type} event for ${describe(input)} does not serialise: ${String(err)}`);
    }
    expect(JSON.parse(text!), 'an event survives a JSON round trip').toBeTypeOf('object');
    if (!validateProviderRuntimeEvent(e)) {
      expect.fail(
        `invalid ${e.type} event for ${describe(input)}: ${JSON.stringify(validateProviderRuntimeEvent.errors)}\n${describe(e)}`,
      );
    }
    if (e.type === 'runtime.warning' && (e.payload.detail as { kind?: string } | undefined)?.kind === 'mapper-error') {
      expect.fail(`a mapper threw on ${describe(input)}: ${String(e.payload.message)}`);
    }
  }
  const after = normalizer.stats;
  const grew = COUNTERS.filter((c) => after[c] > before[c]);
  expect(after.messages, 'one message counted per push').toBe(before.messages + 1);
  expect(grew.length, `classified as something (${describe(input)})`).toBeGreaterThan(0);
  // Nothing is dropped silently: an event, or an ignore counted by name, or the app's own traffic.
  const named = Object.keys(after.ignoredBy).some((k) => after.ignoredBy[k] !== before.ignoredBy[k]);
  expect(
    events.length > 0 || named || after.clientTraffic > before.clientTraffic,
    `an event or a named ignore for ${describe(input)}`,
  ).toBe(true);
  if (grew.includes('ignored')) expect(named, `a counted ignore has a name (${describe(input)})`).toBe(true);
  if (grew.includes('unknown') || grew.includes('invalid')) {
    const warning = events.find((e) => e.type === 'runtime.warning' && e.raw !== undefined && 'payload' in e.raw);
    expect(warning, `runtime.warning with raw for ${describe(input)}`).toBeDefined();
  }
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    expect(events.length, `events for a non-message ${describe(input)}`).toBeGreaterThan(0);
  }
  return events;
}

function describe(v: unknown): string {
  let s: string | undefined;
  try {
    s = JSON.stringify(v);
  } catch {
    s = `<${typeof v}, too deep to print>`;
  }
  s ??= String(v);
  return s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s;
}

export function normalizer(source: SourceName): Normalizer {
  return createNormalizer(source, { clock: () => 0, sessionId: 'fuzz-session' });
}
