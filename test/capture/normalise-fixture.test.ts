// The fixture normalisation of capture/ (pure; the capture itself needs npm and a namespace and is
// not run by npm test): stable placeholders, kept types and JSON-RPC ids, order-keeping times.
import { describe, expect, it } from 'vitest';
import { normaliseFixture } from '../../capture/normalise-fixture.ts';
import { pathRules } from '../../capture/normalise/paths.ts';

const ROOT = '/tmp/eventmap-capture-codex-app-server-Ab12Cd';
const rules = pathRules([
  [ROOT, '/home/dev'],
  ['/root/.cache/eventmap/capture/@openai__codex@0.171.0', '/home/dev/.cache/eventmap/capture/@openai__codex@0.171.0'],
]);
const T = '019a0000-0000-7000-8000-00000000000a';
const U = '019a0000-0000-7000-8000-00000000000b';
const env = (dir: string, ts: number, m: unknown) => JSON.stringify({ dir, ts, line: JSON.stringify(m) });

const raw = [
  env('c2s', 5, { method: 'turn/start', id: 3, params: { threadId: T, input: [] } }),
  env('s2c', 9, {
    method: 'turn/started',
    params: { threadId: T, turn: { id: U, startedAt: 1_796_008_065 } },
    emittedAtMs: 1_796_008_066_164,
  }),
  env('s2c', 12, {
    method: 'item/commandExecution/requestApproval',
    id: 0,
    params: { threadId: T, turnId: U, itemId: 'call_1', cwd: `${ROOT}/work`, processId: '9143' },
    emittedAtMs: 1_796_008_066_300,
  }),
  env('c2s', 13, { id: 0, result: { decision: 'accept' } }),
  env('s2c', 14, {
    method: 'serverRequest/resolved',
    params: { threadId: T, requestId: 0 },
    emittedAtMs: 1_796_008_066_200,
  }),
  env('c2s', 20, { method: 'turn/start', id: 4, params: { threadId: T, input: [{ type: 'text', text: `see ${T}` }] } }),
  env('s2c', 25, {
    method: 'turn/completed',
    params: { threadId: T, turn: { id: U, durationMs: 528 } },
    emittedAtMs: 1_796_008_070_000,
  }),
];
const out = normaliseFixture(raw, rules).map((l) => JSON.parse(l) as { dir: string; ts: number; line: string });
const lines = out.map(
  (r) => JSON.parse(r.line) as { id?: number; params: Record<string, unknown>; emittedAtMs?: number },
);

describe('normaliseFixture', () => {
  it('replaces per-run ids by placeholders named for their key, the same everywhere', () => {
    expect(lines[1]!.params).toMatchObject({ threadId: 'thread-0001', turn: { id: 'turn-0001' } });
    expect(lines[2]!.params).toMatchObject({
      threadId: 'thread-0001',
      turnId: 'turn-0001',
      itemId: 'call_1',
      processId: 'proc-0001',
    });
    expect((lines[5]!.params.input as { text: string }[])[0]!.text).toBe('see thread-0001');
  });

  it('keeps JSON-RPC ids as numbers, so request, answer and serverRequest/resolved still match', () => {
    expect(lines[2]!.id).toBe(0);
    expect(lines[3]!.id).toBe(0);
    expect(lines[4]!.params.requestId).toBe(0);
  });

  it('maps local paths to /home/dev', () => {
    expect(lines[2]!.params.cwd).toBe('/home/dev/work');
  });

  it('keeps numbers numbers: timestamps bucketed per turn, in order; durations 0; ts counted per turn', () => {
    const emitted = lines.map((l) => l.emittedAtMs).filter((v): v is number => v !== undefined);
    expect(emitted.every((v) => Number.isInteger(v))).toBe(true);
    // Raw order 164 < 200 < 300 (ms) is kept, as non-decreasing values.
    expect(emitted[0]).toBeLessThanOrEqual(emitted[2]!);
    expect(emitted[2]).toBeLessThanOrEqual(emitted[1]!);
    expect(emitted[3]).toBeGreaterThan(emitted[0]!); // the second turn's minute
    expect((lines[6]!.params.turn as { durationMs: number }).durationMs).toBe(0);
    expect(out.map((r) => r.ts)).toEqual([1000, 1001, 1002, 1003, 1004, 2000, 2001]);
  });

  it('is a function of the input: the same raw capture normalises to the same text', () => {
    expect(normaliseFixture(raw, rules)).toEqual(normaliseFixture(raw, rules));
  });
});
