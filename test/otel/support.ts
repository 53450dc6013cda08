// The committed recordings (the parity tests' loader) as the events an app would trace, each line's
// events stamped one second after the previous line's, so span times can be checked against them;
// and an SDK tracer provider writing to memory.
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import type { ProviderRuntimeEvent } from '../../generated/canonical/types.ts';
import { traceEvents, type EventTracerOptions } from '../../runtime/otel/index.ts';
import { RECORDINGS, type Recording } from '../parity/recording.ts';

export const BASE = Date.parse('2026-01-31T12:00:00.000Z');

export interface Timed {
  recording: Recording;
  events: ProviderRuntimeEvent[];
}

export const TIMED: Timed[] = RECORDINGS.map((recording) => ({
  recording,
  events: recording.out.flatMap((line, i) =>
    line.map((e) => ({ ...e, createdAt: new Date(BASE + i * 1000).toISOString() }) as unknown as ProviderRuntimeEvent),
  ),
}));

/** The spans the events make, as the official SDK ends them. */
export function spansOf(
  events: Iterable<ProviderRuntimeEvent>,
  options: Omit<EventTracerOptions, 'tracerProvider'> = {},
): ReadableSpan[] {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  traceEvents(events, { ...options, tracerProvider: provider });
  return exporter.getFinishedSpans();
}

export const ms = (t: readonly [number, number]) => t[0] * 1000 + t[1] / 1e6;
