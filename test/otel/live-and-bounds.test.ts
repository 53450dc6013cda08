// A live session: spans end as their turn or tool call ends, not when the session does; approvals
// and questions are span events with their decisions; and what the tracer holds is bounded.
import { InMemorySpanExporter, BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import type { ProviderRuntimeEvent } from '../../generated/canonical/types.ts';
import { createNormalizer, type SourceName } from '../../runtime/index.ts';
import { EventTracer, type EventTracerOptions } from '../../runtime/otel/index.ts';
import { transcripts } from '../conformance/transcripts.ts';
import { TIMED, spansOf } from './support.ts';

function live(options: Omit<EventTracerOptions, 'tracerProvider'> = {}) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { exporter, tracer: new EventTracer({ ...options, tracerProvider: provider }) };
}

describe('a live session', () => {
  // The newest recording of each source, pushed line by line through a normalizer as it runs.
  const latest = new Map(transcripts().map((t) => [t.source, t]));
  it.each([...latest.values()].map((t) => [t.file, t] as const))('%s: a turn is exported when it ends', (_f, t) => {
    const { exporter, tracer } = live();
    const normalizer = createNormalizer(t.source as SourceName, { deriveSessionId: true });
    let completed = 0;
    const push = (e: ProviderRuntimeEvent) => {
      tracer.push(e);
      if (e.type !== 'turn.completed') return;
      completed++;
      const ended = exporter
        .getFinishedSpans()
        .filter(
          (s) =>
            s.attributes['gen_ai.operation.name'] === 'invoke_agent' && s.attributes['eventmap.turn.id'] === e.turnId,
        );
      expect(ended).toHaveLength(1);
      expect(ended[0]!.attributes['eventmap.turn.state']).toBe(e.payload.state);
    };
    for (const line of t.lines) normalizer.push(line).forEach(push);
    normalizer.end().events.forEach(push);
    tracer.end();
    expect(completed).toBeGreaterThan(0);
    expect(exporter.getFinishedSpans().filter((s) => !s.parentSpanContext)).toHaveLength(1);
  });
});

/** In a stable order: span events come span by span, not in the order of the events. */
const sorted = (xs: unknown[]) => xs.map((x) => JSON.stringify(x)).sort();

describe('model requests', () => {
  it('are span events with the tokens of each, where the provider reports them', () => {
    let seen = 0;
    for (const { events } of TIMED) {
      const reported = events.flatMap((e) =>
        e.type === 'thread.token-usage.updated' &&
        (e.payload.usage.lastInputTokens !== undefined || e.payload.usage.lastOutputTokens !== undefined)
          ? [[e.payload.usage.lastInputTokens, e.payload.usage.lastOutputTokens]]
          : [],
      );
      const spanEvents = spansOf(events)
        .flatMap((s) => s.events)
        .filter((e) => e.name === 'eventmap.model_request');
      expect(
        sorted(
          spanEvents.map((e) => [
            e.attributes?.['gen_ai.usage.input_tokens'],
            e.attributes?.['gen_ai.usage.output_tokens'],
          ]),
        ),
      ).toEqual(sorted(reported));
      seen += reported.length;
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe('approvals and questions', () => {
  it('are span events with their decisions and answer counts, on every recording', () => {
    let seen = 0;
    for (const { events } of TIMED) {
      const spanEvents = spansOf(events).flatMap((s) => s.events);
      const resolved = events.filter((e) => e.type === 'request.resolved');
      expect(
        sorted(
          spanEvents
            .filter((e) => e.name === 'eventmap.approval.resolved')
            .map((e) => [e.attributes?.['eventmap.request.id'], e.attributes?.['eventmap.request.decision']]),
        ),
      ).toEqual(
        sorted(resolved.map((e) => [e.requestId, e.type === 'request.resolved' ? e.payload.decision : undefined])),
      );
      const answered = events.filter((e) => e.type === 'user-input.resolved');
      expect(
        sorted(
          spanEvents
            .filter((e) => e.name === 'eventmap.user_input.resolved')
            .map((e) => e.attributes?.['eventmap.request.id']),
        ),
      ).toEqual(sorted(answered.map((e) => e.requestId)));
      seen += resolved.length + answered.length;
    }
    expect(seen).toBeGreaterThan(0);
  });
});

const base = { provider: 'codex', sessionId: 's1', createdAt: '2026-01-31T12:00:00.000Z' } as const;
const event = (n: number, e: Record<string, unknown>) =>
  ({
    ...base,
    eventId: `e${n}`,
    createdAt: new Date(Date.parse(base.createdAt) + n * 1000).toISOString(),
    ...e,
  }) as unknown as ProviderRuntimeEvent;

describe('bounds', () => {
  it('keeps at most maxOpenSpans open per session, ending the oldest (marked evicted)', () => {
    const { exporter, tracer } = live({ maxOpenSpans: 3 });
    tracer.push(event(0, { type: 'turn.started', turnId: 't1', payload: {} }));
    for (let i = 1; i <= 5; i++)
      tracer.push(
        event(i, { type: 'item.started', turnId: 't1', itemId: `i${i}`, payload: { itemType: 'command_execution' } }),
      );
    // 6 spans opened, 3 still open: the turn and the first two tool calls ended at the time the next opened.
    const evicted = exporter.getFinishedSpans();
    expect(evicted.map((s) => s.attributes['eventmap.evicted'])).toEqual([true, true, true]);
    expect(evicted.map((s) => s.attributes['eventmap.turn.id'])).toEqual(['t1', 't1', 't1']);
    tracer.end();
    expect(exporter.getFinishedSpans()).toHaveLength(7);
  });

  it('traces at most maxSessions sessions at once, ending the oldest', () => {
    const { exporter, tracer } = live({ maxSessions: 2 });
    for (const id of ['a', 'b', 'c']) tracer.push(event(0, { sessionId: id, type: 'session.started', payload: {} }));
    expect(exporter.getFinishedSpans().map((s) => s.attributes['eventmap.session.id'])).toEqual(['a']);
    tracer.end();
    expect(exporter.getFinishedSpans()).toHaveLength(3);
  });

  it('keeps at most maxContentLength characters of content', () => {
    const { exporter, tracer } = live({ captureContent: true, maxContentLength: 10 });
    tracer.push(
      event(0, { type: 'item.started', turnId: 't', itemId: 'c', payload: { itemType: 'command_execution' } }),
    );
    for (let i = 1; i < 100; i++)
      tracer.push(
        event(i, {
          type: 'content.delta',
          turnId: 't',
          itemId: 'c',
          payload: { streamKind: 'command_output', delta: 'x'.repeat(7) },
        }),
      );
    tracer.push(
      event(100, {
        type: 'item.completed',
        turnId: 't',
        itemId: 'c',
        payload: { itemType: 'command_execution', status: 'completed' },
      }),
    );
    const tool = exporter.getFinishedSpans().find((s) => s.name.startsWith('execute_tool'))!;
    expect(tool.attributes['gen_ai.tool.call.result']).toBe('x'.repeat(10));
  });

  it('closes a session on session.exited, with an error status when it ended in one', () => {
    const { exporter, tracer } = live();
    tracer.push(event(0, { type: 'turn.started', turnId: 't', payload: { model: 'm' } }));
    tracer.push(event(1, { type: 'session.exited', payload: { exitKind: 'error', reason: 'crashed' } }));
    const [turn, root] = exporter.getFinishedSpans();
    expect(turn!.attributes['eventmap.unfinished']).toBe(true);
    expect(turn!.attributes['gen_ai.request.model']).toBe('m');
    expect(root!.status).toEqual({ code: 2, message: 'crashed' });
    expect(root!.endTime).toEqual([Date.parse(base.createdAt) / 1000 + 1, 0]);
  });
});
