// Nothing is dropped silently: a value the spec does not know (a block, delta, status, decision or
// result subtype an upstream adds later) still yields an event with raw, plus a warning where
// meaning is lost; turns always end. Inputs are hand-made in the upstreams' own shapes.
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer } from '../../runtime/index.ts';
import { loose, type CanonicalEvent } from './loose.ts';

const S = 'session-1';
const stream = (event: Record<string, unknown>) => ({
  type: 'stream_event',
  session_id: S,
  parent_tool_use_id: null,
  uuid: `u-${JSON.stringify(event).length}`,
  event,
});
const start = (id: string) =>
  stream({
    type: 'message_start',
    message: { id, type: 'message', role: 'assistant', content: [], model: 'claude-x', stop_reason: null, usage: {} },
  });
const blockStart = (index: number, block: Record<string, unknown>) =>
  stream({ type: 'content_block_start', index, content_block: block });
const delta = (index: number, d: Record<string, unknown>) => stream({ type: 'content_block_delta', index, delta: d });
const result = (fields: Record<string, unknown>) => ({
  type: 'result',
  session_id: S,
  duration_ms: 0,
  duration_api_ms: 0,
  num_turns: 1,
  total_cost_usd: 0,
  usage: {},
  stop_reason: null,
  permission_denials: [],
  ...fields,
});

function push(source: string, ...inputs: unknown[]) {
  const n = createNormalizer(source as never, { clock: () => 0 });
  const events = inputs.flatMap((i) => loose(n.push(i as never)));
  expect(events.filter((e) => !validateProviderRuntimeEvent(e))).toEqual([]);
  return { events, stats: n.stats };
}

const kinds = (events: CanonicalEvent[]) =>
  events.filter((e) => e.type === 'runtime.warning').map((e) => (e.payload.detail as { kind?: string }).kind);

describe('claude-agent-sdk: content the spec does not know', () => {
  it('a real citations_delta updates the text block’s item, with the citation', () => {
    const citation = {
      type: 'char_location',
      cited_text: 'The sky is blue.',
      document_index: 0,
      document_title: 'Notes',
      start_char_index: 0,
      end_char_index: 16,
    };
    const { events } = push(
      'claude-agent-sdk',
      start('msg_1'),
      blockStart(0, { type: 'text', text: '', citations: [] }),
      delta(0, { type: 'text_delta', text: 'Blue.' }),
      delta(0, { type: 'citations_delta', citation }),
    );
    const update = events.at(-1)!;
    expect(update.type).toBe('item.updated');
    expect(update.payload).toMatchObject({
      itemType: 'assistant_message',
      data: { type: 'citations_delta', citation },
    });
    expect(update.itemId).toBe(events.find((e) => e.type === 'item.started')!.itemId);
  });

  it('a signature_delta updates the thinking block’s item', () => {
    const { events } = push(
      'claude-agent-sdk',
      start('msg_1'),
      blockStart(0, { type: 'thinking', thinking: '', signature: '' }),
      delta(0, { type: 'signature_delta', signature: 'EqQBCkgIARABGAIiQL' }),
    );
    const update = events.at(-1)!;
    expect(update.payload).toMatchObject({ itemType: 'reasoning', data: { type: 'signature_delta' } });
    expect(update.payload).not.toHaveProperty('detail'); // no provider word reaches the view
  });

  it('a delta of an unknown type becomes a warning with raw (it cannot be appended to anything)', () => {
    const d = delta(0, { type: 'audio_delta', audio: 'AAAA' });
    const { events, stats } = push('claude-agent-sdk', start('msg_1'), blockStart(0, { type: 'text', text: '' }), d);
    expect(events.at(-1)!).toMatchObject({
      type: 'runtime.warning',
      payload: { detail: { kind: 'unmapped-content' } },
      raw: { payload: d },
    });
    expect(stats.unknown).toBe(1);
  });

  it('a content block of an unknown type is an item of type unknown (with a warning) that completes like any other', () => {
    const block = { type: 'server_thinking', text: 'hmm' };
    const { events } = push(
      'claude-agent-sdk',
      start('msg_1'),
      blockStart(0, block),
      stream({ type: 'content_block_stop', index: 0 }),
      stream({ type: 'message_stop' }),
    );
    expect(
      events.map((e) => [e.type, e.payload.itemType ?? (e.payload.detail as { kind?: string } | undefined)?.kind]),
    ).toEqual([
      ['thread.started', undefined],
      ['turn.started', undefined],
      ['runtime.warning', 'unknown-value'],
      ['item.started', 'unknown'],
      ['item.completed', 'unknown'],
    ]);
    expect(events[3]!.payload.data).toEqual(block);
    expect(events[2]!.payload.detail).toMatchObject({
      map: 'claudeBlockItemType',
      value: 'server_thinking',
      default: 'unknown',
    });
  });

  it('a server tool’s result block completes the server tool’s item', () => {
    const results = {
      type: 'web_search_tool_result',
      tool_use_id: 'srvtoolu_1',
      content: [
        {
          type: 'web_search_result',
          url: 'https://example.com',
          title: 'Example',
          encrypted_content: 'x',
          page_age: null,
        },
      ],
    };
    const { events } = push(
      'claude-agent-sdk',
      start('msg_1'),
      blockStart(0, { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} }),
      stream({ type: 'content_block_stop', index: 0 }),
      blockStart(1, results),
    );
    const done = events.filter((e) => e.type === 'item.completed');
    expect(done.map((e) => [e.providerRefs?.providerItemId, e.payload.itemType, e.payload.status])).toEqual([
      ['srvtoolu_1', 'web_search', 'completed'],
    ]);
    expect(done[0]!.payload.data).toEqual(results);
  });

  it('an assistant image block is an item (image_generation), not dropped', () => {
    const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } };
    const { events } = push('claude-agent-sdk', {
      type: 'assistant',
      session_id: S,
      parent_tool_use_id: null,
      uuid: 'u-1',
      message: {
        id: 'msg_img',
        type: 'message',
        role: 'assistant',
        model: 'claude-x',
        content: [image],
        stop_reason: null,
        usage: {},
      },
    });
    expect(
      events.filter((e) => e.type.startsWith('item.')).map((e) => [e.type, e.payload.itemType, e.payload.data]),
    ).toEqual([
      ['item.started', 'image_generation', image],
      ['item.completed', 'image_generation', image],
    ]);
  });

  it('a result of an unknown subtype still ends the turn (failed), with a warning', () => {
    const { events } = push(
      'claude-agent-sdk',
      start('msg_1'),
      blockStart(0, { type: 'text', text: '' }),
      result({ subtype: 'error_rate_limited', is_error: true, errors: ['Rate limited'] }),
    );
    expect(kinds(events)).toEqual(['unknown-message']);
    expect(events.slice(-3).map((e) => [e.type, e.payload.status ?? e.payload.state])).toEqual([
      ['runtime.error', undefined],
      ['item.completed', 'failed'],
      ['turn.completed', 'failed'],
    ]);
    expect(events.at(-1)!.payload.errorMessage).toBe('Rate limited');
  });

  it('a terminal_reason the map lacks ends the turn by its default, with one warning', () => {
    const { events } = push(
      'claude-agent-sdk',
      start('msg_1'),
      result({ subtype: 'success', is_error: false, terminal_reason: 'moon_phase' }),
    );
    expect(kinds(events)).toEqual(['unknown-value']);
    expect(events.at(-1)!.payload.state).toBe('failed');
  });
});

describe('codex-app-server: statuses the spec does not know', () => {
  const T = 'thread-1';
  const turnStarted = {
    method: 'turn/started',
    params: { threadId: T, turn: { id: 'u', items: [], status: 'inProgress', error: null } },
  };
  const item = {
    method: 'item/started',
    params: { threadId: T, turnId: 'u', item: { type: 'agentMessage', id: 'msg-1', text: '' } },
  };
  const completed = (status: string) => ({
    method: 'turn/completed',
    params: { threadId: T, turn: { id: 'u', items: [], status, error: null } },
  });

  it('an unknown TurnStatus ends the turn (as the map’s default, failed) with a warning, closing what it left open first', () => {
    const { events } = push('codex-app-server', turnStarted, item, completed('paused'));
    expect(
      events
        .slice(2)
        .map((e) => [e.type, e.payload.status ?? e.payload.state ?? (e.payload.detail as { kind?: string }).kind]),
    ).toEqual([
      ['runtime.warning', 'unknown-value'],
      ['item.completed', 'failed'],
      ['turn.completed', 'failed'],
    ]);
  });

  it('a turn/completed that says inProgress (invalid) still ends the turn', () => {
    const { events } = push('codex-app-server', turnStarted, item, completed('inProgress'));
    expect(events.slice(2).map((e) => [e.type, e.raw.source])).toEqual([
      ['runtime.warning', 'codex.app-server.notification'],
      ['item.completed', 'eventmap.synthetic'],
      ['turn.completed', 'eventmap.synthetic'],
    ]);
  });

  it('an approval decision the map lacks resolves the request (answered), with a warning and the word in resolution', () => {
    const { events } = push(
      'codex-app-server',
      {
        method: 'item/commandExecution/requestApproval',
        id: 1,
        params: { threadId: T, turnId: 'u', itemId: 'c', reason: null },
      },
      { dir: 'c2s', line: JSON.stringify({ id: 1, result: { decision: 'acceptOnce' } }) },
    );
    expect(kinds(events)).toEqual(['unknown-value']);
    expect(events.at(-1)!.payload).toMatchObject({ decision: 'answered', resolution: { decision: 'acceptOnce' } });
  });
});

describe('deliberate silences are named', () => {
  it('every message yields an event or a named ignore (stats.ignoredBy)', () => {
    const n = createNormalizer('claude-agent-sdk', { clock: () => 0 });
    for (const m of [
      start('msg_1'),
      blockStart(0, { type: 'text', text: '' }),
      stream({ type: 'content_block_stop', index: 0 }),
      stream({ type: 'message_stop' }),
      {
        type: 'user',
        session_id: S,
        parent_tool_use_id: null,
        isReplay: true,
        message: { role: 'user', content: 'hi' },
      },
    ]) {
      const before = { ...n.stats.ignoredBy };
      const events = loose(n.push(m as never));
      expect(events.length > 0 || JSON.stringify(n.stats.ignoredBy) !== JSON.stringify(before), JSON.stringify(m)).toBe(
        true,
      );
    }
    expect(Object.keys(n.stats.ignoredBy)).toContain('sdk-message:user[isReplay]');
  });
});
