// What a session keeps of one item's text is bounded (issue 37): past ITEM_TEXT_BYTES the item
// keeps none, says so once (a state-limit warning) and completes with `textOmitted: true` instead
// of a text, while every delta still goes out. ACP user chunks are streamed like the agent's: no
// event repeats what an earlier one of the item carried, so output grows with input, linearly.
// Long ACP messageIds are kept by their hash, and what the open chunk holds is accounted.
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer } from '../../runtime/index.ts';
import { ITEM_TEXT_BYTES, SESSION_STATE_BYTES } from '../../runtime/lifecycle.ts';
import { transcripts } from '../conformance/transcripts.ts';
import { loose, type CanonicalEvent } from './loose.ts';

const stateLimit = (events: CanonicalEvent[]) =>
  events.filter((e) => e.type === 'runtime.warning' && (e.payload.detail as { kind?: string }).kind === 'state-limit');
const itemOf = (e: CanonicalEvent) => e.providerRefs?.providerItemId;

/** Chunks of 10,000 characters that together pass the per-item bound (2 bytes a character). */
const CHUNK = 10_000;
const OVER = Math.ceil(ITEM_TEXT_BYTES / 2 / CHUNK) + 2;

describe('the text an open item keeps', () => {
  it.each(transcripts('acp').map((t) => [t.file, t] as const))(
    '%s: its first agent message streamed past the bound completes with textOmitted, every delta out, one warning',
    (_f, t) => {
      const at = t.records.findIndex((r) => typeof r.line === 'string' && r.line.includes('"agent_message_chunk"'));
      expect(at).toBeGreaterThanOrEqual(0);
      const record = t.records[at]!;
      const message = JSON.parse(record.line as string) as { params: { update: { content: { text: string } } } };
      const long0 = '0'.padEnd(CHUNK, '.');
      const long = Array.from({ length: OVER }, (_, i) => {
        message.params.update.content.text = `${i}`.padEnd(CHUNK, '.');
        return JSON.stringify({ ...record, line: JSON.stringify(message) });
      });
      const run = (lines: string[]) => {
        const n = createNormalizer('acp', { clock: () => 0 });
        return lines.flatMap((l) => loose(n.push(l)));
      };
      const plain = run(t.lines);
      const events = run([...t.lines.slice(0, at + 1), ...long, ...t.lines.slice(at + 1)]);

      // The item the long chunks continue (ids are derived, so the recording's has the same id):
      // in the recording, it completes with its text.
      const item = itemOf(events.find((e) => e.type === 'content.delta' && e.payload.delta === long0)!);
      const completed = (es: CanonicalEvent[]) => es.find((e) => e.type === 'item.completed' && itemOf(e) === item)!;
      expect(completed(plain).payload).toMatchObject({ text: expect.any(String) });
      expect(completed(plain).payload.textOmitted).toBeUndefined();

      const deltas = events.filter((e) => e.type === 'content.delta' && itemOf(e) === item);
      // Every chunk's text goes out, in order, past the bound as before it.
      const ours = deltas.map((e) => e.payload.delta as string).filter((d) => d.length === CHUNK);
      expect(ours).toEqual(long.map((_, i) => `${i}`.padEnd(CHUNK, '.')));
      expect(deltas.length).toBe(plain.filter((e) => e.type === 'content.delta' && itemOf(e) === item).length + OVER);
      expect(completed(events).payload).toMatchObject({ textOmitted: true });
      expect(completed(events).payload.text).toBeUndefined();
      expect(stateLimit(events).map((e) => e.payload.detail)).toEqual([
        { kind: 'state-limit', limitBytes: ITEM_TEXT_BYTES },
      ]);
      expect(events.filter((e) => !validateProviderRuntimeEvent(e))).toEqual([]);
    },
  );

  it('codex-app-server: an interrupted turn closes a streamed message past the bound with textOmitted', () => {
    const n = createNormalizer('codex-app-server', { clock: () => 0 });
    const turn = (method: string, status: string) => ({
      method,
      params: { threadId: 't', turn: { id: 'u', items: [], status, error: null } },
    });
    const events = [
      turn('turn/started', 'inProgress'),
      {
        method: 'item/started',
        params: { threadId: 't', turnId: 'u', item: { type: 'agentMessage', id: 'm', text: '' } },
      },
      ...Array.from({ length: OVER }, (_, i) => ({
        method: 'item/agentMessage/delta',
        params: { threadId: 't', turnId: 'u', itemId: 'm', delta: `${i}`.padEnd(CHUNK, '.') },
      })),
      turn('turn/completed', 'interrupted'),
    ].flatMap((m) => loose(n.push(m as never)));
    expect(events.filter((e) => e.type === 'content.delta')).toHaveLength(OVER);
    const completed = events.find((e) => e.type === 'item.completed')!;
    expect(completed.payload).toMatchObject({ status: 'interrupted', textOmitted: true });
    expect(completed.payload.text).toBeUndefined();
    expect(stateLimit(events)).toHaveLength(1);
    expect(n.held().bytes).toBeLessThan(ITEM_TEXT_BYTES);
    expect(events.filter((e) => !validateProviderRuntimeEvent(e))).toEqual([]);
  });
  it('codex-app-server: a message past the bound that completes with its own text says nothing is left out', () => {
    const n = createNormalizer('codex-app-server', { clock: () => 0 });
    const deltas = Array.from({ length: OVER }, (_, i) => `${i}`.padEnd(CHUNK, '.'));
    const item = (text: string) => ({ type: 'agentMessage', id: 'm', text });
    const events = [
      { method: 'item/started', params: { threadId: 't', turnId: 'u', item: item('') } },
      ...deltas.map((delta) => ({
        method: 'item/agentMessage/delta',
        params: { threadId: 't', turnId: 'u', itemId: 'm', delta },
      })),
      { method: 'item/completed', params: { threadId: 't', turnId: 'u', item: item(deltas.join('')) } },
    ].flatMap((m) => loose(n.push(m as never)));
    const completed = events.find((e) => e.type === 'item.completed')!;
    expect(completed.payload.text === deltas.join(''), 'the completion keeps its own text').toBe(true);
    expect(completed.payload.textOmitted).toBeUndefined();
    expect(stateLimit(events)).toEqual([]);
  });
});

const acpUpdate = (update: Record<string, unknown>, sessionId = 's') =>
  ({ jsonrpc: '2.0', method: 'session/update', params: { sessionId, update } }) as never;

describe('ACP user message chunks', () => {
  /** `chunks` user chunks of 100 characters, then an agent chunk: the events and their JSON bytes. */
  const replay = (chunks: number) => {
    const n = createNormalizer('acp', { clock: () => 0 });
    const events: CanonicalEvent[] = [];
    for (let i = 0; i < chunks; i++)
      events.push(
        ...loose(
          n.push(
            acpUpdate({
              sessionUpdate: 'user_message_chunk',
              content: { type: 'text', text: `${i}`.padEnd(100, '.') },
            }),
          ),
        ),
      );
    events.push(
      ...loose(n.push(acpUpdate({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'ok' } }))),
    );
    return { events, bytes: events.reduce((b, e) => b + JSON.stringify(e).length, 0) };
  };

  it('cost output in proportion to their input: each chunk once, the whole text only at the completion', () => {
    // 1,000 chunks: 100,000 characters, within the per-item bound, so the completion has them all.
    const small = replay(100);
    const large = replay(1000);
    // Per chunk, 1,000 chunks give what 100 give (each event once carried the whole text so far).
    expect(large.bytes / 1000).toBeLessThan(1.1 * (small.bytes / 100));
    const deltas = large.events.filter((e) => e.type === 'content.delta' && e.payload.streamKind === 'user_text');
    expect(deltas).toHaveLength(1000);
    const text = deltas.map((e) => e.payload.delta).join('');
    const completed = large.events.find((e) => e.type === 'item.completed')!;
    expect(completed.payload).toMatchObject({ itemType: 'user_message', status: 'completed' });
    expect(completed.payload.text === text, 'the completion carries the whole text').toBe(true);
    expect(large.events.filter((e) => !validateProviderRuntimeEvent(e))).toEqual([]);
  });
});

describe('ACP messageIds', () => {
  const chunk = (messageId: string, sessionId = 's') =>
    acpUpdate({ sessionUpdate: 'agent_message_chunk', messageId, content: { type: 'text', text: 'hi' } }, sessionId);

  it('a long one is kept by its hash: its chunks are one item, another id as long is another', () => {
    const n = createNormalizer('acp', { clock: () => 0 });
    const a = 'a'.repeat(600);
    const b = 'b'.repeat(600);
    const events = [chunk(a), chunk(a), chunk(b), chunk(b)].flatMap((m) => loose(n.push(m)));
    const started = events.filter((e) => e.type === 'item.started').map(itemOf);
    expect(started).toHaveLength(2);
    expect(started.every((id) => id!.length < 100)).toBe(true);
    expect(events.filter((e) => e.type === 'content.delta').map(itemOf)).toEqual([
      started[0],
      started[0],
      started[1],
      started[1],
    ]);
  });

  it('what the open chunk of each thread holds is accounted within the bound', () => {
    const n = createNormalizer('acp', { clock: () => 0 });
    const before = n.held().bytes;
    for (let s = 0; s < 8; s++) n.push(chunk(`${s}`.repeat(400), `session-${s}`));
    // 8 open chunks, each naming its 400-character messageId (kept whole) in its item's id.
    expect(n.held().bytes - before).toBeGreaterThan(8 * 2 * 2 * 400);
    expect(n.held().bytes).toBeLessThanOrEqual(SESSION_STATE_BYTES);
  });
});

describe('Claude message ids', () => {
  const streamed = transcripts('claude-agent-sdk').filter((t) => t.lines.some((l) => l.includes('message_start')));

  it.each(streamed.map((t) => [t.file, t] as const))(
    '%s: with every message id 600 characters long, the same events, and items named by its hash',
    (_f, t) => {
      const long = (l: string) => l.replace(/msg_[A-Za-z0-9_]+/g, (id) => id.padEnd(600, 'x'));
      const run = (lines: string[]) => {
        const n = createNormalizer('claude-agent-sdk', { clock: () => 0 });
        const events = lines.flatMap((l) => loose(n.push(l)));
        return { events, held: n.held().bytes };
      };
      const plain = run(t.lines);
      const hostile = run(t.lines.map(long));
      expect(hostile.events.map((e) => e.type)).toEqual(plain.events.map((e) => e.type));
      expect(hostile.events.filter((e) => (itemOf(e)?.length ?? 0) >= 600)).toEqual([]);
      expect(hostile.held).toBeLessThanOrEqual(SESSION_STATE_BYTES);
    },
  );
});

describe('the title an open item keeps', () => {
  it('a short one goes out again on later events without one; a long one does not (each event would repeat it)', async () => {
    const { MapContext } = await import('../../runtime/context.ts');
    const { KEPT_TITLE_LENGTH } = await import('../../runtime/open-item.ts');
    const titles = (name: string) => {
      const ctx = new MapContext({ provider: 'codex', source: 'codex-app-server', sessionId: 's', clock: () => 0 });
      ctx.currentThread = 't';
      const ids = { item: 'i' };
      ctx.emit('item.started', ids, { itemType: 'dynamic_tool_call', toolDetail: { name } }, []);
      for (let i = 0; i < 3; i++) ctx.emit('item.updated', ids, { itemType: 'dynamic_tool_call' }, []);
      ctx.emit('item.completed', ids, { itemType: 'dynamic_tool_call', status: 'completed' }, []);
      return ctx.out.map((e) => e.payload.title);
    };
    expect(titles('lookup')).toEqual(Array(5).fill('lookup'));
    const long = 'n'.repeat(KEPT_TITLE_LENGTH + 1);
    expect(titles(long)).toEqual([long, 'Tool call', 'Tool call', 'Tool call', 'Tool call']);
  });
});
