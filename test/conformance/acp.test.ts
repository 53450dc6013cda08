// Every ACP transcript through the generated mappers: the recordings under
// test/fixtures/transcripts/acp/<sdk version>/ (found by globbing, as they are committed) and the
// hand-made session (test/fixtures/hand-made/acp-session.both.jsonl, the edges until recordings
// exist). Expectations come from the traffic itself and the spec's own value maps, never from a
// list written here: each turn ends as its session/prompt response's stopReason says.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { VALUE_MAPS } from '../../generated/acp/mappers.ts';
import { validateUpstream } from '../../generated/acp/upstream-validators.js';
import { createNormalizer } from '../../runtime/entries/acp.ts';
import { lookup } from '../../runtime/values.ts';
import { loose, type CanonicalEvent } from '../runtime/loose.ts';
import { clientMessages, codexAcpFailure, serverMessages, transcripts, type Transcript } from './transcripts.ts';

const HAND_MADE = join(import.meta.dirname, '..', 'fixtures', 'hand-made', 'acp-session.both.jsonl');

function handMade(): Transcript {
  const lines = readFileSync(HAND_MADE, 'utf8')
    .split('\n')
    .filter((l) => l.trim());
  const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { source: 'acp', version: 'hand-made', file: 'hand-made/acp-session.both.jsonl', lines, records };
}

const ALL = [...transcripts('acp'), handMade()];

/** Per input line, the events it yielded (upstream validation on: a message its schema refuses warns). */
function run(t: Transcript): { out: CanonicalEvent[][]; events: CanonicalEvent[] } {
  const n = createNormalizer({ clock: () => 0, deriveSessionId: true, validateUpstream });
  const out = t.lines.map((l) => loose(n.push(l)));
  const end = loose(n.end().events);
  return { out, events: [...out.flat(), ...end] };
}

type Msg = Record<string, unknown>;
const messageOf = (t: Transcript, i: number) => JSON.parse(t.records[i]!.line as string) as Msg;

/**
 * The lines of the agent's answers to the client's session/prompt requests, with what each says: its
 * stopReason, or the failure it reports (an error answer, or the TypeScript codex-acp's `_meta.codex`
 * verdict in the turn's updates) and that failure's reason.
 */
function promptEnds(t: Transcript): { line: number; stopReason?: string; failed?: { reason?: string } }[] {
  const prompts = new Set(
    clientMessages(t).flatMap((m) => (m.method === 'session/prompt' ? [JSON.stringify(m.id)] : [])),
  );
  let updates: unknown[] = [];
  return t.records.flatMap((r, i) => {
    const m = messageOf(t, i);
    if (r.dir === 'c2s' && m.method === 'session/prompt') updates = [];
    if (r.dir !== 's2c') return [];
    if (m.method === 'session/update') updates.push((m.params as Msg).update);
    if (m.method !== undefined || !prompts.has(JSON.stringify(m.id))) return [];
    const result = m.result as { stopReason?: string } | undefined;
    const error = m.error as { message?: string; data?: { message?: string } | string } | undefined;
    // The agent's own reason: `data` (Zed's codex-acp puts codex's error in `data.message`), else `message`.
    const reason = typeof error?.data === 'string' ? error.data : (error?.data?.message ?? error?.message);
    const failed = error !== undefined ? { reason } : codexAcpFailure(updates);
    return [{ line: i, stopReason: result?.stopReason, ...(failed ? { failed } : {}) }];
  });
}

it('finds the hand-made session and every committed recording', () => {
  expect(ALL.some((t) => t.version === 'hand-made')).toBe(true);
  for (const t of ALL) expect(serverMessages(t).length).toBeGreaterThan(0);
});

describe.each(ALL.map((t) => [t.file, t] as const))('acp %s', (_file, t) => {
  const { out, events } = run(t);

  it('maps every message, with no warning about unknown or invalid input', () => {
    expect(events.length).toBeGreaterThan(t.lines.length);
    const warned = events.filter(
      (e) => e.type === 'runtime.warning' && (e.payload.detail as { kind?: string } | undefined)?.kind !== undefined,
    );
    expect(warned.map((e) => e.payload.message)).toEqual([]);
  });

  it('produces only events the canonical validator accepts, each with raw', () => {
    expect(events.filter((e) => !validateProviderRuntimeEvent(e)).map((e) => e.type)).toEqual([]);
    for (const e of events) expect(e.raw).toBeDefined();
  });

  it('pairs every lifecycle: items, requests and turns', () => {
    const ids = (type: string, key: 'itemId' | 'requestId' | 'turnId') =>
      events.filter((e) => e.type === type).map((e) => e[key]);
    expect(ids('item.completed', 'itemId').sort()).toEqual(ids('item.started', 'itemId').sort());
    expect(ids('request.resolved', 'requestId').sort()).toEqual(ids('request.opened', 'requestId').sort());
    expect(ids('turn.completed', 'turnId').sort()).toEqual(ids('turn.started', 'turnId').sort());
  });

  it("ends each prompt's turn as its stopReason says (an error: failed, with the agent's own reason)", () => {
    const ends = promptEnds(t);
    expect(ends.length).toBeGreaterThan(0);
    const states = VALUE_MAPS.acpTurnState!;
    for (const end of ends) {
      const completed = out[end.line]!.filter((e) => e.type === 'turn.completed');
      expect(completed, `line ${end.line + 1}`).toHaveLength(1);
      if (end.failed !== undefined) {
        expect(completed[0]!.payload).toMatchObject({ state: 'failed' });
        // With no reason of the agent's own, the turn says that it gave none.
        if (end.failed.reason !== undefined) expect(completed[0]!.payload.errorMessage).toBe(end.failed.reason);
        else expect(completed[0]!.payload.errorMessage).toEqual(expect.any(String));
      } else
        expect(completed[0]!.payload).toMatchObject({
          state: lookup(states.values, states.fallback, end.stopReason),
          stopReason: end.stopReason,
        });
    }
  });

  it("names the provider as the agent's initialize response does", () => {
    const init = t.records.findIndex(
      (r, i) => r.dir === 's2c' && (messageOf(t, i).result as Msg | undefined)?.agentInfo,
    );
    if (init < 0) return expect(new Set(events.map((e) => e.provider))).toEqual(new Set(['acp']));
    const name = ((messageOf(t, init).result as Msg).agentInfo as { name: string }).name;
    const map = VALUE_MAPS.acpAgentProvider!;
    const provider = lookup(map.values, map.fallback, name);
    expect(
      new Set(
        out
          .slice(init)
          .flat()
          .map((e) => e.provider),
      ),
    ).toEqual(new Set([provider]));
  });
});

describe('acp normalizer options and replies', () => {
  const t = handMade();

  it('an agent the spec does not name is `acp`, without a warning', () => {
    const n = createNormalizer({ clock: () => 0, deriveSessionId: true });
    n.reply({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: 1 } });
    const events = n.push({
      jsonrpc: '2.0',
      id: 0,
      result: { protocolVersion: 1, agentInfo: { name: 'some-other-agent', version: '1' } },
    });
    expect(events.map((e) => [e.type, e.provider])).toEqual([
      ['session.started', 'acp'],
      ['session.configured', 'acp'],
    ]);
  });

  it('the `provider` option names every event, whatever agentInfo says', () => {
    const n = createNormalizer({ clock: () => 0, deriveSessionId: true, provider: 'codex' });
    const events = t.lines.flatMap((l) => n.push(l));
    expect(new Set(events.map((e) => e.provider))).toEqual(new Set(['codex']));
  });

  it('push (the agent) plus reply (the client) gives what the capture of both directions gives', () => {
    const both = run(t).events;
    const n = createNormalizer({ clock: () => 0, deriveSessionId: true, validateUpstream });
    const split = loose([
      ...t.records.flatMap((r) => {
        const m = JSON.parse(r.line as string) as never;
        return r.dir === 'c2s' ? n.reply(m) : n.push(m);
      }),
      ...n.end().events,
    ]);
    expect(split.map((e) => [e.type, e.payload])).toEqual(both.map((e) => [e.type, e.payload]));
  });

  it("a user's message in several chunks is one item: each chunk's text once, the whole text at its completion", () => {
    const n = createNormalizer({ clock: () => 0, deriveSessionId: true });
    const update = (u: Record<string, unknown>) =>
      loose(n.push({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update: u } } as never));
    const text = (t: string) => ({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: t } });
    const events = [
      ...update(text('Hel')),
      ...update(text('lo')),
      ...update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Hi' } }),
    ];
    const user = events.filter((e) => e.payload.itemType === 'user_message' || e.payload.streamKind === 'user_text');
    expect(user.map((e) => [e.type, e.payload.text ?? e.payload.delta])).toEqual([
      ['item.started', undefined],
      ['content.delta', 'Hel'],
      ['content.delta', 'lo'],
      ['item.completed', 'Hello'],
    ]);
    expect(new Set(user.map((e) => e.itemId)).size).toBe(1);
  });

  it('an unknown session/update variant is a runtime.warning with raw, never dropped', () => {
    const n = createNormalizer({ clock: () => 0, deriveSessionId: true });
    const line = {
      jsonrpc: '2.0',
      method: 'session/update',
      params: { sessionId: 's', update: { sessionUpdate: 'eventmap_probe' } },
    };
    const events = loose(n.push(line as never));
    expect(events.map((e) => [e.type, (e.payload.detail as { kind?: string }).kind])).toEqual([
      ['runtime.warning', 'unknown-message'],
    ]);
    expect(events[0]!.raw?.payload).toEqual(line);
  });
});
