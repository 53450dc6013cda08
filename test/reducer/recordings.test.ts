// Every committed recording folded into a view: it never throws (in order, shuffled, or with
// events missing), and the view agrees with the events: turns that completed have their final
// state, items their last status, requests their decision, answers their questions. Nothing here
// reads text or titles: the mappings that fill them are checked in test/parity.
import { describe, expect, it } from 'vitest';
import type { ProviderRuntimeEvent } from '../../runtime/index.ts';
import { reduceEvents, reduceSession, type ItemView, type SessionView } from '../../runtime/reducer/index.ts';
import { RECORDED } from './recorded.ts';

/** The last event of each id of this kind (turn, item, request) and type. */
function last<T extends ProviderRuntimeEvent['type']>(
  events: ProviderRuntimeEvent[],
  type: T,
  id: (e: ProviderRuntimeEvent) => string | undefined,
): Map<string, Extract<ProviderRuntimeEvent, { type: T }>> {
  const out = new Map<string, Extract<ProviderRuntimeEvent, { type: T }>>();
  for (const e of events) {
    const key = id(e);
    if (e.type === type && key !== undefined) out.set(key, e as Extract<ProviderRuntimeEvent, { type: T }>);
  }
  return out;
}

const turnsOf = (view: SessionView) => view.threads.flatMap((t) => t.turns);
/** Every item, a subagent's (under the item that spawned it) included. */
const withChildren = (items: readonly ItemView[]): ItemView[] =>
  items.flatMap((i) => [i, ...withChildren(i.children ?? [])]);
const itemsOf = (view: SessionView) =>
  view.threads.flatMap((t) => withChildren([...t.turns.flatMap((u) => u.items), ...t.items]));

/** A seeded shuffle (mulberry32), so a failure names an order that reproduces. */
function shuffled<T>(list: T[], seed: number): T[] {
  let a = seed;
  const random = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = list.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe.each(RECORDED.map((r) => [r.file, r] as const))('%s', (_file, r) => {
  const view = reduceEvents(r.events);

  it('places every event: no reducer warning, every id once', () => {
    expect(view.warnings.filter((w) => w.kind === 'reducer')).toEqual([]);
    const itemIds = new Set(
      r.events.filter((e) => e.type.startsWith('item.') || e.type === 'content.delta').map((e) => e.itemId),
    );
    expect(
      itemsOf(view)
        .map((i) => i.itemId)
        .sort(),
    ).toEqual([...itemIds].sort());
    const turnIds = turnsOf(view).map((t) => t.turnId);
    expect(new Set(turnIds).size).toBe(turnIds.length);
  });

  it('every turn that got turn.completed has its final state', () => {
    const completed = last(r.events, 'turn.completed', (e) => e.turnId);
    expect(completed.size).toBeGreaterThan(0);
    for (const [turnId, e] of completed)
      expect(turnsOf(view).find((t) => t.turnId === turnId)?.state).toBe(e.payload.state);
    const running = turnsOf(view)
      .filter((t) => t.state === 'running')
      .map((t) => t.turnId);
    expect(running.filter((id) => completed.has(id))).toEqual([]);
  });

  it('items have the status the events gave; tool items that ended have an output state', () => {
    const ended = last(r.events, 'item.completed', (e) => e.itemId);
    for (const item of itemsOf(view)) {
      const e = ended.get(item.itemId);
      // In progress only if the events never completed it (end() completes what was left open).
      expect([item.itemId, item.status]).toEqual([item.itemId, e ? (e.payload.status ?? 'completed') : 'inProgress']);
      if (e && item.toolState !== undefined)
        expect([item.itemId, item.toolState]).toEqual([
          item.itemId,
          item.status === 'completed' ? 'output-available' : 'output-error',
        ]);
    }
    expect(itemsOf(view).filter((i) => i.status === 'inProgress')).toEqual([]);
  });

  it('requests and questions that were resolved are resolved, with the decision or answers given', () => {
    const resolved = last(r.events, 'request.resolved', (e) => e.requestId);
    const requests = view.threads.flatMap((t) => t.requests);
    for (const request of requests) {
      const e = resolved.get(request.requestId);
      expect([request.requestId, request.status, request.decision]).toEqual([
        request.requestId,
        e ? 'resolved' : 'pending',
        e?.payload.decision,
      ]);
    }
    expect(requests.map((q) => q.requestId).sort()).toEqual(
      [...new Set(r.events.filter((e) => e.type.startsWith('request.')).map((e) => e.requestId))].sort(),
    );
    const answered = last(r.events, 'user-input.resolved', (e) => e.requestId);
    for (const input of view.threads.flatMap((t) => t.userInputs)) {
      expect(input.status).toBe(answered.has(input.requestId) ? 'resolved' : 'pending');
      if (input.status === 'resolved') expect(input.answers).toEqual(answered.get(input.requestId)!.payload.answers);
    }
  });

  it('an event changes only its own thread: every other thread keeps its identity', () => {
    let before: SessionView | undefined;
    for (const event of r.events) {
      const after = reduceSession(before, event);
      for (const [i, thread] of (before?.threads ?? []).entries())
        if (thread.threadId !== event.threadId) expect(after.threads[i]).toBe(thread);
      before = after;
    }
  });

  it.each([1, 2, 3])('never throws, shuffled (seed %i) or with events missing', (seed) => {
    const order = shuffled(r.events, seed);
    expect(() => reduceEvents(order)).not.toThrow();
    expect(() => reduceEvents(order.filter((_, i) => i % (seed + 1) !== 0))).not.toThrow();
  });
});
