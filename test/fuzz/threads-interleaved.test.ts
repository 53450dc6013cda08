// Property: two threads' traffic interleaved at random through one normalizer gives, per thread,
// the same events as each thread alone (ids, payloads, order; only the event sequence numbers
// differ). Thread A is the main thread of a committed recording; thread B is the same traffic as
// another thread (its own thread, session, turn and JSON-RPC ids; the same item and tool-use ids,
// which the two threads must keep apart). The Codex SDK is left out: its events name no thread, a
// stream is one thread's (runtime/sources/codex-sdk.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createNormalizer } from '../../runtime/index.ts';
import { loose, type CanonicalEvent } from '../runtime/loose.ts';
import { transcripts, type Transcript } from '../conformance/transcripts.ts';
import { LONG, params } from './support.ts';

const timeout = LONG ? 0 : undefined; // undefined: the config's hang guard
const SESSION = 'one-connection';
/** Added to thread B's JSON-RPC ids: one connection numbers its requests once. */
const RPC_OFFSET = 100_000;

type Line = { text: string; thread: string };

/** Codex: the s2c messages of the first thread, and the client's answers to its requests. */
function codexThread(t: Transcript): string[] {
  const parse = (l: string) => {
    const r = JSON.parse(l) as { dir?: string; line?: string };
    return {
      dir: r.dir ?? 's2c',
      m: JSON.parse(r.line ?? l) as {
        id?: unknown;
        method?: string;
        params?: { threadId?: string; conversationId?: string };
      },
    };
  };
  const thread = t.lines.map(parse).find(({ m }) => m.params?.threadId)?.m.params?.threadId;
  const requests = new Set<unknown>();
  return t.lines.filter((l) => {
    const { dir, m } = parse(l);
    const mine = m.params?.threadId === thread || m.params?.conversationId === thread;
    if (dir === 's2c' && mine && m.method !== undefined && m.id !== undefined) requests.add(m.id);
    return dir === 's2c' ? mine : m.method === undefined && requests.has(m.id);
  });
}

/** Thread B: the same traffic under other thread, session, turn and JSON-RPC ids. */
function asOtherThread(line: string): string {
  const rename = (v: unknown, key?: string): unknown => {
    if (typeof v === 'string')
      return key === 'line'
        ? JSON.stringify(rename(JSON.parse(v)))
        : v.replace(/\b(thread|session|turn)-(\d+)/g, '$1B-$2');
    if (typeof v === 'number' && (key === 'id' || key === 'requestId')) return v + RPC_OFFSET;
    if (Array.isArray(v)) return v.map((x) => rename(x));
    if (v !== null && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rename(x, k)]));
    return v;
  };
  return JSON.stringify(rename(JSON.parse(line)));
}

function run(source: string, lines: string[]): CanonicalEvent[] {
  const n = createNormalizer(source as never, { clock: () => 0, sessionId: SESSION });
  return lines.flatMap((l) => loose(n.push(l)));
}

/**
 * An event without its sequence-numbered id; and without its time where its message carries none
 * of its own: that time is the connection's clock, advanced from the last recorded time of any
 * thread (runtime/context.ts, one clock rule), so it depends on what came before, as it should.
 */
const comparable = (e: CanonicalEvent) =>
  JSON.stringify({
    ...e,
    eventId: undefined,
    createdAt:
      typeof (e.raw.payload as { emittedAtMs?: unknown } | null)?.emittedAtMs === 'number' ? e.createdAt : undefined,
  });

const CASES = [
  ...transcripts('codex-app-server')
    .filter((t) => t.file.endsWith('.both.jsonl'))
    .map((t) => ({ t, lines: codexThread(t) })),
  // Bare SDK messages: a permission record names no session, so the capture format cannot be interleaved.
  ...transcripts('claude-agent-sdk')
    .filter((t) => t.file.endsWith('.messages.jsonl'))
    .map((t) => ({ t, lines: t.lines })),
];

describe('two threads interleaved through one normalizer', () => {
  it('has recorded traffic of both sources', () => {
    expect(new Set(CASES.map((c) => c.t.source))).toEqual(new Set(['codex-app-server', 'claude-agent-sdk']));
  });

  it.each(CASES.map((c) => [c.t.file, c] as const))(
    '%s: per thread, the same events as alone',
    { timeout },
    (_file, { t, lines }) => {
      const a: Line[] = lines.map((text) => ({ text, thread: 'A' }));
      const b: Line[] = lines.map((text) => ({ text: asOtherThread(text), thread: 'B' }));
      const alone = {
        A: run(
          t.source,
          a.map((l) => l.text),
        ),
        B: run(
          t.source,
          b.map((l) => l.text),
        ),
      };
      const threadOf = { A: alone.A.find((e) => e.threadId)!.threadId, B: alone.B.find((e) => e.threadId)!.threadId };
      expect(threadOf.A).not.toBe(threadOf.B);
      // Every event of a thread's traffic is that thread's (or announces a subagent thread it
      // spawned, naming it as parent), so events can be told apart by thread.
      const of = (k: 'A' | 'B') => (e: CanonicalEvent) =>
        e.threadId === threadOf[k] || (e.type === 'thread.started' && e.payload.parentThreadId === threadOf[k]);
      for (const k of ['A', 'B'] as const) expect(alone[k].filter((e) => !of(k)(e)).map((e) => e.type)).toEqual([]);
      fc.assert(
        fc.property(
          fc.array(fc.boolean(), { minLength: a.length + b.length, maxLength: a.length + b.length }),
          (picks) => {
            const merged: Line[] = [];
            let i = 0;
            let j = 0;
            for (const pickA of picks)
              merged.push(pickA ? (i < a.length ? a[i++]! : b[j++]!) : j < b.length ? b[j++]! : a[i++]!);
            const events = run(
              t.source,
              merged.map((l) => l.text),
            );
            for (const k of ['A', 'B'] as const) {
              expect(events.filter(of(k)).map(comparable)).toEqual(alone[k].map(comparable));
            }
          },
        ),
        params(0.25),
      );
    },
  );
});
