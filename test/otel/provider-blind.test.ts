// The spans are made from the typed canonical fields alone: with every event's `raw` and every
// payload slot the schema leaves open (`data`, `args`, `resolution`, `usage`, `modelUsage`, an
// untyped `detail`...) removed, and with another `provider`, every recording gives the same spans,
// but for the names that say which provider ran (gen_ai.provider.name, the default agent name).
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import type { ProviderRuntimeEvent } from '../../generated/canonical/types.ts';
import { OPEN_SLOTS } from '../open-slots.ts';
import { TIMED, spansOf } from './support.ts';

function typedOnly(e: ProviderRuntimeEvent): ProviderRuntimeEvent {
  const { raw: _raw, ...rest } = e;
  const payload: Record<string, unknown> = { ...e.payload };
  for (const key of OPEN_SLOTS.get(e.type) ?? []) delete payload[key];
  return { ...rest, provider: 'acp', payload } as ProviderRuntimeEvent;
}

const NAMING = ['gen_ai.provider.name', 'gen_ai.agent.name', 'eventmap.provider'];
const shape = (spans: ReadableSpan[]) =>
  spans.map((s) => ({
    name: s.name.split(' ')[0],
    attributes: Object.fromEntries(Object.entries(s.attributes).filter(([k]) => !NAMING.includes(k))),
    status: s.status,
    start: s.startTime,
    end: s.endTime,
    events: s.events.map((e) => [e.name, e.attributes]),
    parent: s.parentSpanContext ? spans.findIndex((p) => p.spanContext().spanId === s.parentSpanContext!.spanId) : -1,
  }));

describe('provider-blind', () => {
  it('finds the open slots in the schema', () => {
    expect([...OPEN_SLOTS.get('request.resolved')!]).toEqual(['resolution']);
    expect([...OPEN_SLOTS.get('turn.completed')!].sort()).toEqual(['modelUsage', 'usage']);
  });

  it.each(TIMED.map((t) => [t.recording.file, t] as const))(
    '%s: the same spans from the typed fields alone',
    (_f, t) => {
      expect(shape(spansOf(t.events.map(typedOnly)))).toEqual(shape(spansOf(t.events)));
      expect(shape(spansOf(t.events.map(typedOnly), { captureContent: true }))).toEqual(
        shape(spansOf(t.events, { captureContent: true })),
      );
    },
  );
});
