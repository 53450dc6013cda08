// The real Claude Agent SDK transcripts (0.2.62 and 0.3.332, recorded from the real SDK) through
// the generated mappers: the invariants apps rely on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer, type CanonicalEvent } from '../../runtime/index.ts';

const ROOT = join(import.meta.dirname, '..', 'fixtures', 'transcripts', 'claude-agent-sdk');
const FILES = ['0.2.62/eleven-scenarios.events.jsonl', '0.3.332/eleven-scenarios.events.jsonl', '0.2.62/eleven-scenarios.messages.jsonl', '0.3.332/eleven-scenarios.messages.jsonl'];

interface Rec {
  kind?: string;
  type?: string;
  message?: Record<string, unknown>;
}

function load(file: string): Rec[] {
  return readFileSync(join(ROOT, file), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Rec);
}

function messagesOf(recs: Rec[]): Record<string, unknown>[] {
  return recs.flatMap((r) => (r.kind === 'message' && r.message ? [r.message] : r.kind === undefined && r.type ? [r as Record<string, unknown>] : []));
}

function run(file: string): CanonicalEvent[] {
  const normalizer = createNormalizer('claude-agent-sdk', { clock: () => 0 });
  return load(file).flatMap((r) => normalizer.push(r));
}

describe.each(FILES)('claude-agent-sdk %s', (file) => {
  const events = run(file);
  const messages = messagesOf(load(file));

  it('maps every record, with no warning for an unknown type', () => {
    expect(events.length).toBeGreaterThan(100);
    const unknown = events.filter((e) => e.type === 'runtime.warning' && ['unknown-message', 'invalid-message', 'mapper-error'].includes(String((e.payload.detail as { kind?: string } | undefined)?.kind)));
    expect(unknown.map((e) => e.payload.message)).toEqual([]);
  });

  it('produces only events the canonical validator accepts', () => {
    expect(events.filter((e) => !validateProviderRuntimeEvent(e)).map((e) => [e.type, validateProviderRuntimeEvent.errors])).toEqual([]);
  });

  it('completes every item it starts, and resolves every request it opens', () => {
    const started = events.filter((e) => e.type === 'item.started').map((e) => e.itemId);
    const completed = new Set(events.filter((e) => e.type === 'item.completed').map((e) => e.itemId));
    expect(started.length).toBeGreaterThan(10);
    expect(started.filter((id) => !completed.has(id))).toEqual([]);
    const opened = events.filter((e) => e.type === 'request.opened').map((e) => e.requestId).sort();
    const resolved = new Set(events.filter((e) => e.type === 'request.resolved').map((e) => e.requestId));
    expect(opened.filter((id) => !resolved.has(id))).toEqual([]);
  });

  it('emits one turn.completed per result message', () => {
    const results = messages.filter((m) => m.type === 'result').length;
    expect(results).toBeGreaterThanOrEqual(11); // eleven scenarios, some with more than one prompt
    expect(events.filter((e) => e.type === 'turn.completed')).toHaveLength(results);
  });

  it('carries the top-level agent’s streamed text, in order, as content.delta(assistant_text)', () => {
    // Independently: the text_delta of every top-level stream_event, in order.
    const expected = messages
      .filter((m) => m.type === 'stream_event' && m.parent_tool_use_id == null)
      .map((m) => m.event as { type: string; delta?: { type: string; text?: string } })
      .filter((e) => e.type === 'content_block_delta' && e.delta?.type === 'text_delta')
      .map((e) => e.delta!.text);
    const got = events.filter((e) => e.type === 'content.delta' && e.payload.streamKind === 'assistant_text').map((e) => e.payload.delta);
    expect(expected.length).toBeGreaterThan(10);
    expect(got).toEqual(expected);
  });

  it('classifies tools by exact name', () => {
    const tools = events.filter((e) => e.type === 'item.started' && (e.payload.data as { type?: string } | undefined)?.type === 'tool_use');
    for (const t of tools) {
      const name = (t.payload.data as { name: string }).name;
      const want = name === 'Bash' ? 'command_execution' : ['Write', 'Edit', 'MultiEdit', 'NotebookEdit'].includes(name) ? 'file_change' : ['Task', 'Agent'].includes(name) ? 'collab_agent_tool_call' : name === 'TodoWrite' ? 'plan' : undefined;
      if (want) expect(t.payload.itemType, name).toBe(want);
    }
    expect(tools.length).toBeGreaterThan(3);
  });
});

describe('claude-agent-sdk permissions', () => {
  it.each(['0.2.62', '0.3.332'])('%s: canUseTool becomes request.opened + request.resolved with the decision', (v) => {
    const events = run(`${v}/eleven-scenarios.events.jsonl`);
    const resolved = events.filter((e) => e.type === 'request.resolved');
    const decisions = resolved.map((e) => e.payload.decision);
    expect(decisions).toContain('accepted');
    expect(decisions).toContain('declined');
    for (const r of resolved) expect(r.providerRefs?.providerRequestId).toMatch(/^toolu_/);
    // The denied tool's item closes as declined.
    const denied = resolved.find((e) => e.payload.decision === 'declined')!;
    const item = events.find((e) => e.type === 'item.completed' && e.providerRefs?.providerItemId === denied.providerRefs?.providerRequestId);
    expect(item?.payload.status).toBe('declined');
  });
});
