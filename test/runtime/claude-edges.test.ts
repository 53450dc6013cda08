// Hand-made Claude edges the recordings do not reach: AskUserQuestion through canUseTool, an
// interrupt that leaves a stream and a permission request open, an unknown message type.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer } from '../../runtime/index.ts';
import { loose } from './loose.ts';

const S = 'session-1';
const start = (id: string) => ({
  type: 'stream_event',
  session_id: S,
  parent_tool_use_id: null,
  event: {
    type: 'message_start',
    message: { id, type: 'message', role: 'assistant', content: [], model: 'm', stop_reason: null, usage: {} },
  },
});
const blockStart = (index: number, block: Record<string, unknown>) => ({
  type: 'stream_event',
  session_id: S,
  parent_tool_use_id: null,
  event: { type: 'content_block_start', index, content_block: block },
});
const textDelta = (index: number, text: string) => ({
  type: 'stream_event',
  session_id: S,
  parent_tool_use_id: null,
  event: { type: 'content_block_delta', index, delta: { type: 'text_delta', text } },
});

function normalize(...records: unknown[]) {
  const n = createNormalizer('claude-agent-sdk', { clock: () => 0 });
  const events = records.flatMap((r) => n.push(r as never));
  expect(events.filter((e) => !validateProviderRuntimeEvent(e))).toEqual([]);
  return loose(events);
}

describe('claude-agent-sdk edges', () => {
  it('AskUserQuestion: user-input.requested + request.opened, then user-input.resolved + request.resolved', () => {
    const questions = [
      { question: 'Which color?', header: 'Color', options: [{ label: 'Red' }, { label: 'Blue' }], multiSelect: false },
    ];
    const events = normalize(
      { kind: 'message', message: start('msg_1') },
      {
        kind: 'message',
        message: blockStart(0, { type: 'tool_use', id: 'toolu_ask', name: 'AskUserQuestion', input: {} }),
      },
      {
        kind: 'permission',
        toolName: 'AskUserQuestion',
        input: { questions },
        options: { toolUseID: 'toolu_ask' },
        decision: { behavior: 'allow', updatedInput: { questions, answers: { 'Which color?': 'Blue' } } },
      },
    );
    expect(events.map((e) => e.type)).toEqual([
      'thread.started',
      'turn.started',
      'item.started',
      'user-input.requested',
      'request.opened',
      'user-input.resolved',
      'request.resolved',
    ]);
    // Typed: Claude's questions have no id, and its answers are keyed by the question's text.
    expect(events[3]!.payload.questions).toEqual(questions.map((q) => ({ id: q.question, ...q })));
    expect(events[4]!.payload.requestType).toBe('tool_user_input');
    expect(events[5]!.payload.answers).toEqual({ 'Which color?': ['Blue'] });
    expect(events[6]!.payload).toMatchObject({ requestType: 'tool_user_input', decision: 'answered' });
    expect(events[3]!.requestId).toBe(events[6]!.requestId);
  });

  it('an interrupt closes the partial stream and the unanswered permission request before the turn ends, with no error', () => {
    const events = normalize(
      start('msg_2'),
      blockStart(0, { type: 'text', text: '' }),
      textDelta(0, 'Working on'),
      blockStart(1, { type: 'tool_use', id: 'toolu_bash', name: 'Bash', input: {} }),
      { kind: 'permission', toolName: 'Bash', input: { command: 'touch x' }, options: { toolUseID: 'toolu_bash' } },
      {
        type: 'result',
        subtype: 'error_during_execution',
        session_id: S,
        is_error: true,
        terminal_reason: 'aborted_tools',
        errors: ['[ede_diagnostic] result_type=user last_content_type=n/a stop_reason=tool_use'],
        stop_reason: null,
        usage: {},
        total_cost_usd: 0,
        duration_ms: 1,
        duration_api_ms: 1,
        num_turns: 1,
        permission_denials: [],
      },
    );
    const types = events.map((e) => e.type);
    expect(types).not.toContain('runtime.error');
    expect(types.slice(-4)).toEqual(['item.completed', 'item.completed', 'request.resolved', 'turn.completed']);
    expect(events.at(-1)!.payload.state).toBe('interrupted');
    expect(events.at(-1)!.payload).not.toHaveProperty('errorMessage');
    const closed = events.filter((e) => e.type === 'item.completed');
    expect(closed.map((e) => [e.providerRefs?.providerItemId, e.payload.itemType, e.payload.status])).toEqual([
      ['msg_2#0', 'assistant_message', 'interrupted'],
      ['toolu_bash', 'command_execution', 'interrupted'],
    ]);
    expect(events.at(-2)!.payload).toMatchObject({ requestType: 'command_execution_approval', decision: 'cancelled' });
  });

  it('matches tool names exactly: TodoWrite is a plan, mcp__ tools are MCP calls, unknown tools are dynamic', () => {
    const events = normalize(
      start('msg_3'),
      blockStart(0, { type: 'tool_use', id: 't1', name: 'TodoWrite', input: {} }),
      blockStart(1, { type: 'tool_use', id: 't2', name: 'mcp__docs__search', input: {} }),
      blockStart(2, { type: 'tool_use', id: 't3', name: 'Writer', input: {} }),
      blockStart(3, { type: 'tool_use', id: 't4', name: 'Task', input: {} }),
    );
    expect(events.filter((e) => e.type === 'item.started').map((e) => e.payload.itemType)).toEqual([
      'plan',
      'mcp_tool_call',
      'dynamic_tool_call',
      'collab_agent_tool_call',
    ]);
  });

  it('keeps prompt_suggestion (EVENTS.md §4.1) as item.updated of a prompt_suggestion item', () => {
    const msg = { type: 'prompt_suggestion', suggestion: 'Now run the tests', uuid: 'uuid-9', session_id: S };
    const [started, e, ...rest] = normalize(msg);
    expect(started!.type).toBe('thread.started');
    expect(rest).toEqual([]);
    expect(e).toMatchObject({
      type: 'item.updated',
      payload: { itemType: 'prompt_suggestion', detail: 'Now run the tests', data: msg },
      providerRefs: { providerItemId: 'uuid-9' },
    });
  });

  it('turns an unknown message type into runtime.warning with raw', () => {
    const msg = { type: 'system', subtype: 'teleported', session_id: S };
    const [started, w] = normalize(msg);
    expect(started).toMatchObject({ type: 'thread.started', payload: { providerThreadId: S } });
    expect(w!.type).toBe('runtime.warning');
    expect(w!.payload.detail).toMatchObject({ kind: 'unknown-message', name: 'system:teleported' });
    expect(w!.raw).toMatchObject({ source: 'claude.sdk.message', messageType: 'system:teleported', payload: msg });
  });
});

describe('claude helpers and the spec', () => {
  it('classify through value maps the spec defines', async () => {
    const { CLAUDE_VALUE_MAPS } = await import('../../runtime/helpers/claude-blocks.ts');
    const { VALUE_MAPS } = await import('../../generated/claude-agent-sdk/mappers.ts');
    for (const name of Object.values(CLAUDE_VALUE_MAPS)) expect(Object.keys(VALUE_MAPS)).toContain(name);
  });
});

describe('a permission after its turn ended (real 0.3.332 traffic)', () => {
  it('belongs to no turn: answered, and no turn is left open', () => {
    const file = join(
      import.meta.dirname,
      '..',
      'fixtures',
      'recorded-edges',
      'claude-agent-sdk-0.3.332-late-permission.events.jsonl',
    );
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    const n = createNormalizer('claude-agent-sdk', { clock: () => 0 });
    const events = loose(lines.flatMap((l) => n.push(l)));
    const result = events.findIndex((e) => e.type === 'turn.completed');
    const opened = events.findIndex((e) => e.type === 'request.opened');
    expect(result).toBeGreaterThanOrEqual(0);
    expect(opened).toBeGreaterThan(result); // the quirk: asked after the turn's result
    expect(events[opened]!.turnId).toBeUndefined();
    expect(events.filter((e) => e.type === 'request.resolved').map((e) => e.requestId)).toEqual([
      events[opened]!.requestId,
    ]);
    expect(events.filter((e) => e.type === 'turn.started')).toHaveLength(
      events.filter((e) => e.type === 'turn.completed').length,
    );
    expect(n.held()).toMatchObject({ openTurns: 0, openItems: 0, pendingRequests: 0 });
  });
});

// Partial framing: streams that do not begin where the SDK usually begins them, in the SDK's own shapes.
const stream = (event: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'stream_event',
  session_id: S,
  parent_tool_use_id: null,
  uuid: `u-${Math.random()}`,
  event,
  ...extra,
});
const assistant = (id: string, block: Record<string, unknown>, parent: string | null = null) => ({
  type: 'assistant',
  session_id: S,
  parent_tool_use_id: parent,
  uuid: `a-${id}`,
  message: { id, type: 'message', role: 'assistant', model: 'm', content: [block], stop_reason: null, usage: {} },
});
const result = {
  type: 'result',
  subtype: 'success',
  session_id: S,
  is_error: false,
  result: 'ok',
  stop_reason: 'end_turn',
  usage: {},
  total_cost_usd: 0,
  duration_ms: 1,
  duration_api_ms: 1,
  num_turns: 1,
  permission_denials: [],
};

describe('claude-agent-sdk partial framing', () => {
  it('(a) content blocks before any message_start or system:init open their turn first', () => {
    const events = normalize(
      stream({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
      textDelta(0, 'Hi'),
      stream({ type: 'content_block_stop', index: 0 }),
      stream({ type: 'message_stop' }),
      result,
    );
    expect(events.map((e) => e.type).filter((t) => t !== 'content.delta')).toEqual([
      'thread.started',
      'turn.started',
      'item.started',
      'item.completed',
      // No model request's usage came (no message_start): the result's is the context snapshot.
      'thread.token-usage.updated',
      'turn.completed',
    ]);
    const turn = events[1]!.turnId;
    for (const e of events.slice(2)) if (e.type !== 'thread.token-usage.updated') expect(e.turnId).toBe(turn);
    expect(events.find((e) => e.type === 'item.completed')!.payload).toMatchObject({
      itemType: 'assistant_message',
      status: 'completed',
      text: 'Hi',
    });
  });

  it.each([
    // given: the delta of a block whose content_block_start never came; want: the item it starts
    ['text_delta', { type: 'text_delta', text: 'joined late' }, 'assistant_message', 'assistant_text'],
    ['thinking_delta', { type: 'thinking_delta', thinking: 'hmm' }, 'reasoning', 'reasoning_text'],
    ['input_json_delta', { type: 'input_json_delta', partial_json: '{"a":' }, 'dynamic_tool_call', 'tool_input'],
  ])(
    '(b) a %s for a block that never started starts its item; the delta is never dropped',
    (_n, delta, itemType, kind) => {
      const events = normalize(start('msg_b'), stream({ type: 'content_block_delta', index: 3, delta }));
      const started = events.find((e) => e.type === 'item.started')!;
      const d = events.find((e) => e.type === 'content.delta')!;
      expect(started.payload.itemType).toBe(itemType);
      expect(started.providerRefs?.providerItemId).toBe('msg_b#3');
      expect(d.itemId).toBe(started.itemId);
      expect(d.payload).toMatchObject({ streamKind: kind, delta: Object.values(delta)[1] });
      expect(events.indexOf(started)).toBeLessThan(events.indexOf(d));
    },
  );

  it('(c) without message_start, a streamed block and its `assistant` copy are one item, its text once', () => {
    const text = { type: 'text', text: 'Hello there' };
    const events = normalize(
      stream({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
      textDelta(0, 'Hello '),
      textDelta(0, 'there'),
      assistant('msg_c', text),
      stream({ type: 'content_block_stop', index: 0 }),
      stream({ type: 'message_stop' }),
      // a second message of the turn, again with no message_start: an item of its own
      stream({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
      textDelta(0, 'Bye'),
      assistant('msg_d', { type: 'text', text: 'Bye' }),
      stream({ type: 'content_block_stop', index: 0 }),
      stream({ type: 'message_stop' }),
      result,
    );
    const started = events.filter((e) => e.type === 'item.started');
    const completed = events.filter((e) => e.type === 'item.completed');
    expect(started).toHaveLength(2);
    expect(new Set(started.map((e) => e.itemId)).size).toBe(2);
    expect(completed.map((e) => [e.itemId, e.payload.text])).toEqual([
      [started[0]!.itemId, 'Hello there'],
      [started[1]!.itemId, 'Bye'],
    ]);
    const update = events.find((e) => e.type === 'item.updated')!;
    expect(update.itemId).toBe(started[0]!.itemId);
  });

  it('(c) 0.3.x: a stream with no message_start takes its api_message_id as the message id', () => {
    const events = normalize(
      stream(
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        { api_message_id: 'msg_api' },
      ),
      stream(
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Yes' } },
        { api_message_id: 'msg_api' },
      ),
      assistant('msg_api', { type: 'text', text: 'Yes' }),
      stream({ type: 'content_block_stop', index: 0 }, { api_message_id: 'msg_api' }),
      stream({ type: 'message_stop' }, { api_message_id: 'msg_api' }),
    );
    expect(
      events.filter((e) => e.type.startsWith('item.')).map((e) => [e.type, e.providerRefs?.providerItemId]),
    ).toEqual([
      ['item.started', 'msg_api#0'],
      ['item.updated', 'msg_api#0'],
      ['item.completed', 'msg_api#0'],
    ]);
  });

  it('(c) a subagent’s whole message while an unnamed stream is open stays an item of its own', () => {
    const events = normalize(
      stream({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
      textDelta(0, 'Main'),
      assistant('msg_sub', { type: 'text', text: 'Sub' }, 'toolu_task'),
      assistant('msg_main', { type: 'text', text: 'Main' }),
    );
    const texts = events.filter((e) => e.type === 'item.completed').map((e) => e.payload.text);
    expect(texts).toEqual(['Sub']);
    expect(events.filter((e) => e.type === 'item.started')).toHaveLength(2);
  });

  it.each([
    // given: how a request ends with no request.opened before it; want: opened first, same ids
    [
      'system:permission_denied (denied by policy, no prompt)',
      [
        start('msg_pd'),
        blockStart(0, { type: 'tool_use', id: 'toolu_pd', name: 'Bash', input: {} }),
        {
          type: 'system',
          subtype: 'permission_denied',
          tool_name: 'Bash',
          tool_use_id: 'toolu_pd',
          message: 'denied by rule',
          uuid: 'u-pd',
          session_id: S,
        },
      ],
      'command_execution_approval',
      'permission_denied',
    ],
  ])('(d) %s: request.opened comes first', (_n, records, requestType, decision) => {
    const events = normalize(...records);
    const resolved = events.filter((e) => e.type === 'request.resolved');
    for (const r of resolved) {
      const opened = events.findIndex((e) => e.type === 'request.opened' && e.requestId === r.requestId);
      expect(opened).toBeGreaterThanOrEqual(0);
      expect(opened).toBeLessThan(events.indexOf(r));
      expect(events[opened]!.payload.requestType).toBe(r.payload.requestType);
      // Derived by eventmap (synthetic), the message that resolved it as its cause.
      expect(events[opened]!.raw).toEqual({ ...r.raw, source: 'eventmap.synthetic' });
    }
    if (decision !== undefined) {
      expect(resolved.map((e) => [e.payload.requestType, e.payload.decision])).toEqual([[requestType, decision]]);
      const opened = events.find((e) => e.type === 'request.opened')!;
      expect(opened).toMatchObject({ itemId: resolved[0]!.itemId, turnId: resolved[0]!.turnId });
    } else expect(events.find((e) => e.type === 'request.opened')!.payload.requestType).toBe(requestType);
  });

  it('a canUseTool record whose options lack toolUseID: a warning, and a request named so that it resolves', () => {
    const record = { kind: 'permission', toolName: 'Read', input: { file_path: '/x' }, options: {} };
    const events = normalize(start('msg_nt'), record, { ...record, decision: { behavior: 'allow' } });
    expect(
      events
        .filter((e) => e.type.startsWith('request.') || e.type === 'runtime.warning')
        .map((e) => [e.type, e.providerRefs?.providerRequestId, e.payload.decision]),
    ).toEqual([
      ['runtime.warning', undefined, undefined],
      ['request.opened', 'permission-1', undefined],
      ['runtime.warning', undefined, undefined],
      ['request.opened', 'permission-2', undefined],
      ['request.resolved', 'permission-2', 'accepted'],
    ]);
    // The first one, never answered, is resolved by the session's end like any other.
    const n = createNormalizer('claude-agent-sdk', { clock: () => 0 });
    n.push(start('msg_nt') as never);
    n.push(record as never);
    expect(n.end().events.filter((e) => e.type === 'request.resolved')).toHaveLength(1);
  });
});
