// Issue 27 on the Claude side: the typed fields a provider-blind UI reads — tool detail and titles,
// read-only approvals, the proposed plan and the todo plan, thread.started, the context window,
// task summaries — from the SDK's own shapes (given/want tables), and from real recordings where
// they show the case.
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer } from '../../runtime/index.ts';
import { transcripts } from '../conformance/transcripts.ts';
import { loose, type CanonicalEvent } from './loose.ts';

type Rec = Record<string, any>;
const S = 'session-ui';

function normalize(...records: unknown[]): CanonicalEvent[] {
  const n = createNormalizer('claude-agent-sdk', { clock: () => 0, sessionId: 'ui' });
  const events = loose(records.flatMap((r) => n.push(r as never)));
  expect(events.filter((e) => !validateProviderRuntimeEvent(e)).map((e) => [e.type, e.payload])).toEqual([]);
  return events;
}

const usage = (u: Rec = {}) => ({
  input_tokens: 10,
  output_tokens: 1,
  cache_read_input_tokens: 0,
  cache_creation_input_tokens: 0,
  ...u,
});
const assistant = (id: string, content: Rec[], parent: string | null = null, u: Rec = usage(), model = 'claude-x') => ({
  type: 'assistant',
  session_id: S,
  parent_tool_use_id: parent,
  uuid: `a-${id}-${content.length}`,
  message: { id, type: 'message', role: 'assistant', model, content, stop_reason: null, usage: u },
});
const stream = (event: Rec, parent: string | null = null) => ({
  type: 'stream_event',
  session_id: S,
  parent_tool_use_id: parent,
  uuid: 'u',
  event,
});
const toolUse = (id: string, name: string, input: Rec) => ({ type: 'tool_use', id, name, input });
const toolResult = (id: string, content: unknown, isError = false) => ({
  type: 'user',
  session_id: S,
  parent_tool_use_id: null,
  uuid: `r-${id}`,
  message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content, is_error: isError }] },
});
const permission = (toolName: string, input: Rec, toolUseID: string, decision: Rec = { behavior: 'allow' }) => ({
  kind: 'permission',
  toolName,
  input,
  options: { toolUseID },
  decision,
});
const result = (extra: Rec = {}) => ({
  type: 'result',
  subtype: 'success',
  session_id: S,
  is_error: false,
  result: 'ok',
  stop_reason: 'end_turn',
  usage: usage(),
  total_cost_usd: 0,
  duration_ms: 1,
  duration_api_ms: 1,
  num_turns: 1,
  permission_denials: [],
  ...extra,
});

describe('tool detail and titles (claudeToolDetail, runtime/titles.ts)', () => {
  // given: a tool name and its input; want: the item type, the typed detail beyond {name, input}, the title.
  const cases: [string, Rec, string, Rec, string][] = [
    ['Bash', { command: 'ls -la', description: 'List' }, 'command_execution', { command: 'ls -la' }, 'Command'],
    ['PowerShell', { command: 'dir' }, 'command_execution', { command: 'dir' }, 'Command'],
    [
      'Write',
      { file_path: '/w/a.txt', content: 'x' },
      'file_change',
      { changes: [{ path: '/w/a.txt', kind: 'add', newText: 'x' }] },
      'File change',
    ],
    [
      'Edit',
      { file_path: '/w/a.txt', old_string: 'a', new_string: 'b' },
      'file_change',
      { changes: [{ path: '/w/a.txt', kind: 'update', oldText: 'a', newText: 'b' }] },
      'File change',
    ],
    [
      'MultiEdit',
      {
        file_path: '/w/b.txt',
        edits: [
          { old_string: 'a', new_string: 'b' },
          { old_string: 'c', new_string: 'd' },
        ],
      },
      'file_change',
      {
        changes: [
          { path: '/w/b.txt', kind: 'update', oldText: 'a', newText: 'b' },
          { path: '/w/b.txt', kind: 'update', oldText: 'c', newText: 'd' },
        ],
      },
      'File change',
    ],
    [
      'NotebookEdit',
      { notebook_path: '/w/n.ipynb', new_source: 'x' },
      'file_change',
      { changes: [{ path: '/w/n.ipynb', kind: 'update', newText: 'x' }] },
      'File change',
    ],
    ['WebSearch', { query: 'eventmap' }, 'web_search', { query: 'eventmap' }, 'Web search'],
    [
      'WebFetch',
      { url: 'https://example.com', prompt: 'sum' },
      'web_search',
      { url: 'https://example.com' },
      'Web fetch',
    ],
    ['mcp__docs__search', { q: 'x' }, 'mcp_tool_call', { server: 'docs', name: 'search' }, 'docs: search'],
    ['Task', { description: 'Find the bug', prompt: 'p' }, 'collab_agent_tool_call', {}, 'Find the bug'],
    ['Agent', { description: 'Sub task', prompt: 'p' }, 'collab_agent_tool_call', {}, 'Sub task'],
    ['Read', { file_path: '/w/a.txt' }, 'dynamic_tool_call', {}, 'Read'],
    ['Glob', { pattern: '*.ts' }, 'dynamic_tool_call', {}, 'Glob'],
    ['SomeNewTool', { a: 1 }, 'dynamic_tool_call', {}, 'SomeNewTool'],
  ];

  it.each(cases)(
    '%s, streamed: the `assistant` copy gives the detail; the result adds its output',
    (name, input, itemType, typed, title) => {
      const id = `toolu_${name}`;
      const events = normalize(
        stream({ type: 'message_start', message: { id: 'msg_t', model: 'claude-x', content: [], usage: usage() } }),
        stream({ type: 'content_block_start', index: 0, content_block: toolUse(id, name, {}) }),
        stream({
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(input) },
        }),
        assistant('msg_t', [toolUse(id, name, input)]),
        stream({ type: 'content_block_stop', index: 0 }),
        toolResult(id, [
          { type: 'text', text: 'line 1' },
          { type: 'text', text: 'line 2' },
        ]),
      );
      const [started, updated, completed] = ['item.started', 'item.updated', 'item.completed'].map((t) =>
        events.find((e) => e.type === t && e.providerRefs?.providerItemId === id)!,
      );
      // name first: an MCP tool's `name` is its own name on its server
      const detail = { name, input, ...typed };
      expect(started!.payload).toMatchObject({ itemType, toolDetail: { name: detail.name, input: {} } });
      expect(updated!.payload).toMatchObject({ itemType, title, toolDetail: detail });
      expect(completed!.payload).toMatchObject({
        itemType,
        title,
        status: 'completed',
        toolDetail: { ...detail, output: 'line 1\nline 2' },
      });
      expect(completed!.payload.toolDetail).not.toHaveProperty('error');
    },
  );

  it.each(cases)(
    '%s, whole (no partial messages) and asked through canUseTool',
    (name, input, itemType, typed, title) => {
      const id = `toolu_${name}`;
      const events = normalize(assistant('msg_w', [toolUse(id, name, input)]), permission(name, input, id));
      const started = events.find((e) => e.type === 'item.started')!;
      const opened = events.find((e) => e.type === 'request.opened')!;
      expect(started.payload).toMatchObject({ itemType, title, toolDetail: { name, input, ...typed } });
      expect(opened.payload.toolDetail).toEqual({ name, input, ...typed });
      expect(typeof opened.payload.title).toBe('string');
    },
  );

  it('an error result completes the tool with its error', () => {
    const events = normalize(
      assistant('msg_e', [toolUse('toolu_e', 'Bash', { command: 'false' })]),
      toolResult('toolu_e', 'Exit code 1', true),
      assistant('msg_e2', [{ type: 'text', text: 'It failed.' }]),
    );
    const completed = events.find((e) => e.type === 'item.completed' && e.providerRefs?.providerItemId === 'toolu_e')!;
    expect(completed.payload).toMatchObject({
      status: 'failed',
      toolDetail: { name: 'Bash', command: 'false', output: 'Exit code 1', error: 'Exit code 1' },
    });
  });

  it('real traffic: every tool item and every permission request carries a typed toolDetail with the tool’s name', () => {
    for (const t of transcripts('claude-agent-sdk')) {
      const n = createNormalizer('claude-agent-sdk', { clock: () => 0, sessionId: 'x' });
      const events = loose(t.records.flatMap((r) => n.push(r as never)));
      const tools = events.filter(
        (e) => e.type === 'item.started' && (e.payload.data as Rec | undefined)?.type === 'tool_use',
      );
      const requests = events.filter((e) => e.type === 'request.opened' && e.raw.source === 'claude.sdk.permission');
      for (const e of [...tools, ...requests]) {
        expect(e.payload.toolDetail, `${t.file} ${e.type}`).toMatchObject({ name: expect.any(String) });
        // A plan item (TodoWrite) is the plan, not a tool a UI titles (runtime/titles.ts).
        if (e.payload.itemType !== 'plan')
          expect(e.payload.title, `${t.file} ${e.type}`).toEqual(expect.stringMatching(/\S/));
      }
      // The subagent tool's title is its task, once its input is whole.
      for (const e of events.filter(
        (x) => x.type === 'item.completed' && x.payload.itemType === 'collab_agent_tool_call',
      ))
        expect(e.payload.title).toBe((e.payload.toolDetail as Rec).input.description);
    }
  });
});

describe('read-only approvals', () => {
  it.each([
    ['Read', 'file_read_approval'],
    ['Grep', 'file_read_approval'],
    ['Glob', 'file_read_approval'],
    ['LSP', 'file_read_approval'],
    ['Bash', 'command_execution_approval'],
    ['Write', 'file_change_approval'],
    ['WebFetch', 'tool_approval'],
    ['ReadMcpResourceTool', 'tool_approval'],
  ])('%s asks %s', (tool, requestType) => {
    const events = normalize(permission(tool, {}, 'toolu_r'));
    expect(events.find((e) => e.type === 'request.opened')!.payload.requestType).toBe(requestType);
  });
});

describe('plans', () => {
  it('ExitPlanMode proposes its plan: turn.proposed.completed with the Markdown', () => {
    const plan = '# Plan\n\n1. Read\n2. Fix';
    const events = normalize(
      assistant('msg_p', [toolUse('toolu_p', 'ExitPlanMode', { plan })]),
      permission('ExitPlanMode', { plan }, 'toolu_p'),
    );
    const proposed = events.filter((e) => e.type === 'turn.proposed.completed');
    expect(proposed.map((e) => e.payload)).toEqual([{ planMarkdown: plan }]);
    expect(proposed[0]!.turnId).toBe(events.find((e) => e.type === 'turn.started')!.turnId);
    expect(
      normalize(permission('Bash', { command: 'ls' }, 't')).some((e) => e.type === 'turn.proposed.completed'),
    ).toBe(false);
  });

  const todos = [
    { content: 'Read the code', status: 'completed', activeForm: 'Reading' },
    { content: 'Fix the bug', status: 'in_progress', activeForm: 'Fixing' },
    { content: 'Run the tests', status: 'pending', activeForm: 'Running' },
    { content: 'Ship', status: 'someday', activeForm: 'Shipping' },
  ];
  const want = [
    { step: 'Read the code', status: 'completed' },
    { step: 'Fix the bug', status: 'inProgress' },
    { step: 'Run the tests', status: 'pending' },
    { step: 'Ship', status: 'pending' }, // the map's default (with an unknown-value warning)
  ];

  it.each([
    [
      'streamed (the assistant copy has the whole input)',
      [
        stream({ type: 'message_start', message: { id: 'msg_todo', model: 'claude-x', content: [], usage: usage() } }),
        stream({ type: 'content_block_start', index: 0, content_block: toolUse('toolu_todo', 'TodoWrite', {}) }),
        assistant('msg_todo', [toolUse('toolu_todo', 'TodoWrite', { todos })]),
      ],
    ],
    ['whole', [assistant('msg_todo', [toolUse('toolu_todo', 'TodoWrite', { todos })])]],
  ])('TodoWrite, %s: turn.plan.updated with the steps (its item stays a plan item)', (_n, records) => {
    const events = normalize(...records);
    expect(events.filter((e) => e.type === 'turn.plan.updated').map((e) => e.payload)).toEqual([{ plan: want }]);
    expect(events.find((e) => e.type === 'item.started')!.payload.itemType).toBe('plan');
    expect(events.some((e) => e.type === 'runtime.warning' && (e.payload.detail as Rec)?.value === 'someday')).toBe(
      true,
    );
  });

  it('a subagent’s TodoWrite is not the turn’s plan', () => {
    const events = normalize(assistant('msg_st', [toolUse('toolu_st', 'TodoWrite', { todos })], 'toolu_task'));
    expect(events.some((e) => e.type === 'turn.plan.updated')).toBe(false);
  });
});

describe('thread.started', () => {
  it('once per session_id, when it is first seen, before the events of that message', () => {
    const init = (session: string) => ({ type: 'system', subtype: 'init', session_id: session, uuid: 'i' });
    const events = normalize(init('s1'), result({ session_id: 's1' }), init('s1'), init('s2'), init('s1'));
    expect(events.filter((e) => e.type === 'thread.started').map((e) => e.payload)).toEqual([
      { providerThreadId: 's1' },
      { providerThreadId: 's2' },
    ]);
    expect(events[0]!.type).toBe('thread.started');
    const s2 = events.findIndex((e) => e.type === 'thread.started' && e.payload.providerThreadId === 's2');
    expect(events[s2 + 1]!.threadId).toBe(events[s2]!.threadId);
  });

  it('real traffic: each recording starts with thread.started of its session, and has one', () => {
    for (const t of transcripts('claude-agent-sdk')) {
      const n = createNormalizer('claude-agent-sdk', { clock: () => 0, sessionId: 'x' });
      const events = loose(t.records.flatMap((r) => n.push(r as never)));
      expect(events[0]!.type, t.file).toBe('thread.started');
      expect(
        events.filter((e) => e.type === 'thread.started'),
        t.file,
      ).toHaveLength(1);
    }
  });
});

describe('context window (thread.token-usage.updated)', () => {
  const start = (id: string, u: Rec, parent: string | null = null) =>
    stream({ type: 'message_start', message: { id, model: 'claude-x', content: [], usage: u } }, parent);
  const delta = (u: Rec, parent: string | null = null) =>
    stream({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: u }, parent);
  const modelUsage = { 'claude-x': { inputTokens: 1, outputTokens: 1, contextWindow: 200000 } };
  const snapshots = (events: CanonicalEvent[]) =>
    events.filter((e) => e.type === 'thread.token-usage.updated').map((e) => e.payload.usage);
  const main = usage({
    input_tokens: 50,
    cache_read_input_tokens: 1000,
    cache_creation_input_tokens: 200,
    output_tokens: 1,
  });
  const want = {
    usedTokens: 50 + 1000 + 200 + 30,
    lastInputTokens: 1250,
    lastCachedInputTokens: 1000,
    lastOutputTokens: 30,
  };

  it('streamed: at the main request’s message_delta, then with maxTokens at the result, before turn.completed', () => {
    const events = normalize(
      start('msg_1', main),
      assistant('msg_1', [{ type: 'text', text: 'hi' }], null, main),
      delta({ input_tokens: null, output_tokens: 30, cache_read_input_tokens: null }),
      result({ modelUsage }),
    );
    expect(snapshots(events)).toEqual([want, { ...want, maxTokens: 200000 }]);
    const at = events.findIndex(
      (e) => e.type === 'thread.token-usage.updated' && e.raw.messageType?.startsWith('result'),
    );
    expect(events.findIndex((e) => e.type === 'turn.completed')).toBeGreaterThan(at);
  });

  it('without partial messages: one snapshot at the result, from the assistant copy', () => {
    const events = normalize(
      assistant('msg_1', [{ type: 'text', text: 'hi' }], null, { ...main, output_tokens: 30 }),
      result({ modelUsage }),
    );
    expect(snapshots(events)).toEqual([{ ...want, maxTokens: 200000 }]);
  });

  it('a subagent’s requests are never counted, streamed or whole; the last main request is', () => {
    const sub = usage({ input_tokens: 90000, output_tokens: 5000 });
    const events = normalize(
      start('msg_1', main),
      delta({ output_tokens: 30 }),
      start('msg_sub', sub, 'toolu_task'),
      delta({ output_tokens: 5000 }, 'toolu_task'),
      assistant('msg_sub2', [{ type: 'text', text: 'sub' }], 'toolu_task', sub),
      result({ modelUsage }),
    );
    expect(snapshots(events)).toEqual([want, { ...want, maxTokens: 200000 }]);
  });

  it('says nothing new twice; a result with no main request since says nothing', () => {
    const events = normalize(
      start('msg_1', main),
      delta({ output_tokens: 30 }),
      result({ modelUsage }),
      start('msg_2', main),
      delta({ output_tokens: 30 }),
      result({ modelUsage }),
      { type: 'system', subtype: 'init', session_id: S, uuid: 'i' },
      result({ modelUsage }),
    );
    expect(snapshots(events)).toEqual([want, { ...want, maxTokens: 200000 }]);
  });

  it('real traffic: one snapshot at least per recording with a model request, maxTokens from modelUsage', () => {
    for (const t of transcripts('claude-agent-sdk')) {
      const n = createNormalizer('claude-agent-sdk', { clock: () => 0, sessionId: 'x' });
      const events = loose(t.records.flatMap((r) => n.push(r as never)));
      const snaps = snapshots(events) as Rec[];
      expect(snaps.length, t.file).toBeGreaterThan(0);
      for (const s of snaps) expect(s.usedTokens).toBe(s.lastInputTokens + s.lastOutputTokens);
      expect(
        snaps.some((s) => typeof s.maxTokens === 'number' && s.maxTokens > 0),
        t.file,
      ).toBe(true);
    }
  });
});

describe('task summaries', () => {
  it('system:task_progress `summary` (0.3.332) → task.progress.summary', () => {
    const events = normalize({
      type: 'system',
      subtype: 'task_progress',
      task_id: 'task-1',
      tool_use_id: 'toolu_task',
      description: 'Sub task',
      summary: 'Reading the tests',
      usage: { total_tokens: 10, tool_uses: 1, duration_ms: 5 },
      uuid: 'u',
      session_id: S,
    });
    expect(events.find((e) => e.type === 'task.progress')!.payload).toMatchObject({
      taskId: 'task-1',
      description: 'Sub task',
      summary: 'Reading the tests',
    });
  });
});
