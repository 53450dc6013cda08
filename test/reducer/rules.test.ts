// The reducer's rules, one given/want table each: item text (replace vs append), tool detail and
// tool states, requests pending → decided, questions and answers, plan, proposed plan, usage,
// where events naming no turn or thread go, and that odd orders never throw.
import { describe, expect, it } from 'vitest';
import type { ProviderRuntimeEvent } from '../../runtime/index.ts';
import { reduceEvents, reduceSession, type ItemView, type SessionView } from '../../runtime/reducer/index.ts';
import { MAX_NESTING } from '../../runtime/reducer/limits.ts';
import { AT, ev, inTurn } from './events.ts';

const withChildren = (items: readonly ItemView[]): ItemView[] =>
  items.flatMap((i) => [i, ...withChildren(i.children ?? [])]);
const allItems = (view: SessionView): ItemView[] =>
  view.threads.flatMap((t) => withChildren([...t.turns.flatMap((u) => u.items), ...t.items]));
const item = (view: SessionView, id = 'i1'): ItemView | undefined => allItems(view).find((i) => i.itemId === id);
const thread = (view: SessionView) => view.threads[0]!;

const I = { turn: 'u1', item: 'i1' };
const started = (itemType: ItemView['itemType'], extra = {}) => ev('item.started', { itemType, ...extra }, I);
const updated = (itemType: ItemView['itemType'], extra = {}) => ev('item.updated', { itemType, ...extra }, I);
const completed = (itemType: ItemView['itemType'], extra = {}) => ev('item.completed', { itemType, ...extra }, I);
const delta = (
  streamKind:
    | 'assistant_text'
    | 'reasoning_text'
    | 'reasoning_summary_text'
    | 'plan_text'
    | 'command_output'
    | 'tool_input'
    | 'unknown',
  text: string,
) => ev('content.delta', { streamKind, delta: text }, I);

describe('item text', () => {
  const cases: [string, ProviderRuntimeEvent[], string][] = [
    [
      'deltas append',
      [started('assistant_message'), delta('assistant_text', 'Hel'), delta('assistant_text', 'lo')],
      'Hello',
    ],
    [
      'an item event’s text replaces what was accumulated',
      [started('assistant_message'), delta('assistant_text', 'abc'), updated('assistant_message', { text: 'xyz' })],
      'xyz',
    ],
    [
      'deltas after a replacement append to it',
      [started('assistant_message'), updated('assistant_message', { text: 'xyz' }), delta('assistant_text', '!')],
      'xyz!',
    ],
    [
      'item.completed without text keeps the accumulated text',
      [started('assistant_message'), delta('assistant_text', 'ab'), completed('assistant_message')],
      'ab',
    ],
    [
      'item.completed with text is the final text',
      [started('assistant_message'), delta('assistant_text', 'ab'), completed('assistant_message', { text: 'abc' })],
      'abc',
    ],
    [
      'reasoning text and summary append',
      [started('reasoning'), delta('reasoning_text', 'r1 '), delta('reasoning_summary_text', 's1')],
      'r1 s1',
    ],
    ['plan text appends', [started('plan'), delta('plan_text', '1. do')], '1. do'],
    [
      'an empty text replaces too',
      [started('assistant_message', { text: 'draft' }), completed('assistant_message', { text: '' })],
      '',
    ],
    ['unknown streams are not text', [started('assistant_message'), delta('unknown', '??')], ''],
    ['command output is not text', [started('command_execution'), delta('command_output', 'out')], ''],
    [
      'a delta before item.started makes the item; the start keeps its text',
      [delta('assistant_text', 'early'), started('assistant_message')],
      'early',
    ],
  ];
  it.each(cases)('%s', (_name, events, want) => {
    expect(item(reduceEvents(inTurn(...events)))?.text).toBe(want);
  });

  it('an item first seen in a delta gets the type its stream implies, until an item event says', () => {
    const view = reduceEvents(inTurn(delta('reasoning_summary_text', 'x')));
    expect(item(view)).toEqual({ itemId: 'i1', itemType: 'reasoning', status: 'inProgress', text: 'x', startedAt: AT });
  });
});

describe('tool detail', () => {
  const cases: [string, ProviderRuntimeEvent[], object | undefined][] = [
    [
      'later events merge over earlier ones, field by field',
      [
        started('command_execution', { toolDetail: { command: 'ls', cwd: '/a' } }),
        updated('command_execution', { toolDetail: { exitCode: 0 } }),
        completed('command_execution', { toolDetail: { cwd: '/b', output: 'x' } }),
      ],
      { command: 'ls', cwd: '/b', exitCode: 0, output: 'x' },
    ],
    [
      'command output deltas fill output',
      [
        started('command_execution', { toolDetail: { command: 'ls' } }),
        delta('command_output', 'a\n'),
        delta('command_output', 'b\n'),
      ],
      { command: 'ls', output: 'a\nb\n' },
    ],
    [
      'an item event’s output replaces the streamed output',
      [
        started('command_execution'),
        delta('command_output', 'partial'),
        completed('command_execution', { toolDetail: { output: 'whole' } }),
      ],
      { output: 'whole' },
    ],
    [
      'deltas after an item event’s output do not append',
      [
        started('command_execution'),
        updated('command_execution', { toolDetail: { output: 'whole' } }),
        delta('command_output', 'again'),
      ],
      { output: 'whole' },
    ],
    ['an item with no tool detail has none', [started('assistant_message')], undefined],
  ];
  it.each(cases)('%s', (_name, events, want) => {
    expect(item(reduceEvents(inTurn(...events)))?.toolDetail).toEqual(want);
  });
});

describe('tool states (Vercel AI SDK tool part states)', () => {
  // Each event, then the toolState the item has after it.
  const cases: [string, [ProviderRuntimeEvent, string | undefined][]][] = [
    [
      'a command: streaming, available, output',
      [
        [started('command_execution'), 'input-streaming'],
        [updated('command_execution', { toolDetail: { command: 'ls' } }), 'input-available'],
        [delta('command_output', 'x'), 'input-available'],
        [completed('command_execution', { status: 'completed' }), 'output-available'],
      ],
    ],
    [
      'a tool whose input streams',
      [
        [started('dynamic_tool_call', { toolDetail: { name: 'Write' } }), 'input-available'],
        [delta('tool_input', '{"pa'), 'input-streaming'],
        [updated('dynamic_tool_call', { toolDetail: { input: { path: 'a' } } }), 'input-available'],
        [completed('dynamic_tool_call', { status: 'declined' }), 'output-error'],
      ],
    ],
    [
      'failed',
      [
        [started('mcp_tool_call', { toolDetail: { server: 's', name: 'n' } }), 'input-available'],
        [completed('mcp_tool_call', { status: 'failed' }), 'output-error'],
      ],
    ],
    [
      'interrupted',
      [
        [started('file_change'), 'input-streaming'],
        [completed('file_change', { status: 'interrupted' }), 'output-error'],
      ],
    ],
    [
      'cancelled',
      [
        [started('web_search'), 'input-streaming'],
        [completed('web_search', { status: 'cancelled' }), 'output-error'],
      ],
    ],
    [
      'completed with no status is completed',
      [
        [started('image_view'), 'input-streaming'],
        [completed('image_view'), 'output-available'],
      ],
    ],
    [
      'an update after the end does not reopen it',
      [
        [completed('collab_agent_tool_call', { status: 'completed' }), 'output-available'],
        [updated('collab_agent_tool_call', { toolDetail: { name: 'x' } }), 'output-available'],
        [delta('tool_input', '{'), 'output-available'],
      ],
    ],
    [
      'any item with a tool detail is a tool',
      [[started('unknown', { toolDetail: { name: 'Mystery' } }), 'input-available']],
    ],
    [
      'messages have no tool state',
      [
        [started('assistant_message'), undefined],
        [completed('assistant_message'), undefined],
      ],
    ],
  ];
  it.each(cases)('%s', (_name, steps) => {
    let view = reduceEvents(inTurn());
    for (const [event, want] of steps) {
      view = reduceSession(view, event);
      expect([event.type, item(view)?.toolState]).toEqual([event.type, want]);
    }
  });

  it('status follows item events: inProgress until item.completed, which does not reopen', () => {
    const view = reduceEvents(
      inTurn(
        started('command_execution'),
        completed('command_execution', { status: 'failed' }),
        updated('command_execution', { status: 'inProgress' }),
      ),
    );
    expect(item(view)?.status).toBe('failed');
  });
});

describe('requests', () => {
  const R = { turn: 'u1', request: 'r1', item: 'i9' };
  const opened = ev(
    'request.opened',
    { requestType: 'command_execution_approval', title: 'Run ls', detail: 'ls -la', toolDetail: { command: 'ls -la' } },
    R,
  );
  const cases: [string, ProviderRuntimeEvent[], object[]][] = [
    [
      'opened is pending',
      [opened],
      [
        {
          requestId: 'r1',
          requestType: 'command_execution_approval',
          title: 'Run ls',
          detail: 'ls -la',
          toolDetail: { command: 'ls -la' },
          itemId: 'i9',
          turnId: 'u1',
          status: 'pending',
        },
      ],
    ],
    [
      'resolved is decided',
      [opened, ev('request.resolved', { requestType: 'command_execution_approval', decision: 'accepted' }, R)],
      [
        {
          requestId: 'r1',
          requestType: 'command_execution_approval',
          title: 'Run ls',
          detail: 'ls -la',
          toolDetail: { command: 'ls -la' },
          itemId: 'i9',
          turnId: 'u1',
          status: 'resolved',
          decision: 'accepted',
        },
      ],
    ],
    [
      'resolved with no decision is resolved',
      [opened, ev('request.resolved', { requestType: 'command_execution_approval' }, R)],
      [
        {
          requestId: 'r1',
          requestType: 'command_execution_approval',
          title: 'Run ls',
          detail: 'ls -la',
          toolDetail: { command: 'ls -la' },
          itemId: 'i9',
          turnId: 'u1',
          status: 'resolved',
        },
      ],
    ],
    [
      'resolved with no opening is recorded as it came',
      [ev('request.resolved', { requestType: 'tool_approval', decision: 'permission_denied' }, { request: 'r2' })],
      [{ requestId: 'r2', requestType: 'tool_approval', status: 'resolved', decision: 'permission_denied' }],
    ],
    [
      'opened after its decision (out of order): the decision stands',
      [ev('request.resolved', { requestType: 'tool_approval', decision: 'declined' }, R), opened],
      [expect.objectContaining({ status: 'resolved', decision: 'declined', title: 'Run ls' })],
    ],
    [
      'a request about an item shows the item’s tool detail when it carries none (a Codex file-change approval)',
      [
        ev(
          'item.started',
          { itemType: 'file_change', status: 'inProgress', toolDetail: { changes: [{ path: 'a.ts', kind: 'add' }] } },
          { turn: 'u1', item: 'i9' },
        ),
        ev('request.opened', { requestType: 'file_change_approval', title: 'File change' }, R),
      ],
      [expect.objectContaining({ requestId: 'r1', toolDetail: { changes: [{ path: 'a.ts', kind: 'add' }] } })],
    ],
    [
      'two requests keep their order',
      [opened, ev('request.opened', { requestType: 'file_change_approval' }, { request: 'r3' })],
      [expect.objectContaining({ requestId: 'r1' }), expect.objectContaining({ requestId: 'r3', status: 'pending' })],
    ],
  ];
  it.each(cases)('%s', (_name, events, want) => {
    expect(thread(reduceEvents(events)).requests).toEqual(want);
  });
});

describe('questions and answers', () => {
  const Q = { request: 'q1', turn: 'u1' };
  const questions = [
    {
      id: 'color',
      header: 'Color',
      question: 'Which color?',
      options: [{ label: 'red' }, { label: 'blue', description: 'calm' }],
      multiSelect: true,
    },
  ];
  const cases: [string, ProviderRuntimeEvent[], object[]][] = [
    [
      'asked is pending',
      [ev('user-input.requested', { questions }, Q)],
      [{ requestId: 'q1', questions, status: 'pending', turnId: 'u1' }],
    ],
    [
      'answered is resolved, keyed by question id',
      [
        ev('user-input.requested', { questions }, Q),
        ev('user-input.resolved', { answers: { color: ['red', 'blue'] } }, Q),
      ],
      [{ requestId: 'q1', questions, answers: { color: ['red', 'blue'] }, status: 'resolved', turnId: 'u1' }],
    ],
    [
      'answers with no question before them',
      [ev('user-input.resolved', { answers: {} }, { request: 'q2' })],
      [{ requestId: 'q2', questions: [], answers: {}, status: 'resolved' }],
    ],
  ];
  it.each(cases)('%s', (_name, events, want) => {
    expect(thread(reduceEvents(events)).userInputs).toEqual(want);
  });
});

describe('plan, proposed plan, usage, tasks', () => {
  it('the plan is the latest turn.plan.updated; a null explanation is none', () => {
    const view = reduceEvents([
      ev('turn.plan.updated', { explanation: 'first', plan: [{ step: 'a', status: 'pending' }] }, { turn: 'u1' }),
      ev(
        'turn.plan.updated',
        {
          explanation: null,
          plan: [
            { step: 'a', status: 'completed' },
            { step: 'b', status: 'inProgress' },
          ],
        },
        { turn: 'u1' },
      ),
    ]);
    expect(thread(view).plan).toEqual({
      turnId: 'u1',
      steps: [
        { step: 'a', status: 'completed' },
        { step: 'b', status: 'inProgress' },
      ],
    });
  });

  it('the proposed plan is the latest turn.proposed.completed', () => {
    const view = reduceEvents([ev('turn.proposed.completed', { planMarkdown: '# Plan' }, { turn: 'u2' })]);
    expect(thread(view).proposedPlan).toEqual({ turnId: 'u2', planMarkdown: '# Plan' });
  });

  it('usage is the latest snapshot', () => {
    const view = reduceEvents([
      ev('thread.token-usage.updated', { usage: { usedTokens: 10, maxTokens: 100 } }),
      ev('thread.token-usage.updated', { usage: { usedTokens: 30 } }),
    ]);
    expect(thread(view).usage).toEqual({ usedTokens: 30 });
  });

  it('tasks: started, progress, updated, completed', () => {
    const T = { taskId: 'k1' as never };
    const view = reduceEvents([
      ev('task.started', { ...T, description: 'explore', taskType: 'subagent' }, { turn: 'u1' }),
      ev('task.progress', { ...T, description: 'explore', summary: 'reading files', lastToolName: 'Read' }),
      ev('task.updated', { ...T, state: 'paused' }),
      ev('task.completed', { ...T, status: 'completed', summary: 'done' }),
    ]);
    expect(thread(view).tasks).toEqual([
      {
        taskId: 'k1',
        state: 'completed',
        description: 'explore',
        summary: 'done',
        lastToolName: 'Read',
        turnId: 'u1',
        startedAt: AT,
        completedAt: AT,
      },
    ]);
  });
});

describe('turns and threads', () => {
  it('turn states: running, then what turn.completed says', () => {
    const view = reduceEvents([
      ev('turn.started', { model: 'm1' }, { turn: 'u1' }),
      ev('turn.completed', { state: 'failed', errorMessage: 'boom', stopReason: null }, { turn: 'u1' }),
      ev('turn.started', {}, { turn: 'u2' }),
      ev('turn.aborted', { reason: 'user' }, { turn: 'u2' }),
      ev('turn.completed', { state: 'cancelled' }, { turn: 'u2' }),
      ev('turn.started', {}, { turn: 'u3' }),
    ]);
    expect(thread(view).turns).toEqual([
      { turnId: 'u1', state: 'failed', items: [], model: 'm1', errorMessage: 'boom', startedAt: AT, completedAt: AT },
      { turnId: 'u2', state: 'cancelled', items: [], abortReason: 'user', startedAt: AT, completedAt: AT },
      { turnId: 'u3', state: 'running', items: [], startedAt: AT },
    ]);
  });

  // Where an item event naming no turn goes: [events before it, where it lands].
  const noTurn = ev('item.started', { itemType: 'assistant_message' }, { item: 'x' });
  const cases: [string, ProviderRuntimeEvent[], string][] = [
    [
      'the running turn',
      [
        ev('turn.started', {}, { turn: 'u1' }),
        ev('turn.started', {}, { turn: 'u2' }),
        ev('turn.completed', { state: 'completed' }, { turn: 'u2' }),
      ],
      'u1',
    ],
    [
      'else the last turn',
      [ev('turn.started', {}, { turn: 'u1' }), ev('turn.completed', { state: 'completed' }, { turn: 'u1' })],
      'u1',
    ],
    ['else the thread’s turn-less items', [ev('thread.started', {})], 'thread'],
    [
      'where it already is, whatever turn the event names',
      [ev('item.started', { itemType: 'assistant_message' }, { item: 'x' }), ev('turn.started', {}, { turn: 'u1' })],
      'thread',
    ],
  ];
  it.each(cases)('an item naming no turn goes to %s', (_name, before, want) => {
    const t = thread(reduceEvents([...before, noTurn]));
    const where = t.items.some((i) => i.itemId === 'x')
      ? 'thread'
      : t.turns.find((u) => u.items.some((i) => i.itemId === 'x'))?.turnId;
    expect(where).toBe(want);
    expect(allItems(reduceEvents([...before, noTurn])).filter((i) => i.itemId === 'x')).toHaveLength(1);
  });

  it('an item naming a turn the view lacks makes that turn', () => {
    const view = reduceEvents([ev('item.started', { itemType: 'plan' }, { turn: 'u7', item: 'x' })]);
    expect(thread(view).turns).toEqual([
      { turnId: 'u7', state: 'running', items: [expect.objectContaining({ itemId: 'x' })], startedAt: AT },
    ]);
  });

  it('events naming no thread go to the default thread (threadId undefined)', () => {
    const view = reduceEvents([
      ev('turn.started', {}, { thread: null, turn: 'u1' }),
      ev('turn.started', {}, { thread: 't1', turn: 'u2' }),
    ]);
    expect(view.threads.map((t) => [t.threadId, t.turns.map((u) => u.turnId)])).toEqual([
      [undefined, ['u1']],
      ['t1', ['u2']],
    ]);
    expect(Object.keys(view.threads[0]!)).not.toContain('threadId');
  });

  it('thread state, name, provider id; session state, exit, warnings and errors', () => {
    const view = reduceEvents([
      ev('session.state.changed', { state: 'running' }, { thread: null }),
      ev('thread.started', { providerThreadId: 'p1' as never }),
      ev('thread.metadata.updated', { name: 'Fix the bug' }),
      ev('thread.state.changed', { state: 'idle' }),
      ev('runtime.warning', { message: 'retrying', retry: { attempt: 1 } }, { turn: 'u1' }),
      ev('config.warning', { summary: 'bad config', details: 'line 3' }, { thread: null }),
      ev('runtime.error', { message: 'broken', class: 'provider_error' }),
      ev('session.exited', { exitKind: 'graceful' }, { thread: null }),
    ]);
    expect(view).toEqual({
      sessionId: 's1',
      state: 'running',
      exit: { exitKind: 'graceful' },
      threads: [
        {
          threadId: 't1',
          providerThreadId: 'p1',
          name: 'Fix the bug',
          state: 'idle',
          turns: [],
          items: [],
          requests: [],
          userInputs: [],
          tasks: [],
        },
      ],
      warnings: [
        { kind: 'runtime-warning', message: 'retrying', retry: { attempt: 1 }, threadId: 't1', turnId: 'u1' },
        { kind: 'config-warning', message: 'bad config', details: 'line 3' },
      ],
      errors: [{ kind: 'runtime-error', message: 'broken', errorClass: 'provider_error', threadId: 't1' }],
    });
  });
});

describe('structural sharing', () => {
  const base = reduceEvents([
    ev('turn.started', {}, { thread: 'A', turn: 'a1' }),
    ev('item.started', { itemType: 'assistant_message' }, { thread: 'A', turn: 'a1', item: 'ia' }),
    ev('item.started', { itemType: 'reasoning' }, { thread: 'A', turn: 'a1', item: 'ib' }),
    ev('turn.completed', { state: 'completed' }, { thread: 'A', turn: 'a1' }),
    ev('turn.started', {}, { thread: 'A', turn: 'a2' }),
    ev('item.started', { itemType: 'assistant_message' }, { thread: 'A', turn: 'a2', item: 'ic' }),
    ev('request.opened', { requestType: 'tool_approval' }, { thread: 'A', request: 'r' }),
    ev('turn.started', {}, { thread: 'B', turn: 'b1' }),
  ]);

  it('a delta replaces only the path to its item', () => {
    const next = reduceSession(
      base,
      ev('content.delta', { streamKind: 'reasoning_text', delta: 'x' }, { thread: 'A', turn: 'a1', item: 'ib' }),
    );
    const [a0, b0] = base.threads;
    const [a1, b1] = next.threads;
    expect(next).not.toBe(base);
    expect(b1).toBe(b0);
    expect(a1).not.toBe(a0);
    expect(a1!.turns[1]).toBe(a0!.turns[1]);
    expect(a1!.turns[0]!.items[0]).toBe(a0!.turns[0]!.items[0]);
    expect(a1!.turns[0]!.items[1]).not.toBe(a0!.turns[0]!.items[1]);
    expect(a1!.requests).toBe(a0!.requests);
    expect(next.warnings).toBe(base.warnings);
    expect(base.threads[0]!.turns[0]!.items[1]!.text).toBe(''); // the old view is untouched
  });

  const unchanged: [string, ProviderRuntimeEvent][] = [
    ['an event with nothing to show', ev('hook.started', { hookId: 'h', hookName: 'n', hookEvent: 'e' })],
    ['the same session state', ev('session.state.changed', { state: 'running' })],
    [
      'an empty text delta',
      ev('content.delta', { streamKind: 'assistant_text', delta: '' }, { thread: 'A', item: 'ic' }),
    ],
    ['the same thread state', ev('thread.state.changed', { state: 'active' }, { thread: 'B' })],
    ['a turn event when the thread has no turn', ev('turn.aborted', { reason: 'x' }, { thread: 'C' })],
  ];
  it.each(unchanged)('%s returns the view it was given (after the thread exists)', (_name, event) => {
    const withState = reduceEvents(
      [
        ev('session.state.changed', { state: 'running' }),
        ev('thread.state.changed', { state: 'active' }, { thread: 'B' }),
        ev('thread.started', {}, { thread: 'C' }),
      ],
      base,
    );
    expect(reduceSession(withState, event)).toBe(withState);
  });
});

describe('odd orders and missing ids never throw', () => {
  const cases: [string, ProviderRuntimeEvent[]][] = [
    ['completed before started', [completed('command_execution'), started('command_execution')]],
    [
      'turn completed twice, then started',
      [
        ev('turn.completed', { state: 'completed' }, { turn: 'u1' }),
        ev('turn.completed', { state: 'failed' }, { turn: 'u1' }),
        ev('turn.started', {}, { turn: 'u1' }),
      ],
    ],
    [
      'turn events naming no turn, with no turn',
      [
        ev('turn.completed', { state: 'completed' }),
        ev('turn.diff.updated', { unifiedDiff: '' }),
        ev('model.rerouted', { fromModel: 'a', toModel: 'b', reason: 'r' }),
      ],
    ],
    [
      'answers before questions',
      [
        ev('user-input.resolved', { answers: { a: ['b'] } }, { request: 'q' }),
        ev('user-input.requested', { questions: [] }, { request: 'q' }),
      ],
    ],
    [
      'item, delta and request events without their ids',
      [
        ev('item.started', { itemType: 'plan' }),
        ev('content.delta', { streamKind: 'plan_text', delta: 'x' }),
        ev('request.opened', { requestType: 'unknown' }),
        ev('user-input.resolved', { answers: {} }),
        ev('turn.started', {}),
      ],
    ],
    [
      'task events before their start',
      [ev('task.completed', { taskId: 'k' as never, status: 'failed' }), ev('task.started', { taskId: 'k' as never })],
    ],
  ];
  it.each(cases)('%s', (_name, events) => {
    const view = reduceEvents(events);
    expect(view.threads.length).toBeGreaterThanOrEqual(0);
  });

  it('events lacking the id they need become reducer warnings', () => {
    const view = reduceEvents(cases[4]![1]);
    expect(view.warnings.map((w) => [w.kind, w.message])).toEqual([
      ['reducer', 'item.started without itemId: not shown'],
      ['reducer', 'content.delta without itemId: not shown'],
      ['reducer', 'request.opened without requestId: not shown'],
      ['reducer', 'user-input.resolved without requestId: not shown'],
      ['reducer', 'turn.started without turnId: not shown'],
    ]);
  });

  it('answers before questions keep both, and stay resolved', () => {
    expect(thread(reduceEvents(cases[3]![1])).userInputs).toEqual([
      { requestId: 'q', questions: [], answers: { a: ['b'] }, status: 'resolved' },
    ]);
  });
});

describe('times, models, subagents', () => {
  const T0 = '2026-01-01T00:00:01.000Z';
  const T1 = '2026-01-01T00:00:02.000Z';
  const T2 = '2026-01-01T00:00:03.000Z';

  it('a turn and an item start at their first event and end at their completion', () => {
    const view = reduceEvents([
      ev('turn.started', { model: 'm1' }, { turn: 'u1', at: T0 }),
      ev('content.delta', { streamKind: 'assistant_text', delta: 'hi' }, { ...I, at: T1 }),
      ev('item.completed', { itemType: 'assistant_message' }, { ...I, at: T2 }),
      ev('turn.completed', { state: 'completed' }, { turn: 'u1', at: T2 }),
    ]);
    const turn = thread(view).turns[0]!;
    expect([turn.startedAt, turn.completedAt, turn.model]).toEqual([T0, T2, 'm1']);
    expect([item(view)?.startedAt, item(view)?.completedAt]).toEqual([T1, T2]);
  });

  it('model.rerouted moves the turn to its new model', () => {
    const view = reduceEvents([
      ev('turn.started', { model: 'm1' }, { turn: 'u1' }),
      ev('model.rerouted', { fromModel: 'm1', toModel: 'm2', reason: 'capacity' }, { turn: 'u1' }),
    ]);
    expect(thread(view).turns[0]!.model).toBe('m2');
  });

  it("a subagent's items go under the item that spawned them, their events find them there", () => {
    const parentItemId = 'p' as never;
    const view = reduceEvents(
      inTurn(
        ev('item.started', { itemType: 'collab_agent_tool_call', title: 'Explore' }, { turn: 'u1', item: 'p' }),
        ev('item.started', { itemType: 'command_execution', parentItemId }, { turn: 'u1', item: 'c1' }),
        ev('content.delta', { streamKind: 'command_output', delta: 'out' }, { turn: 'u1', item: 'c1' }),
        ev('item.completed', { itemType: 'command_execution', parentItemId }, { turn: 'u1', item: 'c1' }),
        ev('item.started', { itemType: 'assistant_message', text: 'x', parentItemId }, { turn: 'u1', item: 'c2' }),
      ),
    );
    const turn = thread(view).turns[0]!;
    expect(turn.items.map((i) => i.itemId)).toEqual(['p']);
    expect(turn.items[0]!.children?.map((c) => [c.itemId, c.status, c.toolDetail?.output])).toEqual([
      ['c1', 'completed', 'out'],
      ['c2', 'inProgress', undefined],
    ]);
  });

  it('an item naming a parent the view lacks goes to its turn', () => {
    const view = reduceEvents(inTurn(ev('item.started', { itemType: 'reasoning', parentItemId: 'gone' as never }, I)));
    expect(thread(view).turns[0]!.items.map((i) => i.itemId)).toEqual(['i1']);
  });

  it("a subagent's thread names the thread and call that spawned it; a task its tool call, type and model", () => {
    const view = reduceEvents([
      ev(
        'thread.started',
        { providerThreadId: 'p2' as never, parentThreadId: 't1' as never, parentItemId: 'p' as never },
        {
          thread: 't2',
        },
      ),
      ev(
        'task.started',
        { taskId: 'k' as never, subagentType: 'Explore', model: 'm3' },
        { turn: 'u1', item: 'p', at: T0 },
      ),
      ev('task.completed', { taskId: 'k' as never, status: 'completed' }, { turn: 'u1', at: T1 }),
    ]);
    expect(view.threads.find((t) => t.threadId === 't2')).toMatchObject({ parentThreadId: 't1', parentItemId: 'p' });
    expect(view.threads.find((t) => t.threadId === 't1')!.tasks[0]).toMatchObject({
      itemId: 'p',
      subagentType: 'Explore',
      model: 'm3',
      startedAt: T0,
      completedAt: T1,
    });
  });
});

describe('the index beside the view', () => {
  const events = inTurn(
    started('command_execution'),
    ev('item.started', { itemType: 'assistant_message' }, { turn: 'u1', item: 'i2' }),
    delta('command_output', 'a'),
    completed('command_execution'),
  );

  it('a view reduced twice from the same view (React StrictMode) gives equal views', () => {
    const base = reduceEvents(events.slice(0, 3));
    const rest = events.slice(3);
    expect(reduceEvents(rest, base)).toEqual(reduceEvents(rest, base));
    expect(reduceEvents(rest, base)).toEqual(reduceEvents(events));
  });

  it('a view from an older branch, or one read back from JSON, still finds its items', () => {
    const old = reduceEvents(events.slice(0, 2));
    reduceEvents(events.slice(2), old); // a newer branch moves the shared index on
    const other = ev('item.started', { itemType: 'reasoning' }, { turn: 'u1', item: 'i3' });
    const fromOld = reduceEvents([other, ...events.slice(2)], old);
    // i2 is where the newer branch put it in the shared index; here i3 took that place.
    expect(allItems(fromOld).map((i) => [i.itemId, i.status])).toEqual([
      ['i1', 'completed'],
      ['i3', 'inProgress'],
      ['i2', 'inProgress'],
    ]);
    const json: SessionView = JSON.parse(JSON.stringify(old));
    expect(reduceEvents(events.slice(2), json)).toEqual(reduceEvents(events));
  });
});

describe('nesting is bounded', () => {
  it('a chain of subagent items nests MAX_NESTING deep, then goes to its turn; every item stays once', () => {
    const chain = Array.from({ length: 20 }, (_, i) =>
      ev(
        'item.started',
        { itemType: 'collab_agent_tool_call', ...(i ? { parentItemId: `c${i - 1}` as never } : {}) },
        {
          turn: 'u1',
          item: `c${i}`,
        },
      ),
    );
    const again = chain.map((e) =>
      ev('item.completed', { ...e.payload, status: 'completed' }, { turn: 'u1', item: e.itemId }),
    );
    const view = reduceEvents(inTurn(...chain, ...again));
    const items = allItems(view);
    expect(items.map((i) => i.itemId).sort()).toEqual(chain.map((e) => e.itemId).sort());
    expect(items.every((i) => i.status === 'completed')).toBe(true);
    let depth = 0;
    for (let item = thread(view).turns[0]!.items[0]; item?.children?.[0]; item = item.children[0]) depth++;
    expect(depth).toBe(MAX_NESTING - 1);
  });
});

describe('task models', () => {
  it('task.updated moves a task to the model its subagent states', () => {
    const T = { taskId: 'k' as never };
    const view = reduceEvents([
      ev('task.started', { ...T, model: 'm1' }, { turn: 'u1' }),
      ev('task.updated', { ...T, model: 'm2' }, { turn: 'u1' }),
    ]);
    expect(thread(view).tasks[0]?.model).toBe('m2');
  });
});
