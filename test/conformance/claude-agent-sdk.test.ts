// Every committed claude-agent-sdk transcript (recorded from the real SDK) through the generated
// mappers: the invariants apps rely on. Transcripts are found by globbing; assertions about
// particular traffic pick the transcripts that carry it, by content.
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer } from '../../runtime/index.ts';
import { loose, type CanonicalEvent } from '../runtime/loose.ts';
import { invariant, knownFailuresAreUsed } from './known-failures.ts';
import { permissionRecords, sdkMessages, transcripts, type Transcript } from './transcripts.ts';

const ALL = transcripts('claude-agent-sdk');

function run(t: Transcript): CanonicalEvent[] {
  const normalizer = createNormalizer('claude-agent-sdk', { clock: () => 0, deriveSessionId: true });
  return loose(t.records.flatMap((r) => normalizer.push(r as never))); // records as read from JSON
}

const RUNS = new Map(ALL.map((t) => [t.file, run(t)]));
const eventsOf = (t: Transcript) => RUNS.get(t.file)!;

it('finds the committed transcripts', () => {
  expect(ALL.length).toBeGreaterThanOrEqual(2);
  expect(new Set(ALL.map((t) => t.version)).size).toBeGreaterThanOrEqual(2);
});

describe.each(ALL.map((t) => [t.file, t] as const))('claude-agent-sdk %s', (file, t) => {
  const events = eventsOf(t);
  const messages = sdkMessages(t);

  invariant(file, 'maps every record without an exception, with no warning for an unknown type or value', () => {
    // Not vacuous: at least 10 events per turn (one turn per result message).
    expect(events.length).toBeGreaterThan(10 * Math.max(1, messages.filter((m) => m.type === 'result').length));
    // Warnings the runtime makes itself carry detail.kind; these say something was not understood.
    const unknown = events.filter(
      (e) =>
        e.type === 'runtime.warning' &&
        ['unknown-message', 'invalid-message', 'mapper-error', 'unknown-value', 'unmapped-content'].includes(
          String((e.payload.detail as { kind?: string } | undefined)?.kind),
        ),
    );
    expect(unknown.map((e) => e.payload.message)).toEqual([]);
  });

  invariant(file, 'produces only events the canonical validator accepts', () => {
    expect(
      events.filter((e) => !validateProviderRuntimeEvent(e)).map((e) => [e.type, validateProviderRuntimeEvent.errors]),
    ).toEqual([]);
  });

  invariant(file, 'completes every item it starts, and resolves every request it opens', () => {
    const started = events.filter((e) => e.type === 'item.started').map((e) => e.itemId);
    const completed = new Set(events.filter((e) => e.type === 'item.completed').map((e) => e.itemId));
    expect(started.length).toBeGreaterThan(0);
    expect(started.filter((id) => !completed.has(id))).toEqual([]);
    const opened = events
      .filter((e) => e.type === 'request.opened')
      .map((e) => e.requestId)
      .sort();
    const resolved = new Set(events.filter((e) => e.type === 'request.resolved').map((e) => e.requestId));
    expect(opened.filter((id) => !resolved.has(id))).toEqual([]);
  });

  invariant(file, 'emits one turn.completed per result message', () => {
    const results = messages.filter((m) => m.type === 'result').length;
    // At least one per prompt the driver sent (none recorded in a bare message transcript).
    expect(results).toBeGreaterThanOrEqual(
      Math.max(1, t.records.filter((r) => r.kind === 'meta' && r.what === 'send_prompt').length),
    );
    expect(events.filter((e) => e.type === 'turn.completed')).toHaveLength(results);
  });

  invariant(file, 'carries the top-level agent’s streamed text, in order, as content.delta(assistant_text)', () => {
    // Independently: the text_delta of every top-level stream_event, in order.
    const expected = messages
      .filter((m) => m.type === 'stream_event' && m.parent_tool_use_id == null)
      .map((m) => m.event as { type: string; delta?: { type: string; text?: string } })
      .filter((e) => e.type === 'content_block_delta' && e.delta?.type === 'text_delta')
      .map((e) => e.delta!.text);
    const got = events
      .filter((e) => e.type === 'content.delta' && e.payload.streamKind === 'assistant_text')
      .map((e) => e.payload.delta);
    expect(got).toEqual(expected);
  });

  invariant(file, 'classifies tools by exact name', () => {
    const tools = events.filter(
      (e) => e.type === 'item.started' && (e.payload.data as { type?: string } | undefined)?.type === 'tool_use',
    );
    for (const tool of tools) {
      const name = (tool.payload.data as { name: string }).name;
      const want =
        name === 'Bash'
          ? 'command_execution'
          : ['Write', 'Edit', 'MultiEdit', 'NotebookEdit'].includes(name)
            ? 'file_change'
            : ['Task', 'Agent'].includes(name)
              ? 'collab_agent_tool_call'
              : name === 'TodoWrite'
                ? 'plan'
                : undefined;
      if (want) expect(tool.payload.itemType, name).toBe(want);
    }
  });

  invariant(file, 'is deterministic', () => {
    expect(JSON.stringify(run(t))).toBe(JSON.stringify(events));
  });
});

// The size floors hold for each version's recordings together: a recording made for one limit
// (max_turns, budget) is one short turn, and the invariants above hold on it all the same.
describe.each([...new Set(ALL.map((t) => t.version))])('claude-agent-sdk %s recordings together', (version) => {
  const mine = ALL.filter((t) => t.version === version);
  const events = mine.flatMap(eventsOf);
  it('start more than 10 items, stream more than 10 text deltas and call more than 3 tools', () => {
    expect(events.filter((e) => e.type === 'item.started').length).toBeGreaterThan(10);
    expect(
      events.filter((e) => e.type === 'content.delta' && e.payload.streamKind === 'assistant_text').length,
    ).toBeGreaterThan(10);
    expect(
      events.filter(
        (e) => e.type === 'item.started' && (e.payload.data as { type?: string } | undefined)?.type === 'tool_use',
      ).length,
    ).toBeGreaterThan(3);
  });
});

/** Transcripts whose canUseTool records include both an allow and a deny. */
const WITH_DECISIONS = ALL.filter((t) => {
  const behaviors = new Set(
    permissionRecords(t).map((r) => (r.decision as { behavior?: string } | undefined)?.behavior),
  );
  return behaviors.has('allow') && behaviors.has('deny');
});

describe('claude-agent-sdk permissions', () => {
  it.each(WITH_DECISIONS.map((t) => [t.file, t] as const))(
    '%s: canUseTool becomes request.opened + request.resolved with the decision',
    (_file, t) => {
      const events = eventsOf(t);
      const resolved = events.filter((e) => e.type === 'request.resolved');
      const decisions = resolved.map((e) => e.payload.decision);
      expect(decisions).toContain('accepted');
      expect(decisions).toContain('declined');
      for (const r of resolved) expect(r.providerRefs?.providerRequestId).toMatch(/^toolu_/);
      // The denied tool's item closes as declined.
      const denied = resolved.find((e) => e.payload.decision === 'declined')!;
      const item = events.find(
        (e) => e.type === 'item.completed' && e.providerRefs?.providerItemId === denied.providerRefs?.providerRequestId,
      );
      expect(item?.payload.status).toBe('declined');
    },
  );

  it('some transcript of every version has both decisions', () => {
    expect(new Set(WITH_DECISIONS.map((t) => t.version))).toEqual(
      new Set(
        ALL.map((t) => t.version).filter((v) => ALL.some((x) => x.version === v && permissionRecords(x).length > 0)),
      ),
    );
    expect(WITH_DECISIONS.length).toBeGreaterThan(0);
  });
});

describe('claude-agent-sdk turn endings in the corpus', () => {
  const results = ALL.flatMap(sdkMessages).filter((m) => m.type === 'result');
  const states = ALL.flatMap((t) =>
    eventsOf(t)
      .filter((e) => e.type === 'turn.completed')
      .map((e) => e.payload.state),
  );

  it('has interrupted turns and model errors, besides completed turns', () => {
    expect(results.some((r) => r.subtype === 'error_during_execution')).toBe(true); // interrupt()
    expect(results.some((r) => r.is_error === true && String(r.result).startsWith('API Error'))).toBe(true); // HTTP 500
    expect(states).toContain('completed');
    expect(states).toContain('interrupted');
    expect(states).toContain('failed');
  });
});

knownFailuresAreUsed('claude-agent-sdk');
