// Canonical ids never collide: across sessions (default options: a random session id, even for
// two sessions that begin with the very same message), across threads of one session, and across
// normalizers over one resumed session; with deriveSessionId the same input gives byte-identical output.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer } from '../../runtime/index.ts';
import { loose, type CanonicalEvent } from './loose.ts';
import { transcripts, type Transcript } from '../conformance/transcripts.ts';

/**
 * The capture normaliser replaced the ids that differ on every run (UUIDs, task ids) by placeholders
 * counted from 1 in every recording (`thread-0001`, `session-0001`): two recordings share them where
 * the real upstreams sent different ids. Give each recording its own again, as the upstream did.
 */
function asRecorded(t: Transcript): string[] {
  const salt = t.file.replace(/[^a-z0-9]+/gi, '');
  return t.lines.map((l) => l.replace(/\b([a-z]+)-(\d{4,})\b/g, `$1-${salt}-$2`));
}

function run(
  source: string,
  lines: string[],
  options: { sessionId?: string; deriveSessionId?: boolean } = {},
): CanonicalEvent[] {
  const n = createNormalizer(source as never, { clock: () => 0, observesReplies: true, ...options });
  return lines.flatMap((l) => loose(n.push(l)));
}

const ids = (events: CanonicalEvent[], key: 'eventId' | 'requestId' | 'itemId' | 'turnId' | 'sessionId') =>
  new Set(events.flatMap((e) => (e[key] === undefined ? [] : [e[key]!])));

/** One transcript per recording (the two formats of one capture are one recording). */
const RECORDINGS = [...new Map(transcripts().map((t) => [`${t.source}/${t.version}`, t])).values()];
const PAIRS = RECORDINGS.flatMap((a, i) =>
  RECORDINGS.slice(i + 1).map((b) => [`${a.file} + ${b.file}`, a, b] as const),
);

describe('two normalizers over two different recordings, default options', () => {
  const events = new Map(RECORDINGS.map((t) => [t.file, run(t.source, asRecorded(t))]));

  it('has recordings of at least two sources and versions to pair', () => {
    expect(new Set(RECORDINGS.map((t) => t.source)).size).toBeGreaterThanOrEqual(2);
    expect(PAIRS.length).toBeGreaterThanOrEqual(RECORDINGS.length);
  });

  it.each(PAIRS)('%s share no eventId, requestId, itemId, turnId or sessionId', (_name, a, b) => {
    const ea = events.get(a.file)!;
    const eb = events.get(b.file)!;
    for (const key of ['eventId', 'requestId', 'itemId', 'turnId', 'sessionId'] as const) {
      const shared = [...ids(ea, key)].filter((id) => ids(eb, key).has(id));
      expect(shared, key).toEqual([]);
    }
  });

  it.each(RECORDINGS.map((t) => [t.file, t] as const))(
    '%s: one session id; the same input again is another session, sharing no id but the thread ids',
    (_f, t) => {
      const first = events.get(t.file)!;
      expect(ids(first, 'sessionId').size).toBe(1);
      expect(ids(first, 'eventId').size).toBe(first.length);
      // Two runs of one resumed thread can begin with byte-identical messages (the Codex SDK's
      // `thread.started`): only the thread, which both continue, may be the same.
      const again = run(t.source, asRecorded(t));
      for (const key of ['eventId', 'requestId', 'itemId', 'turnId', 'sessionId'] as const)
        expect(
          [...ids(again, key)].filter((id) => ids(first, key).has(id)),
          key,
        ).toEqual([]);
      expect(new Set(again.map((e) => e.threadId))).toEqual(new Set(first.map((e) => e.threadId)));
    },
  );

  it.each(RECORDINGS.map((t) => [t.file, t] as const))(
    '%s with deriveSessionId: one session id from the input; the same input gives byte-identical output',
    (_f, t) => {
      const derived = run(t.source, asRecorded(t), { deriveSessionId: true });
      expect(ids(derived, 'sessionId').size).toBe(1);
      expect(JSON.stringify(run(t.source, asRecorded(t), { deriveSessionId: true }))).toBe(JSON.stringify(derived));
      // The random default gives the same events but for the ids the session scopes.
      const scrub = (events: CanonicalEvent[]) =>
        events.map(({ eventId: _e, sessionId: _s, turnId: _t, itemId: _i, requestId: _r, ...rest }) => rest);
      expect(scrub(events.get(t.file)!)).toEqual(scrub(derived));
    },
  );
});

describe('ids within one session', () => {
  const sdkLines = readFileSync(
    join(import.meta.dirname, '..', 'fixtures', 'hand-made', 'codex-sdk-thread-events.jsonl'),
    'utf8',
  )
    .split('\n')
    .filter(Boolean);
  const item = (thread: string, type: 'item.started' | 'item.completed') =>
    JSON.stringify({ type, item: { id: 'item_0', type: 'agent_message', text: thread } });

  it('codex-sdk: `item_0` of two threads are two items; B’s thread.started ends what A’s run left open', () => {
    const events = run('codex-sdk', [
      JSON.stringify({ type: 'thread.started', thread_id: 'thread-A' }),
      JSON.stringify({ type: 'turn.started' }),
      item('A', 'item.started'),
      JSON.stringify({ type: 'thread.started', thread_id: 'thread-B' }),
      JSON.stringify({ type: 'turn.started' }),
      item('B', 'item.started'),
      item('B', 'item.completed'),
      JSON.stringify({ type: 'turn.completed', usage: {} }),
    ]);
    const started = events.filter((e) => e.type === 'item.started');
    expect(new Set(started.map((e) => e.itemId)).size).toBe(2);
    const completed = events
      .filter((e) => e.type === 'item.completed')
      .map((e) => [e.providerRefs?.providerThreadId, e.itemId, e.payload.status, e.raw.source]);
    // A's run is over when B's starts (one `codex exec` at a time): A's item and turn end first.
    expect(completed).toEqual([
      ['thread-A', started[0]!.itemId, 'cancelled', 'eventmap.synthetic'],
      ['thread-B', started[1]!.itemId, 'completed', 'codex.sdk.thread-event'],
    ]);
    expect(events.map((e) => [e.type, e.providerRefs?.providerThreadId])).toEqual([
      ['thread.started', 'thread-A'],
      ['turn.started', 'thread-A'],
      ['item.started', 'thread-A'],
      ['item.completed', 'thread-A'],
      ['turn.aborted', 'thread-A'],
      ['turn.completed', 'thread-A'],
      ['thread.started', 'thread-B'],
      ['turn.started', 'thread-B'],
      ['item.started', 'thread-B'],
      ['item.completed', 'thread-B'],
      ['turn.completed', 'thread-B'],
    ]);
    expect(events.filter((e) => !validateProviderRuntimeEvent(e))).toEqual([]);
  });

  it('codex-sdk, recorded: every run of one thread counts its items from item_0, and each is an item of its own', () => {
    // The recording is one thread run once per scenario, as an app runs it: thread.run() after thread.run().
    const t = transcripts('codex-sdk')[0]!;
    const events = run(t.source, t.lines);
    const itemsByRun = new Map<string, string>();
    let runs = 0;
    for (const e of events) {
      if (e.type === 'thread.started') runs++;
      if (e.itemId === undefined) continue;
      const key = `${runs}/${e.providerRefs?.providerItemId}`;
      expect(itemsByRun.get(key) ?? e.itemId, key).toBe(e.itemId);
      itemsByRun.set(key, e.itemId);
    }
    expect(runs).toBeGreaterThan(1);
    const providerIds = [...itemsByRun.keys()].map((k) => k.slice(k.indexOf('/') + 1));
    // The upstream's own ids repeat across runs; the canonical ones never do.
    expect(new Set(providerIds).size).toBeLessThan(providerIds.length);
    expect(new Set(itemsByRun.values()).size).toBe(itemsByRun.size);
  });

  it('codex-sdk: the same stream in two threads gives two sets of turn and item ids', () => {
    const second = sdkLines.map((l) => l.replace(/"thread_id":"[^"]+"/, '"thread_id":"another-thread"'));
    const events = run('codex-sdk', [...sdkLines, ...second]);
    const byThread = (key: 'turnId' | 'itemId') =>
      new Map(
        [...new Set(events.map((e) => e.providerRefs?.providerThreadId))].map((th) => [
          th,
          ids(
            events.filter((e) => e.providerRefs?.providerThreadId === th),
            key,
          ),
        ]),
      );
    for (const key of ['turnId', 'itemId'] as const) {
      const [a, b] = [...byThread(key).values()];
      expect(a!.size).toBeGreaterThan(0);
      expect([...a!].filter((id) => b!.has(id))).toEqual([]);
    }
  });

  it('a resumed Claude session in a second normalizer repeats no turn, item or event id of the first', () => {
    const promptsOf = (x: Transcript) =>
      x.records.flatMap((r, i) => (r.kind === 'meta' && r.what === 'send_prompt' ? [i] : []));
    // A session of several prompts (a one-limit recording has one), resumed at a prompt in the middle: the second process sees the same session_id.
    const t = transcripts('claude-agent-sdk').find((x) => x.file.endsWith('.events.jsonl') && promptsOf(x).length > 1)!;
    const prompts = promptsOf(t);
    const cut = prompts[Math.floor(prompts.length / 2)]!;
    const first = run(t.source, t.lines.slice(0, cut));
    const second = run(t.source, t.lines.slice(cut));
    expect(
      first.some(
        (e) =>
          e.providerRefs?.providerTurnId ===
          second.find((x) => x.type === 'turn.started')?.providerRefs?.providerTurnId,
      ),
    ).toBe(true);
    for (const key of ['turnId', 'eventId', 'sessionId'] as const)
      expect(
        [...ids(second, key)].filter((id) => ids(first, key).has(id)),
        key,
      ).toEqual([]);
    // The thread is the same conversation in both.
    expect([...ids(second, 'sessionId')]).not.toEqual([...ids(first, 'sessionId')]);
    expect(new Set(second.map((e) => e.threadId).filter(Boolean))).toEqual(
      new Set(first.map((e) => e.threadId).filter(Boolean)),
    );
  });

  it('JSON-RPC ids restart per connection: the same id in two sessions is two requests', () => {
    const approval = {
      method: 'item/commandExecution/requestApproval',
      id: 0,
      params: { threadId: 'th', turnId: 'tu', itemId: 'call-1', reason: 'x' },
    };
    const a = run('codex-app-server', [JSON.stringify(approval)], { sessionId: 'connection-1' });
    const b = run('codex-app-server', [JSON.stringify(approval)], { sessionId: 'connection-2' });
    expect(a[0]!.requestId).not.toBe(b[0]!.requestId);
    expect(a[0]!.providerRefs?.providerRequestId).toBe(b[0]!.providerRefs?.providerRequestId);
  });
});

describe('a request with no turn', () => {
  const turn = (thread: string, id: string, status: string) => ({
    method: `turn/${status === 'inProgress' ? 'started' : 'completed'}`,
    params: { threadId: thread, turn: { id, items: [], status, error: null } },
  });
  // 0.105.0 server requests without a turn id: skill/requestApproval names no thread either; the
  // legacy execCommandApproval names its thread (conversationId).
  const skill = { method: 'skill/requestApproval', id: 2, params: { itemId: 'skill-1', skillName: 'deploy' } };
  const legacy = {
    method: 'execCommandApproval',
    id: 3,
    params: {
      conversationId: 'thread-A',
      callId: 'call-A',
      command: ['touch', 'x'],
      cwd: '/',
      reason: null,
      parsedCmd: [],
    },
  };
  const answer = (id: number, decision: string) => ({ dir: 'c2s', line: JSON.stringify({ id, result: { decision } }) });
  const lines = (...messages: unknown[]) => messages.map((m) => JSON.stringify(m));

  it('is not closed by another thread’s turn end; its answer resolves it', () => {
    const events = run(
      'codex-app-server',
      lines(
        skill,
        legacy,
        turn('thread-B', 'turn-B', 'inProgress'),
        turn('thread-B', 'turn-B', 'completed'),
        answer(2, 'approve'),
        answer(3, 'approved'),
      ),
    );
    const resolved = events.filter((e) => e.type === 'request.resolved');
    expect(
      resolved.map((e) => [
        e.providerRefs?.providerRequestId,
        e.payload.decision,
        e.raw.source,
        e.providerRefs?.providerThreadId,
      ]),
    ).toEqual([
      ['2', 'accepted', 'codex.app-server.response', undefined],
      ['3', 'accepted', 'codex.app-server.response', 'thread-A'],
    ]);
  });

  it('is expired by its thread’s end (and only its own thread’s)', () => {
    const events = run(
      'codex-app-server',
      lines(
        skill,
        legacy,
        { method: 'thread/closed', params: { threadId: 'thread-B' } },
        { method: 'thread/closed', params: { threadId: 'thread-A' } },
      ),
    );
    expect(events.map((e) => e.type)).toEqual([
      'request.opened',
      'request.opened',
      'thread.state.changed',
      'thread.state.changed',
      'request.resolved',
    ]);
    expect(events[4]!.payload).toMatchObject({ decision: 'expired', requestType: 'exec_command_approval' });
    expect(events[4]!.raw.source).toBe('eventmap.synthetic');
  });

  it('joins its thread’s open turn, whose end cancels it', () => {
    const events = run(
      'codex-app-server',
      lines(turn('thread-A', 'turn-A', 'inProgress'), legacy, turn('thread-A', 'turn-A', 'interrupted')),
    );
    expect(events.map((e) => [e.type, e.payload.decision ?? e.payload.state])).toEqual([
      ['turn.started', undefined],
      ['request.opened', undefined],
      ['request.resolved', 'cancelled'],
      ['turn.completed', 'interrupted'],
    ]);
  });
});
