// One rule per situation, on the edges no committed recording shows, in the upstreams' own shapes
// (their schemas; the TypeScript codex-acp's from its published source, @agentclientprotocol/codex-acp
// 2.6.0): errors shown once with the upstream's own reason, cut-off and interrupted messages, the
// app's prompts and interrupts as typed input, usage and cost per turn, proposed plans. Each is
// checked in the events and in the provider-blind view a UI renders.
import { describe, expect, it } from 'vitest';
import { createNormalizer, type ProviderRuntimeEvent, type SourceName } from '../../runtime/index.ts';
import { reduceEvents, type TurnView } from '../../runtime/reducer/index.ts';

function run(source: SourceName, inputs: readonly unknown[], replies: ReadonlyMap<number, unknown> = new Map()) {
  const n = createNormalizer(source, { clock: () => 0, sessionId: 'one-rule' });
  const events: ProviderRuntimeEvent[] = [];
  inputs.forEach((input, i) => {
    events.push(...n.push(input as never));
    const reply = replies.get(i);
    if (reply !== undefined) events.push(...n.reply(reply as never));
  });
  events.push(...n.end().events);
  const view = reduceEvents(events);
  const turns: readonly TurnView[] = view.threads.flatMap((t) => t.turns);
  return { events, view, turns };
}

const shown = (turn: TurnView) => turn.items.filter((i) => i.text !== '').map((i) => [i.itemType, i.status, i.text]);

// ---- ACP ---------------------------------------------------------------------------------------
const S = 'sess-1';
const s2c = (m: Record<string, unknown>) => ({ dir: 's2c', line: JSON.stringify({ jsonrpc: '2.0', ...m }) });
const c2s = (m: Record<string, unknown>) => ({ dir: 'c2s', line: JSON.stringify({ jsonrpc: '2.0', ...m }) });
const prompt = (id: number, text: string) =>
  c2s({ id, method: 'session/prompt', params: { sessionId: S, prompt: [{ type: 'text', text }] } });
const update = (u: Record<string, unknown>) => s2c({ method: 'session/update', params: { sessionId: S, update: u } });
const chunk = (text: string) => update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } });
const answer = (id: number, result: Record<string, unknown>) => s2c({ id, result });
const newSession = [
  c2s({ id: 1, method: 'session/new', params: { cwd: '/w', mcpServers: [] } }),
  s2c({ id: 1, result: { sessionId: S } }),
];
/** The TypeScript codex-acp's `_meta.codex` passthrough of codex app-server's thread facts. */
const codexMeta = (codex: Record<string, unknown>) =>
  update({ sessionUpdate: 'session_info_update', _meta: { codex } });

describe('acp: a failed turn states its error once, with the agent’s own reason', () => {
  it('codex-acp (TypeScript): threadStatus systemError fails the turn its prompt answers with end_turn', () => {
    const { turns, view } = run('acp', [
      ...newSession,
      prompt(2, 'hi'),
      codexMeta({ threadStatus: { type: 'active', activeFlags: [] } }),
      codexMeta({
        error: {
          message: 'Reconnecting... 1/2',
          codexErrorInfo: { responseStreamDisconnected: { httpStatusCode: 500 } },
          additionalDetails: 'HTTP 500',
          turnId: 't1',
          willRetry: true,
        },
      }),
      chunk('We’re currently experiencing high demand.\n\n'),
      codexMeta({ threadStatus: { type: 'systemError' } }),
      answer(2, { stopReason: 'end_turn' }),
    ]);
    expect(turns.map((t) => t.state)).toEqual(['failed']);
    expect(view.errors.map((e) => e.turnId)).toEqual([turns[0]!.turnId]);
    // A retry is a warning with `retry`, as on Codex.
    expect(view.warnings.find((w) => w.retry !== undefined)?.retry).toMatchObject({
      attempt: 1,
      limit: 2,
      status: 500,
    });
    // The reason is codex's own: the cause of the error it retried last (codex app-server's own final
    // error says the same). The message that is not that reason stays, cut short with the turn.
    expect(turns[0]!.errorMessage).toBe('HTTP 500');
    expect(shown(turns[0]!)).toEqual([
      ['user_message', 'completed', 'hi'],
      ['assistant_message', 'failed', 'We’re currently experiencing high demand.\n\n'],
    ]);
  });

  it('codex-acp (TypeScript): threadStatus systemError with no error reported says the agent gave no reason', () => {
    const { turns, view } = run('acp', [
      ...newSession,
      prompt(2, 'hi'),
      codexMeta({ threadStatus: { type: 'systemError' } }),
      answer(2, { stopReason: 'end_turn' }),
    ]);
    expect(turns.map((t) => t.state)).toEqual(['failed']);
    expect(turns[0]!.errorMessage).toMatch(/systemError/);
    expect(view.errors.map((e) => e.message)).toEqual([turns[0]!.errorMessage]);
  });

  it('codex-acp (TypeScript): an error codex does not retry is the turn’s reason, and the message that repeats it shows nothing', () => {
    const { turns, view } = run('acp', [
      ...newSession,
      prompt(2, 'hi'),
      codexMeta({
        error: { message: 'Quota exceeded.', codexErrorInfo: 'usageLimitExceeded', turnId: 't1', willRetry: false },
      }),
      chunk('Quota exceeded.\n\n'),
      answer(2, { stopReason: 'end_turn' }),
    ]);
    expect(turns.map((t) => [t.state, t.errorMessage])).toEqual([['failed', 'Quota exceeded.']]);
    expect(view.errors).toHaveLength(1);
    expect(shown(turns[0]!)).toEqual([['user_message', 'completed', 'hi']]);
  });

  it('codex-acp (TypeScript) with no signal at all: an HTTP error as message text and end_turn reads completed (upstream limitation, docs/parity.md)', () => {
    const { turns, view } = run('acp', [
      ...newSession,
      prompt(2, 'hi'),
      chunk('We’re currently experiencing high demand.\n\n'),
      answer(2, { stopReason: 'end_turn' }),
    ]);
    // Nothing but the words says it failed, and words are never read: the turn completed, as the agent said.
    expect(turns.map((t) => t.state)).toEqual(['completed']);
    expect(view.errors).toEqual([]);
  });

  it('a JSON-RPC error answer gives the reason in its `data` (a string or data.message), else its message', () => {
    for (const [error, reason] of [
      [{ code: -32603, message: 'Internal error', data: { message: 'quota reached' } }, 'quota reached'],
      [{ code: -32603, message: 'Internal error', data: 'upstream timed out' }, 'upstream timed out'],
      [{ code: -32603, message: 'Internal error: boom', data: { errorKind: 'server_error' } }, 'Internal error: boom'],
    ] as const) {
      const { turns, view } = run('acp', [...newSession, prompt(2, 'hi'), s2c({ id: 2, error })]);
      expect(turns.map((t) => [t.state, t.errorMessage])).toEqual([['failed', reason]]);
      expect(view.errors.map((e) => e.message)).toEqual([reason]);
    }
  });

  it('claude-agent-acp: the error it first streams as message text is shown once, as the turn’s error', () => {
    const text = 'API Error: 500 scripted internal server error.';
    const { turns, view } = run('acp', [
      ...newSession,
      prompt(2, 'hi'),
      update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text }, messageId: 'm-1' }),
      s2c({ id: 2, error: { code: -32603, message: `Internal error: ${text}`, data: { errorKind: 'server_error' } } }),
    ]);
    expect(turns[0]!.state).toBe('failed');
    expect(view.errors).toHaveLength(1);
    expect(shown(turns[0]!)).toEqual([['user_message', 'completed', 'hi']]);
  });
});

describe('acp: usage and cost per turn', () => {
  it('usage_update cost is the session’s running total; each turn’s cost is its share', () => {
    const cost = (amount: number) =>
      update({ sessionUpdate: 'usage_update', used: 1200, size: 200000, cost: { amount, currency: 'USD' } });
    const { turns, view } = run('acp', [
      ...newSession,
      prompt(2, 'one'),
      cost(0.25),
      answer(2, { stopReason: 'end_turn', usage: { inputTokens: 100, outputTokens: 20, totalTokens: 120 } }),
      prompt(3, 'two'),
      cost(0.75),
      answer(3, { stopReason: 'end_turn' }),
    ]);
    expect(turns.map((t) => t.usage)).toEqual([
      { inputTokens: 100, outputTokens: 20, costUsd: 0.25, sessionCostUsd: 0.25 },
      { costUsd: 0.5, sessionCostUsd: 0.75 },
    ]);
    expect(view.threads[0]!.usage).toEqual({ usedTokens: 1200, maxTokens: 200000, sessionCostUsd: 0.75 });
  });
});

// ---- Claude Agent SDK --------------------------------------------------------------------------
const SID = 'claude-session';
const msg = (m: Record<string, unknown>) => ({ session_id: SID, parent_tool_use_id: null, uuid: `u-${seq++}`, ...m });
let seq = 0;
const stream = (event: Record<string, unknown>) => msg({ type: 'stream_event', event });
const result = (extra: Record<string, unknown>) =>
  msg({
    type: 'result',
    subtype: 'success',
    is_error: false,
    result: '',
    num_turns: 1,
    duration_ms: 0,
    duration_api_ms: 0,
    stop_reason: 'end_turn',
    total_cost_usd: 0,
    usage: { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
    modelUsage: {},
    permission_denials: [],
    ...extra,
  });
const assistant = (id: string, content: unknown[]) =>
  msg({
    type: 'assistant',
    message: { id, role: 'assistant', model: 'claude-x', content, usage: { input_tokens: 10, output_tokens: 5 } },
  });

describe('claude-agent-sdk: the app’s own input, typed', () => {
  it('the app’s prompt is the turn’s user message (pushed, or as a reply; a string or an SDKUserMessage)', () => {
    const sdkUser = {
      type: 'user',
      message: { role: 'user', content: [{ type: 'text', text: 'Say hi' }] },
      parent_tool_use_id: null,
      session_id: '',
    };
    for (const [prompt, asReply] of [
      ['Say hi', false],
      [sdkUser, true],
    ] as const) {
      const n = createNormalizer('claude-agent-sdk', { clock: () => 0, sessionId: 'one-rule' });
      const record = { kind: 'prompt', prompt } as const;
      const events = [
        ...(asReply ? n.reply(record as never) : n.push(record as never)),
        ...n.push(assistant('m1', [{ type: 'text', text: 'Hi!' }]) as never),
        ...n.push(result({ total_cost_usd: 0.01 }) as never),
      ];
      expect(reduceEvents(events).threads.flatMap((t) => t.turns.map(shown))).toEqual([
        [
          ['user_message', 'completed', 'Say hi'],
          ['assistant_message', 'completed', 'Hi!'],
        ],
      ]);
    }
  });

  it('an app interrupt makes the result interrupted, whatever error it carries ("Request was aborted")', () => {
    const { turns, view } = run('claude-agent-sdk', [
      { kind: 'prompt', prompt: 'Write a lot' },
      stream({
        type: 'message_start',
        message: {
          id: 'm1',
          role: 'assistant',
          model: 'claude-x',
          content: [],
          usage: { input_tokens: 10, output_tokens: 1 },
        },
      }),
      stream({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
      stream({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Once upon' } }),
      { kind: 'interrupt' },
      result({ subtype: 'error_during_execution', is_error: true, errors: ['Request was aborted'] }),
    ]);
    expect(turns.map((t) => [t.state, t.errorMessage])).toEqual([['interrupted', undefined]]);
    expect(view.errors).toEqual([]);
    expect(shown(turns[0]!)).toContainEqual(['assistant_message', 'interrupted', 'Once upon']);
  });

  it('an approval answered after the interrupt marker is cancelled, whether or not the answer carries the signal', () => {
    const { view } = run(
      'claude-agent-sdk',
      [
        { kind: 'prompt', prompt: 'Run it' },
        assistant('m1', [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'touch x' } }]),
        {
          kind: 'permission',
          toolName: 'Bash',
          input: { command: 'touch x' },
          options: { signal: { aborted: false }, toolUseID: 'toolu_1' },
        },
        msg({
          type: 'user',
          message: { role: 'user', content: [{ type: 'text', text: '[Request interrupted by user for tool use]' }] },
        }),
      ],
      new Map([[3, { toolUseID: 'toolu_1', decision: { behavior: 'deny', message: 'no' } }]]),
    );
    expect(view.threads[0]!.requests.map((r) => r.decision)).toEqual(['cancelled']);
  });

  it('a message that starts its blocks at index 0 again (no message_start between) is a new message', () => {
    const block = (text: string) => [
      stream({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
      stream({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }),
      stream({ type: 'content_block_stop', index: 0 }),
    ];
    const { turns } = run('claude-agent-sdk', [
      ...block('First.'),
      ...block('Second.'),
      stream({ type: 'message_stop' }),
      result({}),
    ]);
    expect(shown(turns[0]!)).toEqual([
      ['assistant_message', 'completed', 'First.'],
      ['assistant_message', 'completed', 'Second.'],
    ]);
  });

  it('ExitPlanMode proposes its plan from the assistant message alone, once with the permission too, naming its item', () => {
    const exit = { type: 'tool_use', id: 'toolu_plan', name: 'ExitPlanMode', input: { plan: '1. Do it' } };
    for (const withPermission of [false, true]) {
      const { events, view } = run('claude-agent-sdk', [
        assistant('m1', [exit]),
        ...(withPermission
          ? [
              {
                kind: 'permission',
                toolName: 'ExitPlanMode',
                input: exit.input,
                options: { signal: { aborted: false }, toolUseID: 'toolu_plan' },
              },
            ]
          : []),
        result({}),
      ]);
      const proposed = events.filter((e) => e.type === 'turn.proposed.completed');
      expect(proposed.map((e) => [e.payload.planMarkdown, e.providerRefs?.providerItemId])).toEqual([
        ['1. Do it', 'toolu_plan'],
      ]);
      expect(view.threads[0]!.proposedPlan).toMatchObject({ planMarkdown: '1. Do it', itemId: proposed[0]!.itemId });
    }
  });

  it('a TodoWrite with a blank step labels it instead of dropping the plan', () => {
    const { view } = run('claude-agent-sdk', [
      assistant('m1', [
        {
          type: 'tool_use',
          id: 'toolu_todo',
          name: 'TodoWrite',
          input: {
            todos: [
              { content: ' ', status: 'pending', activeForm: '' },
              { content: 'Ship', status: 'in_progress', activeForm: 'Shipping' },
            ],
          },
        },
      ]),
    ]);
    expect(view.threads[0]!.plan?.steps).toEqual([
      { step: 'Step 1', status: 'pending' },
      { step: 'Ship', status: 'inProgress' },
    ]);
  });

  it('a result with no model request seen gives the context snapshot; each result’s cost is its turn’s share of the running total', () => {
    const { turns, events } = run('claude-agent-sdk', [
      result({
        total_cost_usd: 0.01,
        usage: { input_tokens: 100, output_tokens: 20, cache_read_input_tokens: 50, cache_creation_input_tokens: 0 },
        modelUsage: { 'claude-x': { contextWindow: 200000 } },
      }),
      result({
        total_cost_usd: 0.03,
        usage: { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
      }),
    ]);
    expect(turns.map((t) => t.usage)).toEqual([
      { inputTokens: 150, cachedInputTokens: 50, outputTokens: 20, costUsd: 0.01, sessionCostUsd: 0.01 },
      { inputTokens: 10, cachedInputTokens: 0, outputTokens: 5, costUsd: 0.02, sessionCostUsd: 0.03 },
    ]);
    // The provider's own figure stays as it reported it: the running total.
    expect(turns.map((t) => t.totalCostUsd)).toEqual([0.01, 0.03]);
    // With no model request seen, each result's usage is the context snapshot there is.
    expect(
      events
        .flatMap((e) => (e.type === 'thread.token-usage.updated' ? [e.payload.usage] : []))
        .map((u) => [u.usedTokens, u.maxTokens]),
    ).toEqual([
      [170, 200000],
      [15, 200000],
    ]);
  });
});

// ---- Codex SDK ---------------------------------------------------------------------------------
describe('codex-sdk: the prompt the app gave thread.run()', () => {
  it('is the run’s turn’s user message', () => {
    const n = createNormalizer('codex-sdk', { clock: () => 0, sessionId: 'one-rule' });
    const events = [
      ...n.reply({ kind: 'prompt', prompt: [{ type: 'text', text: 'Say hi' }] }),
      ...n.push({ type: 'thread.started', thread_id: 'th-1' }),
      ...n.push({ type: 'turn.started' }),
      ...n.push({ type: 'item.completed', item: { id: 'item_0', type: 'agent_message', text: 'Hi!' } }),
      ...n.push({
        type: 'turn.completed',
        usage: { input_tokens: 10, cached_input_tokens: 2, output_tokens: 3 },
      } as never),
    ];
    const turns = reduceEvents(events).threads.flatMap((t) => t.turns);
    expect(turns.map(shown)).toEqual([
      [
        ['user_message', 'completed', 'Say hi'],
        ['assistant_message', 'completed', 'Hi!'],
      ],
    ]);
    expect(turns[0]!.usage).toEqual({ inputTokens: 10, cachedInputTokens: 2, outputTokens: 3 });
  });
});

describe('codex-app-server: plan steps as every source gives them', () => {
  it('a blank step is labelled by its place; each status goes through the spec’s value map', () => {
    const { view } = run('codex-app-server', [
      { method: 'turn/started', params: { threadId: 'th', turn: { id: 't1', items: [], status: 'inProgress' } } },
      {
        method: 'turn/plan/updated',
        params: {
          threadId: 'th',
          turnId: 't1',
          explanation: null,
          plan: [
            { step: '  ', status: 'completed' },
            { step: 'Ship', status: 'inProgress' },
            { step: 'Later', status: 'someNewStatus' },
          ],
        },
      },
    ]);
    expect(view.threads[0]!.plan?.steps).toEqual([
      { step: 'Step 1', status: 'completed' },
      { step: 'Ship', status: 'inProgress' },
      { step: 'Later', status: 'pending' }, // the value map's default, with a warning that says so
    ]);
    expect(view.warnings.map((w) => w.message).join('\n')).toContain('someNewStatus');
  });
});

describe('codex-sdk: a retry is the warning every provider gives; any other error, the turn’s error', () => {
  const completed = { type: 'turn.completed', usage: { input_tokens: 1, cached_input_tokens: 0, output_tokens: 1 } };
  const inTurn = (end: object, ...errors: string[]) => {
    const { view, turns } = run('codex-sdk', [
      { type: 'thread.started', thread_id: 'th-1' },
      { type: 'turn.started' },
      ...errors.map((message) => ({ type: 'error', message })),
      end,
    ]);
    return { warnings: view.warnings, errors: view.errors, turn: turns[0]!, turnId: turns[0]!.turnId };
  };

  it('"Reconnecting... n/m (cause)": attempt, limit and cause, on the open turn', () => {
    const { warnings, turnId } = inTurn(
      completed,
      'Reconnecting... 2/5 (stream disconnected before completion (HTTP 500))',
    );
    expect(warnings.map((w) => [w.turnId, w.retry, w.message])).toEqual([
      [
        turnId,
        { attempt: 2, limit: 5, message: 'stream disconnected before completion (HTTP 500)' },
        'Model request failed (stream disconnected before completion (HTTP 500)); retrying (attempt 2 of 5)',
      ],
    ]);
  });

  it('any other error in a turn is an error of it, its words untouched, as codex app-server’s not retried', () => {
    const odd = ['Reconnecting soon', 'Reconnecting... x/y', `Reconnecting...${' '.repeat(100_000)}1`, 'boom'];
    const { warnings, errors, turnId } = inTurn(completed, ...odd);
    expect(warnings).toEqual([]);
    expect(errors.map((e) => [e.turnId, e.message])).toEqual(odd.map((m) => [turnId, m]));
  });

  it('the turn.failed after it states the reason as the turn’s end, and no second error', () => {
    const { warnings, errors, turn } = inTurn({ type: 'turn.failed', error: { message: 'boom' } }, 'boom');
    expect(warnings).toEqual([]);
    expect(errors.map((e) => [e.turnId, e.message])).toEqual([[turn.turnId, 'boom']]);
    expect([turn.state, turn.errorMessage]).toEqual(['failed', 'boom']);
  });
});

describe('claude-agent-sdk: a subagent’s usage', () => {
  it('task_progress and task_notification usage is the task’s, typed (never the thread’s context)', () => {
    const { view, events } = run('claude-agent-sdk', [
      assistant('m1', [
        { type: 'tool_use', id: 'toolu_task', name: 'Task', input: { description: 'Sub', prompt: 'Go' } },
      ]),
      msg({
        type: 'system',
        subtype: 'task_started',
        task_id: 'task-1',
        tool_use_id: 'toolu_task',
        description: 'Sub',
      }),
      msg({
        type: 'system',
        subtype: 'task_progress',
        task_id: 'task-1',
        tool_use_id: 'toolu_task',
        description: 'Sub',
        usage: { total_tokens: 110, tool_uses: 1, duration_ms: 2500 },
      }),
    ]);
    expect(view.threads[0]!.tasks.map((t) => t.usage)).toEqual([{ totalTokens: 110, toolUses: 1, durationMs: 2500 }]);
    expect(events.filter((e) => e.type === 'thread.token-usage.updated')).toEqual([]);
  });
});

describe('claude-agent-sdk: a retry gives up what its request was streaming', () => {
  it('a stream cut off by a retried request (no abandoned_blocks) shows its text once, in the retry', () => {
    const blockOf = (id: string, text: string, stop: boolean) => [
      stream({
        type: 'message_start',
        message: {
          id,
          role: 'assistant',
          model: 'claude-x',
          content: [],
          usage: { input_tokens: 10, output_tokens: 1 },
        },
      }),
      stream({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
      stream({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }),
      ...(stop ? [stream({ type: 'content_block_stop', index: 0 }), stream({ type: 'message_stop' })] : []),
    ];
    const { turns, view } = run('claude-agent-sdk', [
      { kind: 'prompt', prompt: 'Answer' },
      ...blockOf('m1', 'The answer is', false),
      msg({
        type: 'system',
        subtype: 'api_retry',
        attempt: 1,
        max_retries: 2,
        retry_delay_ms: 500,
        error_status: 500,
        error: 'server_error',
      }),
      ...blockOf('m1_r1', 'The answer is 42.', true),
      result({}),
    ]);
    expect(shown(turns[0]!)).toEqual([
      ['user_message', 'completed', 'Answer'],
      ['assistant_message', 'completed', 'The answer is 42.'],
    ]);
    expect(turns[0]!.items.map((i) => [i.itemType, i.status])).toContainEqual(['assistant_message', 'failed']);
    expect(view.warnings.map((w) => w.retry?.attempt)).toEqual([1]);
  });
});
