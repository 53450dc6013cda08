// The reducer's cost per event stays flat however long the session: counted (elements its list
// operations scan or copy, runtime/reducer/lists.ts `listWork`), never timed. Hostile shapes from
// issue 37: many warnings, many tool items in one turn, many threads, many turns, many requests.
// Each is folded to 2k and to 20k (threads: 8k) events of its kind; the next events then cost
// (per event) at most twice what they cost at 2k. The view keeps its caps and counts what it dropped.
import { describe, expect, it } from 'vitest';
import type { ProviderRuntimeEvent } from '../../runtime/index.ts';
import { VIEW_LIMITS, reduceEvents, type SessionView } from '../../runtime/reducer/index.ts';
import { listWork } from '../../runtime/reducer/lists.ts';
import { ev } from './events.ts';

/** The i-th unit of a shape: the events it adds. */
type Shape = (i: number) => ProviderRuntimeEvent[];

const SHAPES: Record<string, { unit: Shape; big: number }> = {
  warnings: { unit: (i) => [ev('runtime.warning', { message: `w${i}` })], big: 20_000 },
  'tool items in one turn': {
    unit: (i) => [
      ev(
        'item.started',
        { itemType: 'command_execution', toolDetail: { command: `c${i}` } },
        { turn: 'u', item: `i${i}` },
      ),
      ev('content.delta', { streamKind: 'command_output', delta: 'x' }, { turn: 'u', item: `i${i}` }),
      ev('item.completed', { itemType: 'command_execution', status: 'completed' }, { turn: 'u', item: `i${i}` }),
    ],
    big: 20_000,
  },
  threads: {
    unit: (i) => [
      ev('thread.started', {}, { thread: `t${i}` }),
      ev('turn.started', {}, { thread: `t${i}`, turn: `u${i}` }),
      ev('item.started', { itemType: 'assistant_message' }, { thread: `t${i}`, turn: `u${i}`, item: `i${i}` }),
      // The main thread keeps streaming while subagent threads come and go.
      ev('content.delta', { streamKind: 'assistant_text', delta: 'x' }, { thread: 't0', turn: 'u0', item: 'i0' }),
    ],
    big: 8_000,
  },
  turns: {
    unit: (i) => [
      ev('turn.started', {}, { turn: `u${i}` }),
      ev('item.started', { itemType: 'assistant_message', text: 'x' }, { turn: `u${i}`, item: `i${i}` }),
      ev('turn.completed', { state: 'completed' }, { turn: `u${i}` }),
    ],
    big: 20_000,
  },
  requests: {
    unit: (i) => [
      ev('request.opened', { requestType: 'command_execution_approval' }, { request: `r${i}` }),
      ev('request.resolved', { requestType: 'command_execution_approval', decision: 'accepted' }, { request: `r${i}` }),
    ],
    big: 20_000,
  },
};

const SMALL = 2_000;
const MEASURED = 200;

/** The view after `n` units, and the elements the next MEASURED units cost per event. */
function costAfter(unit: Shape, n: number): { view: SessionView; perEvent: number } {
  let view = reduceEvents(Array.from({ length: n }, (_, i) => unit(i)).flat());
  const next = Array.from({ length: MEASURED }, (_, i) => unit(n + i)).flat();
  const before = listWork.elements;
  view = reduceEvents(next, view);
  return { view, perEvent: (listWork.elements - before) / next.length };
}

describe.each(Object.entries(SHAPES))('%s', (_name, { unit, big }) => {
  it(`costs per event at ${big} at most twice what it costs at ${SMALL}`, () => {
    const small = costAfter(unit, SMALL).perEvent;
    const large = costAfter(unit, big).perEvent;
    expect(small).toBeGreaterThan(0);
    expect(large).toBeLessThanOrEqual(2 * small);
  });
});

describe('the caps', () => {
  it('warnings: the most recent, and a count of the earlier ones', () => {
    const { view } = costAfter(SHAPES.warnings!.unit, SMALL);
    expect(view.warnings).toHaveLength(VIEW_LIMITS.notices);
    expect(view.warnings.at(-1)?.message).toBe(`w${SMALL + MEASURED - 1}`);
    expect(view.warnings.length + (view.droppedWarnings ?? 0)).toBe(SMALL + MEASURED);
  });

  it('items of a turn: the most recent, counted, and an event for a kept item still finds it', () => {
    const { view } = costAfter(SHAPES['tool items in one turn']!.unit, SMALL);
    const turn = view.threads[0]!.turns[0]!;
    expect(turn.items).toHaveLength(VIEW_LIMITS.items);
    expect(turn.items.length + (turn.droppedItems ?? 0)).toBe(SMALL + MEASURED);
    expect(new Set(turn.items.map((i) => i.itemId)).size).toBe(VIEW_LIMITS.items);
    expect(turn.items.every((i) => i.status === 'completed' && i.toolDetail?.output === 'x')).toBe(true);
  });

  it('threads: the first and the most recent, counted', () => {
    const { view } = costAfter(SHAPES.threads!.unit, SMALL);
    expect(view.threads).toHaveLength(VIEW_LIMITS.threads);
    expect(view.threads[0]!.threadId).toBe('t0');
    expect(view.threads[0]!.turns[0]!.items[0]!.text).toBe('x'.repeat(SMALL + MEASURED));
    expect(view.threads.length + (view.droppedThreads ?? 0)).toBe(SMALL + MEASURED);
  });

  it('turns and requests of a thread: the most recent, counted', () => {
    const turns = costAfter(SHAPES.turns!.unit, SMALL).view.threads[0]!;
    expect(turns.turns).toHaveLength(VIEW_LIMITS.turns);
    expect(turns.turns.length + (turns.droppedTurns ?? 0)).toBe(SMALL + MEASURED);
    const requests = costAfter(SHAPES.requests!.unit, SMALL).view.threads[0]!;
    expect(requests.requests).toHaveLength(VIEW_LIMITS.requests);
    expect(requests.requests.every((r) => r.status === 'resolved')).toBe(true);
    expect(requests.requests.length + (requests.droppedRequests ?? 0)).toBe(SMALL + MEASURED);
  });
});
