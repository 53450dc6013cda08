// The parity rows no committed recording shows yet, on traffic written in the upstreams' own shapes
// (their schemas, and what test/fixtures/transcripts and the capture notes show of them), checked
// by the very same row assertions as the recordings (test/parity/*-rows.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACP } from './acp-rows.ts';
import { CLAUDE } from './claude-rows.ts';
import { CODEX } from './codex-rows.ts';
import { CODEX_SDK } from './codex-sdk-rows.ts';
import { load, type Recording } from './recording.ts';
import { viewAgrees } from './view.ts';

const recording = (source: string, records: Record<string, unknown>[]): Recording =>
  load({
    source: source as never,
    version: 'hand-made',
    file: `${source}/hand-made`,
    lines: records.map((r) => JSON.stringify(r)),
    records,
  });

function expectRow(rows: typeof CODEX, row: string, r: Recording, count = 1): void {
  const found = rows[row]!.find(r);
  expect(found.length, row).toBe(count);
  for (const o of found) o.check();
}

// ---- codex-app-server (0.171.0 shapes, in the capture envelope) ----
const T = 'thread-1';
const s2c = (m: Record<string, unknown>) => ({ dir: 's2c', ts: 0, line: JSON.stringify(m) });
const c2s = (m: Record<string, unknown>) => ({ dir: 'c2s', ts: 0, line: JSON.stringify(m) });
const turn = (id: string, status: string, error: unknown = null) =>
  s2c({
    method: status === 'inProgress' ? 'turn/started' : 'turn/completed',
    params: { threadId: T, turn: { id, items: [], status, error } },
  });
const command = (turnId: string, id: string) =>
  s2c({
    method: 'item/started',
    params: {
      threadId: T,
      turnId,
      item: { type: 'commandExecution', id, command: 'touch x', cwd: '/w', status: 'inProgress', commandActions: [] },
    },
  });

describe('codex-app-server, hand-made', () => {
  it('interrupt with an approval pending', () => {
    const r = recording('codex-app-server', [
      turn('u1', 'inProgress'),
      command('u1', 'call-1'),
      s2c({
        method: 'item/commandExecution/requestApproval',
        id: 0,
        params: { threadId: T, turnId: 'u1', itemId: 'call-1', reason: 'needs network' },
      }),
      c2s({ method: 'turn/interrupt', id: 9, params: { threadId: T, turnId: 'u1' } }),
      turn('u1', 'interrupted'),
      s2c({ method: 'serverRequest/resolved', params: { threadId: T, requestId: 0 } }),
    ]);
    expectRow(CODEX, 'interrupt with an approval pending', r);
    expect(r.out[5]).toEqual([]); // the late serverRequest/resolved resolves nothing twice
  });

  it('user input declined (answered with no answers)', () => {
    const question = {
      id: 'color',
      header: 'Color',
      question: 'Which color?',
      isOther: false,
      isSecret: false,
      options: [{ label: 'Blue', description: '' }],
    };
    const r = recording('codex-app-server', [
      turn('u1', 'inProgress'),
      s2c({
        method: 'item/tool/requestUserInput',
        id: 1,
        params: { threadId: T, turnId: 'u1', itemId: 'call-q', questions: [question] },
      }),
      c2s({ id: 1, result: { answers: {} } }),
    ]);
    expectRow(CODEX, 'user input declined', r);
  });

  it('permissions granted in part, and not at all', () => {
    const ask = (id: number) =>
      s2c({
        method: 'item/permissions/requestApproval',
        id,
        params: {
          threadId: T,
          turnId: 'u1',
          itemId: `call-p${id}`,
          environmentId: 'local',
          startedAtMs: 0,
          cwd: '/w',
          reason: 'wants more',
          permissions: {
            network: { enabled: true },
            fileSystem: { entries: null, globScanMaxDepth: null, read: ['/data'], write: ['/out'] },
          },
        },
      });
    const r = recording('codex-app-server', [
      turn('u1', 'inProgress'),
      ask(2),
      c2s({ id: 2, result: { permissions: {}, scope: 'turn' } }),
      ask(3),
      c2s({ id: 3, result: { permissions: { network: { enabled: true }, fileSystem: null }, scope: 'turn' } }),
      ask(4),
      c2s({
        id: 4,
        result: {
          permissions: {
            network: { enabled: true },
            fileSystem: { entries: null, globScanMaxDepth: null, read: ['/data'], write: ['/out'] },
          },
          scope: 'session',
        },
      }),
    ]);
    expectRow(CODEX, 'permissions granted in full, in part, not at all', r, 3);
    expect(r.events.filter((e) => e.type === 'request.resolved').map((e) => e.payload.decision)).toEqual([
      'declined',
      'partially_accepted',
      'accepted_for_session',
    ]);
  });

  it('budget limit', () => {
    const error = {
      message: 'You have hit your usage limit.',
      codexErrorInfo: 'usageLimitExceeded',
      additionalDetails: null,
    };
    const r = recording('codex-app-server', [
      turn('u1', 'inProgress'),
      s2c({ method: 'error', params: { error, willRetry: false, threadId: T, turnId: 'u1' } }),
      turn('u1', 'failed', error),
    ]);
    expectRow(CODEX, 'budget limit', r);
    expectRow(CODEX, 'API error', r);
  });

  it('compaction (the contextCompaction item of a compact turn)', () => {
    const item = { type: 'contextCompaction', id: 'item-c' };
    const r = recording('codex-app-server', [
      turn('u1', 'inProgress'),
      s2c({ method: 'item/started', params: { threadId: T, turnId: 'u1', item } }),
      s2c({ method: 'item/completed', params: { threadId: T, turnId: 'u1', item } }),
      turn('u1', 'completed'),
    ]);
    expectRow(CODEX, 'compaction', r);
    expect(r.out[2]!.map((e) => [e.type, e.payload.itemType ?? e.payload.state])).toEqual([
      ['item.completed', 'context_compaction'],
      ['thread.state.changed', 'compacted'],
    ]);
  });

  it('goal set and cleared', () => {
    const goal = {
      threadId: T,
      objective: 'Ship it',
      status: 'active',
      createdAt: 1,
      updatedAt: 1,
      timeUsedSeconds: 0,
      tokensUsed: 0,
      tokenBudget: null,
    };
    const r = recording('codex-app-server', [
      s2c({ method: 'thread/goal/updated', params: { threadId: T, turnId: null, goal } }),
      s2c({ method: 'thread/goal/cleared', params: { threadId: T } }),
    ]);
    expectRow(CODEX, 'goal set and cleared', r, 2);
  });

  it('tool progress (an MCP call)', () => {
    const r = recording('codex-app-server', [
      turn('u1', 'inProgress'),
      s2c({
        method: 'item/started',
        params: {
          threadId: T,
          turnId: 'u1',
          item: {
            type: 'mcpToolCall',
            id: 'call-m',
            server: 'docs',
            tool: 'search',
            status: 'inProgress',
            arguments: {},
          },
        },
      }),
      s2c({
        method: 'item/mcpToolCall/progress',
        params: { threadId: T, turnId: 'u1', itemId: 'call-m', message: 'half way' },
      }),
    ]);
    expectRow(CODEX, 'tool progress', r);
  });
});

// ---- claude-agent-sdk (0.2.62 and 0.3.332 shapes, in the capture record format) ----
const S = 'session-1';
const msg = (m: Record<string, unknown>) => ({
  kind: 'message',
  message: { session_id: S, uuid: `uuid-${JSON.stringify(m).length}`, ...m },
});
const stream = (event: Record<string, unknown>) => msg({ type: 'stream_event', parent_tool_use_id: null, event });
const toolUse = (id: string, name: string, input: Record<string, unknown>) => [
  stream({
    type: 'message_start',
    message: {
      id: `msg-${id}`,
      type: 'message',
      role: 'assistant',
      model: 'claude-x',
      content: [],
      stop_reason: null,
      usage: {},
    },
  }),
  stream({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id, name, input: {} } }),
  stream({ type: 'content_block_stop', index: 0 }),
  stream({ type: 'message_stop' }),
];
const permission = (
  id: string,
  toolName: string,
  input: Record<string, unknown>,
  decision: Record<string, unknown> | undefined,
  aborted = false,
) => ({
  kind: 'permission',
  toolName,
  input,
  options: { signal: { $AbortSignal: true, aborted }, suggestions: [], toolUseID: id },
  optionKeys: ['signal', 'suggestions', 'toolUseID'],
  ...(decision ? { decision } : {}),
});
const toolError = (id: string, content: string) =>
  msg({
    type: 'user',
    parent_tool_use_id: null,
    message: { role: 'user', content: [{ type: 'tool_result', content, is_error: true, tool_use_id: id }] },
  });
const marker = (forTool: boolean) =>
  msg({
    type: 'user',
    parent_tool_use_id: null,
    message: {
      role: 'user',
      content: [
        {
          type: 'text',
          text: forTool ? '[Request interrupted by user for tool use]' : '[Request interrupted by user]',
        },
      ],
    },
  });
const result = (subtype: string, fields: Record<string, unknown> = {}) =>
  msg({
    type: 'result',
    subtype,
    duration_ms: 0,
    duration_api_ms: 0,
    num_turns: 1,
    stop_reason: null,
    total_cost_usd: 0,
    usage: {},
    modelUsage: {},
    permission_denials: [],
    is_error: subtype !== 'success',
    errors: [],
    ...fields,
  });

describe('claude-agent-sdk, hand-made', () => {
  const bash = { command: 'touch x', description: 'Touch' };

  it.each([
    ['never answered', undefined, false],
    ['answered after its signal aborted', { behavior: 'deny', message: 'aborted' }, true],
  ] as const)('interrupt with an approval pending: %s', (_name, decision, aborted) => {
    const r = recording('claude-agent-sdk', [
      ...toolUse('toolu_1', 'Bash', bash),
      permission('toolu_1', 'Bash', bash, decision, aborted),
      marker(true),
      result('error_during_execution', { is_error: false }),
    ]);
    expectRow(CLAUDE, 'interrupt with an approval pending', r);
    expect(r.events.find((e) => e.type === 'item.completed')?.payload.status).toBe('interrupted');
  });

  it('approval cancelled (deny, and interrupt)', () => {
    const r = recording('claude-agent-sdk', [
      ...toolUse('toolu_2', 'Bash', bash),
      permission('toolu_2', 'Bash', bash, { behavior: 'deny', message: 'No, and stop.', interrupt: true }),
      toolError('toolu_2', 'No, and stop.'),
      marker(true),
      result('error_during_execution', { is_error: false }),
    ]);
    expectRow(CLAUDE, 'approval cancelled', r);
  });

  it('user input declined', () => {
    const questions = [
      { question: 'Which color?', header: 'Color', options: [{ label: 'Blue', description: '' }], multiSelect: false },
    ];
    const r = recording('claude-agent-sdk', [
      ...toolUse('toolu_q', 'AskUserQuestion', { questions }),
      permission(
        'toolu_q',
        'AskUserQuestion',
        { questions },
        { behavior: 'deny', message: 'The user declined to answer.' },
      ),
      toolError('toolu_q', 'The user declined to answer.'),
      result('success', { is_error: false, result: 'ok' }),
    ]);
    expectRow(CLAUDE, 'user input declined', r);
  });

  it.each([
    ['budget limit', 'error_max_budget_usd', {}],
    [
      'budget limit',
      'error_max_budget_usd',
      { terminal_reason: 'budget_exhausted', errors: ['Reached maximum budget ($0.01)'] },
    ],
    ['max-turns limit', 'error_max_turns', {}],
    [
      'max-turns limit',
      'error_max_turns',
      { terminal_reason: 'max_turns', errors: ['[ede_diagnostic] result_type=assistant'] },
    ],
  ] as const)('%s: result %s %j', (row, subtype, fields) => {
    const r = recording('claude-agent-sdk', [...toolUse('toolu_3', 'Bash', bash), result(subtype, fields)]);
    expectRow(CLAUDE, row, r);
    expect(r.events.at(-1)!.payload.errorMessage).not.toMatch(/diagnostic/);
  });

  it('compaction', () => {
    const r = recording('claude-agent-sdk', [
      msg({ type: 'system', subtype: 'status', status: 'compacting', permissionMode: 'default' }),
      msg({ type: 'system', subtype: 'compact_boundary', compact_metadata: { trigger: 'manual', pre_tokens: 12000 } }),
      result('success', { is_error: false, result: '' }),
    ]);
    expectRow(CLAUDE, 'compaction', r);
  });

  it('retry (0.3.332 system:api_retry) and tool progress (0.3.332 heartbeat)', () => {
    const r = recording('claude-agent-sdk', [
      ...toolUse('toolu_4', 'Bash', bash),
      msg({
        type: 'tool_progress',
        tool_use_id: 'progress-1',
        tool_name: 'Bash',
        parent_tool_use_id: 'toolu_4',
        elapsed_time_seconds: 30,
      }),
      msg({
        type: 'system',
        subtype: 'api_retry',
        attempt: 2,
        max_retries: 3,
        retry_delay_ms: 800,
        error_status: 429,
        error: 'rate_limit',
      }),
    ]);
    expectRow(CLAUDE, 'tool progress', r);
    expectRow(CLAUDE, 'retry', r);
    expect(r.events.at(-1)!.payload.message).toBe(
      'Model request failed (HTTP 429: rate_limit); retrying (attempt 2 of 3)',
    );
  });
});

// ---- codex-sdk (0.163.0 declarations; test/fixtures/hand-made until a recording replaces it) ----
describe('codex-sdk, hand-made', () => {
  const records = readFileSync(
    join(import.meta.dirname, '..', 'fixtures', 'hand-made', 'codex-sdk-thread-events.jsonl'),
    'utf8',
  )
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

  it.each(['turn completed', 'API error'])('%s', (row) => {
    const r = recording('codex-sdk', records);
    expectRow(CODEX_SDK, row, r);
  });

  it('run stopped mid-turn', () => {
    // A run aborted through its signal while a command runs (the stream stops), then the next run.
    const r = recording('codex-sdk', [
      { type: 'thread.started', thread_id: 'thread-1' },
      { type: 'turn.started' },
      {
        type: 'item.started',
        item: {
          id: 'item_0',
          type: 'command_execution',
          command: 'sleep 60',
          aggregated_output: '',
          status: 'in_progress',
        },
      },
      { type: 'thread.started', thread_id: 'thread-1' },
      { type: 'turn.started' },
      { type: 'item.completed', item: { id: 'item_0', type: 'agent_message', text: 'Stopped.' } },
      { type: 'turn.completed', usage: { input_tokens: 1, cached_input_tokens: 0, output_tokens: 1 } },
    ]);
    expectRow(CODEX_SDK, 'run stopped mid-turn', r);
    // The stopped command closes as part of it; item_0 of the next run is another item.
    const items = r.events.filter((e) => e.type === 'item.completed').map((e) => [e.itemId, e.payload.status]);
    expect(items).toEqual([
      [r.events.find((e) => e.type === 'item.started')!.itemId, 'cancelled'],
      [expect.not.stringMatching(String(items[0]?.[0])), 'completed'],
    ]);
  });
});

// ---- acp: the hand-made session (test/fixtures/hand-made/acp-session.both.jsonl), until recordings exist ----
describe('acp, hand-made', () => {
  const records = readFileSync(
    join(import.meta.dirname, '..', 'fixtures', 'hand-made', 'acp-session.both.jsonl'),
    'utf8',
  )
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const r = recording('acp', records);
  it.each(Object.keys(ACP))('%s, and as the provider-blind view shows it', (row) => {
    const found = ACP[row]!.find(r);
    expect(found.length, row).toBeGreaterThan(0);
    for (const o of found) {
      o.check();
      viewAgrees(r, Number(/^line (\d+)$/.exec(o.where)![1]) - 1);
    }
  });
});
