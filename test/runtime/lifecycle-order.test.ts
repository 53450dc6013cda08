// What the normalizer closes at a turn's end is emitted before that turn's turn.completed, so a
// consumer that finalises the turn there has everything (every committed recording, and edges).
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer } from '../../runtime/index.ts';
import { loose, type CanonicalEvent } from './loose.ts';
import { transcripts } from '../conformance/transcripts.ts';

function run(source: string, lines: unknown[]): CanonicalEvent[] {
  // The app's answers are passed: what a turn's end leaves unanswered was not answered.
  const n = createNormalizer(source as never, { clock: () => 0, observesReplies: true });
  return lines.flatMap((l) => loose(n.push(l as never)));
}

/** Events of a turn after its turn.completed. */
function late(events: CanonicalEvent[]): CanonicalEvent[] {
  const ended = new Set<string>();
  const out: CanonicalEvent[] = [];
  for (const e of events) {
    if (e.turnId !== undefined && ended.has(e.turnId)) out.push(e);
    if (e.type === 'turn.completed') ended.add(e.turnId!);
  }
  return out;
}

describe.each(transcripts().map((t) => [t.file, t] as const))('%s', (_f, t) => {
  const events = run(t.source, t.lines);

  it('closes nothing of a turn after its turn.completed', () => {
    expect(
      late(events)
        .filter((e) => e.raw.source === 'eventmap.synthetic')
        .map((e) => e.type),
    ).toEqual([]);
  });

  it('closes what an ended turn left open before its turn.completed', () => {
    const closures = events.flatMap((e, i) =>
      e.raw.source === 'eventmap.synthetic' &&
      e.type !== 'turn.started' &&
      e.type !== 'turn.completed' &&
      e.turnId !== undefined
        ? [i]
        : [],
    );
    for (const i of closures)
      expect(
        events.slice(i + 1).some((e) => e.type === 'turn.completed' && e.turnId === events[i]!.turnId),
        `${events[i]!.type} ${events[i]!.providerRefs?.providerItemId}`,
      ).toBe(true);
  });

  it('pairs each lifecycle: every turn, item and request that starts ends once (end() included), none ends twice', () => {
    const n = createNormalizer(t.source as never, { clock: () => 0 });
    const all = [...t.lines.flatMap((l) => loose(n.push(l as never))), ...loose(n.end().events)];
    const PAIRS = [
      ['turn.started', 'turn.completed', 'turnId'],
      ['item.started', 'item.completed', 'itemId'],
      ['request.opened', 'request.resolved', 'requestId'],
    ] as const;
    for (const [opens, closes, key] of PAIRS) {
      const ids = (type: string) => all.filter((e) => e.type === type).map((e) => e[key]!);
      const ended = ids(closes);
      expect(
        ended.filter((id, i) => ended.indexOf(id) !== i),
        `${closes} twice`,
      ).toEqual([]);
      expect(
        ids(opens).filter((id) => !ended.includes(id)),
        `${opens} never ${closes}`,
      ).toEqual([]);
    }
    // Every turn that ends started (an item or a request may only end: the upstream announced no start).
    const started = new Set(all.filter((e) => e.type === 'turn.started').map((e) => e.turnId));
    expect(all.filter((e) => e.type === 'turn.completed' && !started.has(e.turnId))).toEqual([]);
  });

  it('lets only an upstream message that arrives late (a Claude background subagent’s, an item’s own completion after its turn’s end closed it) name an ended turn', () => {
    const closedBefore = (e: CanonicalEvent) =>
      e.type === 'item.updated' &&
      events.some((x) => x.type === 'item.completed' && x.itemId === e.itemId && x.raw.source === 'eventmap.synthetic');
    const others = late(events).filter(
      (e) => (e.raw.payload as { parent_tool_use_id?: unknown } | null)?.parent_tool_use_id == null && !closedBefore(e),
    );
    expect(others.map((e) => `${e.type} ${e.raw.method ?? e.raw.messageType}`)).toEqual([]);
  });
});

it('the recordings have turns that end with something open (interrupts, cut-off streams), per source', () => {
  const sources = transcripts().filter((t) =>
    run(t.source, t.lines).some((e) => e.raw.source === 'eventmap.synthetic' && e.type === 'item.completed'),
  );
  // `codex exec` (codex-sdk) closes every item itself before a turn fails, so its recordings never
  // leave one open; the hand-made case in test/runtime/codex-sdk.test.ts covers that source.
  const canLeaveOpen = transcripts().filter((t) => t.source !== 'codex-sdk');
  expect(new Set(sources.map((t) => t.source))).toEqual(new Set(canLeaveOpen.map((t) => t.source)));
});

describe('a turn’s end, hand-made', () => {
  it('codex: the items and the approval an interrupted turn left open, then turn.completed', () => {
    const T = 'thread-1';
    const events = run('codex-app-server', [
      {
        method: 'turn/started',
        params: { threadId: T, turn: { id: 'u', items: [], status: 'inProgress', error: null } },
      },
      {
        method: 'item/started',
        params: {
          threadId: T,
          turnId: 'u',
          item: {
            type: 'commandExecution',
            id: 'call-1',
            command: 'sleep 9',
            cwd: '/',
            status: 'inProgress',
            commandActions: [],
          },
        },
      },
      {
        method: 'item/commandExecution/requestApproval',
        id: 4,
        params: { threadId: T, turnId: 'u', itemId: 'call-1', reason: 'x' },
      },
      {
        method: 'turn/completed',
        params: { threadId: T, turn: { id: 'u', items: [], status: 'interrupted', error: null } },
      },
    ]);
    expect(events.slice(-3).map((e) => [e.type, e.payload.status ?? e.payload.decision ?? e.payload.state])).toEqual([
      ['item.completed', 'interrupted'],
      ['request.resolved', 'cancelled'],
      ['turn.completed', 'interrupted'],
    ]);
  });

  it('codex: an item completes once; the upstream’s completion after the turn’s end closed it is an item.updated', () => {
    const T = 'thread-1';
    const item = (status: string, extra: Record<string, unknown> = {}) => ({
      type: 'commandExecution',
      id: 'call-1',
      command: 'sleep 9',
      cwd: '/',
      status,
      commandActions: [],
      ...extra,
    });
    const n = createNormalizer('codex-app-server', { clock: () => 0, observesReplies: true });
    const events = [
      {
        method: 'turn/started',
        params: { threadId: T, turn: { id: 'u', items: [], status: 'inProgress', error: null } },
      },
      { method: 'item/started', params: { threadId: T, turnId: 'u', item: item('inProgress') } },
      {
        method: 'turn/completed',
        params: { threadId: T, turn: { id: 'u', items: [], status: 'interrupted', error: null } },
      },
      {
        method: 'item/completed',
        params: { threadId: T, turnId: 'u', item: item('failed', { exitCode: 130, aggregatedOutput: 'partial' }) },
      },
      {
        method: 'item/completed',
        params: { threadId: T, turnId: 'u', item: item('failed', { exitCode: 130, aggregatedOutput: 'partial' }) },
      },
    ].flatMap((m) => loose(n.push(m as never)));
    expect(events.map((e) => [e.type, e.payload.status ?? e.payload.state, e.raw.source])).toEqual([
      ['turn.started', undefined, 'codex.app-server.notification'],
      ['item.started', 'inProgress', 'codex.app-server.notification'],
      ['item.completed', 'interrupted', 'eventmap.synthetic'],
      ['turn.completed', 'interrupted', 'codex.app-server.notification'],
      // What the upstream said at the end is kept (its exit code and output), the item not ended again.
      ['item.updated', 'failed', 'codex.app-server.notification'],
    ]);
    expect(events.at(-1)!.payload.data).toMatchObject({ exitCode: 130, aggregatedOutput: 'partial' });
    expect(events.at(-1)!.itemId).toBe(events[1]!.itemId);
    expect(n.stats.ignoredBy).toMatchObject({ 'item already completed': 1 });
    expect(n.stats).toMatchObject({ unknown: 0, invalid: 0 });
  });

  it('codex-sdk: what a run without a thread id left open closes in no thread, under its own ids', () => {
    const n = createNormalizer('codex-sdk', { clock: () => 0 });
    const events = [
      { type: 'thread.started' },
      { type: 'turn.started' },
      { type: 'item.started', item: { id: 'item_0', type: 'command_execution', command: 'ls', status: 'in_progress' } },
      { type: 'thread.started', thread_id: 'thread-2' },
    ].flatMap((m) => loose(n.push(m as never)));
    const started = events.find((e) => e.type === 'item.started')!;
    const turn = events.find((e) => e.type === 'turn.started')!;
    const closes = events.filter((e) => e.raw.source === 'eventmap.synthetic');
    expect(closes.map((e) => [e.type, e.threadId, e.itemId ?? e.turnId])).toEqual([
      ['item.completed', undefined, started.itemId],
      ['turn.aborted', undefined, turn.turnId],
      ['turn.completed', undefined, turn.turnId],
    ]);
    expect(n.held()).toMatchObject({ openItems: 0, openTurns: 0 });
    expect(loose(n.end().events)).toEqual([]);
  });

  it('claude: a tool’s result after its turn ended (and closed it) updates it in that turn, not the one open now', () => {
    const S = 'session-1';
    const stream = (event: Record<string, unknown>) => ({
      type: 'stream_event',
      session_id: S,
      parent_tool_use_id: null,
      event,
    });
    const start = (id: string) =>
      stream({
        type: 'message_start',
        message: { id, type: 'message', role: 'assistant', content: [], model: 'm', stop_reason: null, usage: {} },
      });
    const n = createNormalizer('claude-agent-sdk', { clock: () => 0 });
    const events = [
      start('msg_1'),
      stream({
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 'toolu_1', name: 'Bash', input: {} },
      }),
      stream({ type: 'content_block_stop', index: 0 }),
      stream({ type: 'message_stop' }),
      { type: 'result', subtype: 'error_during_execution', session_id: S, is_error: true, uuid: 'u1' },
      start('msg_2'),
      {
        type: 'user',
        session_id: S,
        parent_tool_use_id: null,
        message: {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'late output', is_error: false }],
        },
      },
    ].flatMap((m) => loose(n.push(m as never)));
    const tool = events.filter((e) => e.providerRefs?.providerItemId === 'toolu_1');
    const turns = events.filter((e) => e.type === 'turn.started').map((e) => e.turnId);
    expect(turns).toHaveLength(2);
    expect(tool.map((e) => [e.type, e.turnId, e.raw.source])).toEqual([
      ['item.started', turns[0], 'claude.sdk.message'],
      ['item.completed', turns[0], 'eventmap.synthetic'],
      ['item.updated', turns[0], 'claude.sdk.message'],
    ]);
    expect(tool.at(-1)!.providerRefs?.providerTurnId).toBe(tool[0]!.providerRefs?.providerTurnId);
    expect(events.filter((e) => !validateProviderRuntimeEvent(e))).toEqual([]);
  });
});
