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
  const events = records.flatMap((r) => n.push(r));
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
      'turn.started',
      'item.started',
      'user-input.requested',
      'request.opened',
      'user-input.resolved',
      'request.resolved',
    ]);
    expect(events[2]!.payload.questions).toEqual(questions);
    expect(events[3]!.payload.requestType).toBe('tool_user_input');
    expect(events[4]!.payload.answers).toEqual({ 'Which color?': 'Blue' });
    expect(events[5]!.payload).toMatchObject({ requestType: 'tool_user_input', decision: 'answered' });
    expect(events[2]!.requestId).toBe(events[5]!.requestId);
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
    const [e, ...rest] = normalize(msg);
    expect(rest).toEqual([]);
    expect(e).toMatchObject({
      type: 'item.updated',
      payload: { itemType: 'prompt_suggestion', detail: 'Now run the tests', data: msg },
      providerRefs: { providerItemId: 'uuid-9' },
    });
  });

  it('turns an unknown message type into runtime.warning with raw', () => {
    const msg = { type: 'system', subtype: 'teleported', session_id: S };
    const [w] = normalize(msg);
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
