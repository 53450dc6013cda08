// The reducer's cost per event (runtime/reducer): a session of a common shape folded to 10k, 100k
// and 1M events, and the hostile shapes of issue 37 (20k warnings, 20k tool items in one turn, 8k
// threads). Reported as elements its list operations copied or scanned per event (counted: the
// same on every machine) and microseconds per event (this machine). In process, a few seconds.
import type { ProviderRuntimeEvent } from '../runtime/index.ts';
import { reduceSession, type SessionView } from '../runtime/reducer/index.ts';
import { listWork } from '../runtime/reducer/lists.ts';

export interface ReducerRow {
  shape: string;
  events: number;
  /** Over the last tenth of the events: what an event costs once the session is that long. */
  elementsPerEvent: number;
  microsPerEvent: number;
}

let seq = 0;
function event(
  type: string,
  payload: object,
  ids: { thread?: string; turn?: string; item?: string; request?: string },
) {
  const e = {
    eventId: `e${++seq}`,
    provider: 'codex',
    sessionId: 's',
    createdAt: '2026-01-01T00:00:00.000Z',
    type,
    payload,
    threadId: ids.thread ?? 't',
    ...(ids.turn === undefined ? {} : { turnId: ids.turn }),
    ...(ids.item === undefined ? {} : { itemId: ids.item }),
    ...(ids.request === undefined ? {} : { requestId: ids.request }),
  };
  // Built from plain strings: the reducer reads only ids and typed payload fields.
  return e as unknown as ProviderRuntimeEvent;
}

/** A common session: turns of a message, reasoning and tool calls, text streamed in deltas, a warning now and then. */
function* session(): Generator<ProviderRuntimeEvent> {
  for (let t = 0; ; t++) {
    const turn = `u${t}`;
    yield event('turn.started', { model: 'm' }, { turn });
    for (let i = 0; i < 12; i++) {
      const item = `${turn}/i${i}`;
      const tool = i % 3 === 2;
      yield event('item.started', { itemType: tool ? 'command_execution' : 'assistant_message' }, { turn, item });
      for (let d = 0; d < 6; d++)
        yield event(
          'content.delta',
          { streamKind: tool ? 'command_output' : 'assistant_text', delta: 'x' },
          { turn, item },
        );
      yield event('item.completed', { itemType: tool ? 'command_execution' : 'assistant_message' }, { turn, item });
    }
    if (t % 4 === 0) yield event('runtime.warning', { message: 'retrying' }, { turn });
    yield event('turn.completed', { state: 'completed' }, { turn });
  }
}

function* warnings(): Generator<ProviderRuntimeEvent> {
  for (let i = 0; ; i++) yield event('runtime.warning', { message: `w${i}` }, {});
}

function* toolItems(): Generator<ProviderRuntimeEvent> {
  for (let i = 0; ; i++) {
    const ids = { turn: 'u', item: `i${i}` };
    yield event('item.started', { itemType: 'command_execution', toolDetail: { command: 'ls' } }, ids);
    yield event('item.completed', { itemType: 'command_execution', status: 'completed' }, ids);
  }
}

function* threads(): Generator<ProviderRuntimeEvent> {
  for (let i = 0; ; i++) {
    yield event('thread.started', {}, { thread: `t${i}` });
    yield event('turn.started', {}, { thread: `t${i}`, turn: `u${i}` });
  }
}

function measure(shape: string, source: Generator<ProviderRuntimeEvent>, events: number): ReducerRow {
  let view: SessionView | undefined;
  const tail = Math.max(1, Math.floor(events / 10));
  for (let i = 0; i < events - tail; i++) view = reduceSession(view, source.next().value!);
  const batch: ProviderRuntimeEvent[] = [];
  for (let i = 0; i < tail; i++) batch.push(source.next().value!);
  const elements = listWork.elements;
  const start = performance.now();
  for (const e of batch) view = reduceSession(view, e);
  const ms = performance.now() - start;
  return { shape, events, elementsPerEvent: (listWork.elements - elements) / tail, microsPerEvent: (ms * 1000) / tail };
}

export function benchReducer(): ReducerRow[] {
  return [
    ...[10_000, 100_000, 1_000_000].map((n) => measure('common session', session(), n)),
    measure('warnings', warnings(), 20_000),
    measure('tool items in one turn', toolItems(), 40_000),
    measure('threads', threads(), 16_000),
  ];
}
