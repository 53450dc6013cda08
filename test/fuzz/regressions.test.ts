// Inputs the property tests (test/fuzz/) found breaking the runtime, kept as plain cases.
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer } from '../../runtime/index.ts';
import { loose, type CanonicalEvent } from '../runtime/loose.ts';
import { FRAMINGS, type SourceName } from '../../runtime/sources/index.ts';

const SOURCES = Object.keys(FRAMINGS) as SourceName[];

function push(source: SourceName, ...inputs: unknown[]): CanonicalEvent[] {
  const n = createNormalizer(source, { clock: () => 0 });
  return loose(inputs.flatMap((i) => n.push(i as never)));
}

function expectValid(events: CanonicalEvent[]): void {
  for (const e of events)
    expect(validateProviderRuntimeEvent(e), `${e.type} ${JSON.stringify(validateProviderRuntimeEvent.errors)}`).toBe(
      true,
    );
}

describe('runtime regressions', () => {
  // An ACP permission request whose tool call id is blank (FUZZ_SEED=1333659298) started its tool
  // item with a blank providerItemId: ids go through idOf, as the generated mappers' do.
  it('acp: a permission request naming a blank tool call id opens no item with a blank id', () => {
    const events = push('acp', {
      jsonrpc: '2.0',
      id: 3,
      method: 'session/request_permission',
      params: {
        sessionId: 's',
        toolCall: { toolCallId: '', title: 'touch x', kind: 'execute', rawInput: { command: 'touch x' } },
        options: [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }],
      },
    });
    expectValid(events);
    expect(events.filter((e) => e.providerRefs?.providerItemId === '')).toEqual([]);
  });

  // An ACP message chunk whose messageId has spaces at its ends (FUZZ_SEED=-2033274401) named its
  // item ` padded #…`, which no providerItemId may be: a messageId is an id, read through idOf.
  it('acp: a chunk whose messageId has spaces at its ends opens an item with a trimmed id', () => {
    const chunk = (messageId: string) => ({
      jsonrpc: '2.0',
      method: 'session/update',
      params: {
        sessionId: 's',
        update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Hi' }, messageId },
      },
    });
    const events = push('acp', chunk(' padded '), chunk('padded'));
    expectValid(events);
    const items = events.filter((e) => e.type === 'item.started').map((e) => e.providerRefs?.providerItemId);
    expect(items).toHaveLength(1); // ` padded ` and `padded` are one message
    expect(items[0]).toMatch(/^padded#/);
  });

  // Dispatch looked names up with `table[name]`, so `constructor` found Object's constructor:
  // the message was counted as mapped and produced no event at all.
  it.each(SOURCES)('%s: a message named like an Object.prototype member is unknown, with raw', (source) => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      // In ACP a leading `_` names an extension method: `__proto__` is one (below).
      if (source === 'acp' && name.startsWith('_')) continue;
      // The JSON-RPC sources name a message by its method; the others by its type.
      const message = source === 'codex-app-server' || source === 'acp' ? { method: name, params: {} } : { type: name };
      const events = push(source, message);
      expect(events.map((e) => [e.type, (e.payload.detail as { kind?: string }).kind])).toEqual([
        ['runtime.warning', 'unknown-message'],
      ]);
      expect(events[0]!.raw.payload).toEqual(message);
      expectValid(events);
    }
  });

  it('acp: `__proto__` is an extension method (a leading `_`), ignored by the spec as one, not a prototype lookup', () => {
    const n = createNormalizer('acp', { clock: () => 0 });
    expect(n.push({ jsonrpc: '2.0', method: '__proto__', params: {} } as never)).toEqual([]);
    expect(n.stats.ignoredBy).toMatchObject({ 'notification:_*': 1 });
  });

  // uuid's v5 goes through encodeURIComponent, which throws on a lone surrogate; the throw
  // escaped even the normalizer's catch (its warning needed the same thread id).
  it('a provider id with a lone surrogate gets a canonical id instead of a throw', () => {
    const events = push(
      'codex-app-server',
      { method: 'thread/started', params: { thread: { id: 'th\ud800' } } },
      { method: 'item/agentMessage/delta', params: { threadId: '\udc00', turnId: 't', itemId: 'i', delta: 'x' } },
    );
    expect(events.map((e) => e.type)).toEqual(['thread.started', 'content.delta']);
    expect(events[0]!.providerRefs?.providerThreadId).toBe('th\ud800');
    expectValid(events);
  });

  // new Date(1e300).toISOString() throws RangeError, and years past 9999 print as +010000-...,
  // which IsoDateTime rejects: such a timestamp falls back to the clock.
  it.each([1e300, -1e300, 8.64e15, 253402300800000, -62167219200001])(
    'an upstream timestamp of %d still gives a valid createdAt',
    (ms) => {
      const events = push('codex-app-server', {
        method: 'turn/started',
        params: { threadId: 't', turn: { id: 'u', items: [], status: 'inProgress', error: null } },
        emittedAtMs: ms,
      });
      expect(events.map((e) => e.type)).toEqual(['turn.started']);
      expect(events[0]!.createdAt).toBe('1970-01-01T00:00:00.000Z');
      expectValid(events);
    },
  );

  // Provider ids became canonical ids and providerRefs as they were; providerRefs are
  // TrimmedNonEmptyString, so " " or " x " made the event invalid. Ids are trimmed now.
  it('a whitespace-padded or blank provider id is trimmed, or absent', () => {
    const events = push(
      'codex-app-server',
      {
        method: 'codex/event/agent_message',
        params: { msg: { type: 'agent_message', message: 'hi' }, conversationId: ' ' },
      },
      { method: 'item/agentMessage/delta', params: { threadId: ' th ', turnId: '\tt', itemId: 'i\n', delta: 'x' } },
      { method: 'account/gatewayOAuth/changed', params: null },
    );
    expect(events.find((e) => e.type === 'content.delta')!.providerRefs).toEqual({
      providerThreadId: 'th',
      providerTurnId: 't',
      providerItemId: 'i',
    });
    expectValid(events);
  });

  // A legacy codex/event/* whose msg.type is not a string put that value in raw.messageType.
  it('a legacy event whose msg.type is not a string is named by its method', () => {
    const events = push('codex-app-server', {
      method: 'codex/event/agent_message_delta',
      params: { msg: { type: ['agent_message_delta'], delta: 'x' } },
    });
    for (const e of events) expect(e.raw.messageType).toBe('agent_message_delta');
    expectValid(events);
  });

  // claudeBlockStart did String(blockType): a deeply nested array overflowed the stack (a mapper-error).
  it('a deeply nested content block type does not overflow the stack', () => {
    let deep: unknown = 'tool_use';
    for (let i = 0; i < 5000; i++) deep = [deep];
    const n = createNormalizer('claude-agent-sdk', { clock: () => 0 });
    const events = loose(
      n.push({
        type: 'stream_event',
        event: {
          type: 'content_block_start',
          index: 0,
          content_block: { type: deep, id: 'toolu_1', name: 'Bash', input: {} },
        },
        session_id: 's',
        parent_tool_use_id: null,
      } as never),
    );
    expect(events.filter((e) => (e.payload.detail as { kind?: string } | undefined)?.kind === 'mapper-error')).toEqual(
      [],
    );
    expectValid(events);
  });
});

describe('fixed bugs in the generated mappers', () => {
  // generator/emit/mappers/coerce-code.ts used to coerce a string field with str(), ignoring its
  // TrimmedNonEmptyString pattern, so a blank upstream value gave an event that did not validate;
  // a field with a pattern is now coerced with matching().
  it('codex-sdk thread.started with a blank thread_id validates', () => {
    expectValid(push('codex-sdk', { type: 'thread.started', thread_id: '' }));
  });
});
