// Bounded and serialisable: what a normalizer holds is bounded by bytes and freed when turns end;
// every event it returns serialises, however deep the message.
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { BoundedMap, stringBytes } from '../../runtime/bounded.ts';
import { CUT_MARKER, MAX_DEPTH } from '../../runtime/depth.ts';
import { createNormalizer } from '../../runtime/index.ts';
import { loose, type CanonicalEvent } from './loose.ts';
import { STATE_BYTES } from '../../runtime/lifecycle.ts';
import { FRAMINGS, type SourceName } from '../../runtime/sources/index.ts';
import { transcripts } from '../conformance/transcripts.ts';

const SOURCES = Object.keys(FRAMINGS) as SourceName[];

describe('BoundedMap', () => {
  it('holds at most its bytes, forgetting the oldest first, and says what it forgot', () => {
    const evicted: string[] = [];
    const m = new BoundedMap<string>(
      1000,
      (k, v) => stringBytes(k) + stringBytes(v),
      (k) => evicted.push(k),
    );
    for (let i = 0; i < 100; i++) m.set(`key-${i}`, 'v'.repeat(50));
    expect(m.heldBytes).toBeLessThanOrEqual(1000);
    expect(m.has('key-99')).toBe(true);
    expect(m.has('key-0')).toBe(false);
    expect(evicted[0]).toBe('key-0');
    expect(evicted.length + m.size).toBe(100);
    m.delete('key-99');
    m.set('key-98', 'x');
    expect(m.heldBytes).toBe([...m.entries()].reduce((n, [k, v]) => n + stringBytes(k) + stringBytes(v), 0));
  });

  it('reads, deletes and clears before its first insert, and maps made empty share nothing', () => {
    const size = (k: string, v: string) => stringBytes(k) + stringBytes(v);
    const a = new BoundedMap<string>(1000, size);
    const b = new BoundedMap<string>(1000, size);
    expect([a.get('k'), a.has('k'), a.delete('k'), a.size, a.heldBytes, [...a.entries()]]).toEqual([
      undefined,
      false,
      false,
      0,
      0,
      [],
    ]);
    a.clear();
    a.set('k', 'v');
    expect([b.has('k'), b.size, [...b.keys()]]).toEqual([false, 0, []]);
    b.set('j', 'w');
    expect([...a.entries()]).toEqual([['k', 'v']]);
    expect([...b.entries()]).toEqual([['j', 'w']]);
    a.clear();
    expect([a.size, a.heldBytes, b.size]).toEqual([0, 0, 1]);
  });
});

describe('lifecycle state', () => {
  it('is bounded by bytes: items never completed are forgotten oldest first, with a warning', () => {
    const n = createNormalizer('codex-app-server', { clock: () => 0 });
    const warnings: CanonicalEvent[] = [];
    for (let i = 0; i < 3000; i++) {
      const events = loose(
        n.push(
          JSON.stringify({
            method: 'item/started',
            params: {
              threadId: 't',
              turnId: 'u',
              item: { type: 'agentMessage', id: `${i}`.padStart(1000, 'x'), text: '' },
            },
          }),
        ),
      );
      warnings.push(...events.filter((e) => e.type === 'runtime.warning'));
    }
    expect(n.held().bytes).toBeLessThanOrEqual(STATE_BYTES.items + STATE_BYTES.requests + STATE_BYTES.threads);
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings[0]!.payload.detail).toMatchObject({ kind: 'state-limit' });
  });

  it('numbers synthetic turns on past what forgotten threads numbered: a thread met again repeats no turn id', () => {
    // The Codex SDK has no turn ids: a thread's turns are numbered in its state, which the bound
    // forgets when a session meets more threads than it holds.
    const n = createNormalizer('codex-sdk', { clock: () => 0 });
    const started = (thread: string) => [
      JSON.stringify({ type: 'thread.started', thread_id: thread }),
      JSON.stringify({ type: 'turn.started' }),
      JSON.stringify({ type: 'turn.completed', usage: { input_tokens: 1, cached_input_tokens: 0, output_tokens: 1 } }),
    ];
    const turnIds = (lines: string[]) =>
      lines.flatMap((l) => loose(n.push(l))).flatMap((e) => (e.type === 'turn.started' ? [e.turnId] : []));
    const first = turnIds(started('thread-0'));
    const threads = Math.ceil(STATE_BYTES.threads / 256) + 10; // each thread state counts at least 256 bytes
    for (let i = 1; i <= threads; i++) turnIds(started(`thread-${i}`));
    const again = turnIds(started('thread-0'));
    expect(first).toHaveLength(1);
    expect(again).toHaveLength(1);
    expect(again[0]).not.toBe(first[0]);
  });

  it.each(transcripts().map((t) => [t.file, t] as const))(
    '%s: per-turn state is freed when each turn ends; nothing is left open at the end',
    (_f, t) => {
      const n = createNormalizer(t.source, { clock: () => 0 });
      let turns = 0;
      for (const line of t.lines) {
        const events = loose(n.push(line));
        const ended = events.find((e) => e.type === 'turn.completed');
        if (ended) {
          turns++;
          const held = n.held();
          // Codex subagent threads may still run; the ended turn's own state is gone.
          if (t.source === 'claude-agent-sdk')
            expect(held, `after turn ${turns}`).toMatchObject({
              openTurns: 0,
              turnState: 0,
              openItems: 0,
              pendingRequests: 0,
            });
          else expect(held.turnState).toBe(0);
        }
      }
      expect(turns).toBeGreaterThan(0);
      expect(n.held()).toMatchObject({ openTurns: 0, openItems: 0, pendingRequests: 0 });
    },
  );
});

describe('every event serialises', () => {
  // Written as text: JSON.stringify itself cannot go 5,000 levels deep (which is the point).
  const deep = `${'['.repeat(5000)}"bottom"${']'.repeat(5000)}`;
  const lines: Record<SourceName, string> = {
    'codex-app-server': `{"method":"item/started","params":{"threadId":"t","turnId":"u","item":{"type":"agentMessage","id":"m","text":"","extra":${deep}}}}`,
    'claude-agent-sdk': `{"type":"system","subtype":"task_started","session_id":"s","task_id":"t1","description":"job","extra":${deep}}`,
    'codex-sdk': `{"type":"item.started","item":{"id":"item_0","type":"agent_message","text":"","extra":${deep}}}`,
    acp: `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"hi","extra":${deep}}}}}`,
  };

  it.each(SOURCES)('%s: a message 5,000 levels deep is cut at MAX_DEPTH, with a marker and a warning', (source) => {
    for (const asLine of [true, false]) {
      const events = loose(
        createNormalizer(source, { clock: () => 0 }).push(asLine ? lines[source] : JSON.parse(lines[source])),
      );
      expect(events.map((e) => e.type)).toContain('runtime.warning');
      const text = events.map((e) => JSON.stringify(e)).join('\n');
      expect(text).toContain(CUT_MARKER);
      expect(
        events.find((e) => (e.payload.detail as { kind?: string } | undefined)?.kind === 'depth-limit')?.payload.detail,
      ).toEqual({ kind: 'depth-limit', maxDepth: MAX_DEPTH });
      expect(events.filter((e) => !validateProviderRuntimeEvent(e))).toEqual([]);
      expect(events.some((e) => e.type !== 'runtime.warning')).toBe(true); // the message itself is still mapped
    }
  });

  it('leaves a message within the limit untouched (the same object as raw)', () => {
    const shallow = { type: 'item.started', item: { id: 'item_0', type: 'agent_message', text: 'hi' } };
    const [event] = loose(createNormalizer('codex-sdk', { clock: () => 0 }).push(shallow as never));
    expect(event!.raw?.payload).toBe(shallow);
  });
});

describe('structured fields are checked on own properties only', () => {
  it('a plan step with a `constructor` key does not make an invalid event', () => {
    const events = createNormalizer('codex-app-server', { clock: () => 0 }).push({
      method: 'turn/plan/updated',
      params: {
        threadId: 't',
        turnId: 'u',
        explanation: null,
        plan: [{ step: 'a', status: 'pending', constructor: 1 }],
      },
    } as never); // a field no snapshot declares: the typed push refuses it, the runtime must not
    expect(events.filter((e) => !validateProviderRuntimeEvent(e))).toEqual([]);
  });
});
