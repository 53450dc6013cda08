// Every committed codex-sdk transcript (ThreadEvents that `thread.runStreamed()` of the real
// @openai/codex-sdk yielded, recorded by capture/) through the generated mappers: the invariants
// apps rely on. Transcripts are found by globbing; assertions about particular traffic pick the
// transcripts that carry it, by content.
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer } from '../../runtime/index.ts';
import { loose, type CanonicalEvent } from '../runtime/loose.ts';
import { invariant, knownFailuresAreUsed } from './known-failures.ts';
import { transcripts, type Transcript } from './transcripts.ts';

const ALL = transcripts('codex-sdk');

function run(t: Transcript) {
  const normalizer = createNormalizer('codex-sdk', { clock: () => 0, deriveSessionId: true });
  const events: CanonicalEvent[] = loose(t.lines.flatMap((l) => normalizer.push(l)));
  return { events, stats: normalizer.stats };
}

const RUNS = new Map(ALL.map((t) => [t.file, run(t)]));
const eventsOf = (t: Transcript) => RUNS.get(t.file)!.events;
type ThreadItem = { id: string; type: string; status?: string; text?: string };
const itemOf = (r: Record<string, unknown>) => r.item as ThreadItem;

it('finds the committed transcripts', () => {
  expect(ALL.length).toBeGreaterThanOrEqual(1);
});

describe.each(ALL.map((t) => [t.file, t] as const))('codex-sdk %s', (file, t) => {
  const events = eventsOf(t);

  invariant(file, 'maps every ThreadEvent, none unknown or invalid', () => {
    expect(RUNS.get(t.file)!.stats).toMatchObject({ unknown: 0, invalid: 0, messages: t.lines.length });
    expect(events.length).toBeGreaterThanOrEqual(t.lines.length);
  });

  invariant(file, 'produces only events the canonical validator accepts', () => {
    expect(
      events.filter((e) => !validateProviderRuntimeEvent(e)).map((e) => [e.type, validateProviderRuntimeEvent.errors]),
    ).toEqual([]);
  });

  invariant(file, 'completes every item it starts', () => {
    const started = events.filter((e) => e.type === 'item.started').map((e) => e.itemId);
    const completed = new Set(events.filter((e) => e.type === 'item.completed').map((e) => e.itemId));
    expect(started.filter((id) => !completed.has(id))).toEqual([]);
  });

  invariant(file, 'ends every turn once: turn.completed → completed, turn.failed → failed', () => {
    // Independently: the endings the SDK reported, in order.
    const endings = t.records.flatMap((r) =>
      r.type === 'turn.completed' ? ['completed'] : r.type === 'turn.failed' ? ['failed'] : [],
    );
    expect(endings).toHaveLength(t.records.filter((r) => r.type === 'turn.started').length);
    expect(events.filter((e) => e.type === 'turn.completed').map((e) => e.payload.state)).toEqual(endings);
  });

  invariant(file, 'carries every completed item, with its text, once', () => {
    const done = t.records.filter((r) => r.type === 'item.completed').map(itemOf);
    const got = events.filter((e) => e.type === 'item.completed' && e.raw.source !== 'eventmap.synthetic');
    expect(got.map((e) => e.providerRefs?.providerItemId)).toEqual(done.map((i) => i.id));
    const texts = got.map((e) => (e.payload.data as { text?: string } | undefined)?.text);
    expect(texts).toEqual(done.map((i) => i.text));
  });

  invariant(file, 'is deterministic', () => {
    expect(JSON.stringify(run(t).events)).toBe(JSON.stringify(events));
  });
});

describe('codex-sdk items in the corpus', () => {
  // The canonical item type of each ThreadItem type (the SDK's ThreadItem union, 0.163.0).
  const EXPECTED: Record<string, string> = {
    reasoning: 'reasoning',
    todo_list: 'plan',
    command_execution: 'command_execution',
    mcp_tool_call: 'mcp_tool_call',
    web_search: 'web_search',
    file_change: 'file_change',
    error: 'error',
    agent_message: 'assistant_message',
  };

  it('has every ThreadItem type, each mapped to its canonical item type', () => {
    const seen = new Map<string, Set<unknown>>();
    for (const t of ALL) {
      for (const e of eventsOf(t)) {
        const type = (e.payload.data as { type?: string } | undefined)?.type;
        if (!e.type.startsWith('item.') || type === undefined) continue;
        seen.set(type, (seen.get(type) ?? new Set()).add(e.payload.itemType));
      }
    }
    expect(Object.fromEntries([...seen].map(([k, v]) => [k, [...v]]))).toEqual(
      Object.fromEntries(Object.entries(EXPECTED).map(([k, v]) => [k, [v]])),
    );
  });

  it('has completed and failed turns, failed items, and retry errors', () => {
    const records = ALL.flatMap((t) => t.records);
    expect(records.some((r) => r.type === 'turn.failed')).toBe(true);
    expect(records.some((r) => r.type === 'error' && String(r.message).startsWith('Reconnecting'))).toBe(true);
    expect(records.some((r) => r.type === 'item.completed' && itemOf(r).status === 'failed')).toBe(true);
    const states = new Set(
      ALL.flatMap((t) =>
        eventsOf(t)
          .filter((e) => e.type === 'turn.completed')
          .map((e) => e.payload.state),
      ),
    );
    expect(states).toEqual(new Set(['completed', 'failed']));
  });
});

knownFailuresAreUsed('codex-sdk');
