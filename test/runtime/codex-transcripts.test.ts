// The real Codex app-server transcripts (recorded from the real binaries) through the generated
// mappers: the invariants every app relies on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { validateUpstream } from '../../generated/codex-app-server/upstream-validators.js';
import { createNormalizer } from '../../runtime/index.ts';
import type { CanonicalEvent } from '../../runtime/index.ts';

const ROOT = join(import.meta.dirname, '..', 'fixtures', 'transcripts', 'codex-app-server');
const TRANSCRIPTS = ['0.105.0/chat-shell-patch.both.jsonl', '0.171.0/chat-shell-patch.both.jsonl', '0.105.0/chat-shell-patch.server.jsonl', '0.171.0/chat-shell-patch.server.jsonl'];

function run(file: string): { events: CanonicalEvent[]; lines: string[] } {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n').filter((l) => l.trim());
  const normalizer = createNormalizer('codex-app-server', { clock: () => 0 });
  const events = lines.flatMap((l) => normalizer.push(l));
  return { events, lines };
}

/** Server messages of the transcript, whatever its format. */
function serverMessages(lines: string[]): Record<string, unknown>[] {
  return lines.flatMap((l) => {
    const rec = JSON.parse(l) as Record<string, unknown>;
    if (typeof rec.line === 'string') return rec.dir === 's2c' ? [JSON.parse(rec.line) as Record<string, unknown>] : [];
    return [rec];
  });
}

describe.each(TRANSCRIPTS)('codex-app-server %s', (file) => {
  const { events, lines } = run(file);

  it('maps every message without an unknown-type warning', () => {
    expect(events.length).toBeGreaterThan(50);
    const unknown = events.filter((e) => e.type === 'runtime.warning' && (e.payload.detail as { kind?: string } | undefined)?.kind !== undefined);
    expect(unknown.map((e) => e.payload.message)).toEqual([]);
  });

  it('produces only events the canonical validator accepts', () => {
    const invalid = events.filter((e) => !validateProviderRuntimeEvent(e)).map((e) => ({ type: e.type, errors: validateProviderRuntimeEvent.errors }));
    expect(invalid).toEqual([]);
  });

  it('puts raw on every event and keeps provider ids out of canonical ids', () => {
    for (const e of events) {
      expect(e.raw).toBeDefined();
      if (e.itemId !== undefined) expect(e.itemId).not.toBe(e.providerRefs?.providerItemId);
      if (e.threadId !== undefined) expect(e.threadId).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('completes every started item and resolves every opened request', () => {
    const started = new Set(events.filter((e) => e.type === 'item.started').map((e) => e.itemId));
    const completed = new Set(events.filter((e) => e.type === 'item.completed').map((e) => e.itemId));
    expect([...started].filter((id) => !completed.has(id))).toEqual([]);
    const opened = events.filter((e) => e.type === 'request.opened').map((e) => e.requestId);
    const resolved = events.filter((e) => e.type === 'request.resolved').map((e) => e.requestId);
    expect(opened.length).toBeGreaterThan(0);
    expect([...resolved].sort()).toEqual([...opened].sort());
  });

  it('emits one turn.completed per turn', () => {
    // Counted independently: the turns the server started.
    const turns = serverMessages(lines).filter((m) => m.method === 'turn/started').length;
    expect(turns).toBe(3);
    expect(events.filter((e) => e.type === 'turn.completed')).toHaveLength(turns);
  });

  it('streams assistant text that adds up to the final message', () => {
    const deltas = new Map<string, string>();
    for (const e of events) {
      if (e.type === 'content.delta' && e.payload.streamKind === 'assistant_text') deltas.set(e.itemId!, (deltas.get(e.itemId!) ?? '') + String(e.payload.delta));
    }
    const finals = events.filter((e) => e.type === 'item.completed' && e.payload.itemType === 'assistant_message');
    expect(finals.length).toBeGreaterThan(0);
    let compared = 0;
    for (const f of finals) {
      const text = (f.payload.data as { text?: string }).text;
      const streamed = deltas.get(f.itemId!);
      if (streamed === undefined) continue; // some messages arrive whole, with no deltas
      expect(streamed).toBe(text);
      compared++;
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(run(file).events)).toBe(JSON.stringify(events));
  });
});

describe('codex-app-server approvals', () => {
  it.each(['0.105.0', '0.171.0'])('%s: the client’s accept becomes decision accepted, once per request', (version) => {
    const { events } = run(`${version}/chat-shell-patch.both.jsonl`);
    const resolved = events.filter((e) => e.type === 'request.resolved');
    expect(resolved.map((e) => [e.payload.requestType, e.payload.decision, e.raw.source])).toEqual([
      ['command_execution_approval', 'accepted', 'codex.app-server.response'],
      ['file_change_approval', 'accepted', 'codex.app-server.response'],
    ]);
    // The JSON-RPC id is the request's provider id; the business item id stays the item's.
    const opened = events.filter((e) => e.type === 'request.opened');
    for (const o of opened) expect(o.providerRefs?.providerRequestId).toMatch(/^\d+$/);
    expect(opened.every((o) => o.providerRefs?.providerItemId?.startsWith('call_'))).toBe(true);
  });
});

describe('codex-app-server 0.105.0 legacy events', () => {
  it('never emits an event twice for the v2 and the codex/event/* copy', () => {
    const { events } = run('0.105.0/chat-shell-patch.server.jsonl');
    const deltas = events.filter((e) => e.type === 'content.delta' && e.payload.streamKind === 'assistant_text');
    const v2 = serverMessages(readFileSync(join(ROOT, '0.105.0/chat-shell-patch.server.jsonl'), 'utf8').split('\n').filter(Boolean)).filter((m) => m.method === 'item/agentMessage/delta');
    expect(deltas).toHaveLength(v2.length);
  });
});

describe('opt-in upstream validation', () => {
  const line = readFileSync(join(ROOT, '0.171.0/chat-shell-patch.server.jsonl'), 'utf8').split('\n').find((l) => l.includes('"item/agentMessage/delta"'))!;

  it('passes real messages without a warning', () => {
    const normalizer = createNormalizer('codex-app-server', { clock: () => 0, validateUpstream });
    expect(normalizer.push(line).map((e) => e.type)).toEqual(['content.delta']);
  });

  it('still maps a message that fails its schema, and adds a warning with the errors and raw', () => {
    const msg = JSON.parse(line) as { params: Record<string, unknown> };
    msg.params.turnId = 42; // retyped
    const normalizer = createNormalizer('codex-app-server', { clock: () => 0, validateUpstream });
    const events = normalizer.push(msg);
    expect(events.map((e) => e.type)).toEqual(['runtime.warning', 'content.delta']);
    expect(events[0]!.payload.detail).toMatchObject({ kind: 'upstream-validation' });
    expect(JSON.stringify(events[0]!.payload.detail)).toContain('/params/turnId');
    expect(events[0]!.raw.payload).toBe(msg);
    expect(events[1]!.payload.delta).toBe(msg.params.delta);
  });
});
