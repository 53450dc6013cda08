// The spans are made from the typed canonical fields alone: with every event's `raw` and every
// payload slot the schema leaves open (`data`, `args`, `resolution`, `usage`, `modelUsage`, an
// untyped `detail`...) removed, and with another `provider`, every recording gives the same spans,
// but for the names that say which provider ran (gen_ai.provider.name, the default agent name).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import type { ProviderRuntimeEvent } from '../../generated/canonical/types.ts';
import { TIMED, spansOf } from './support.ts';

interface Schema {
  $ref?: string;
  type?: string;
  const?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean;
}
const SCHEMA = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'generated', 'canonical', 'schema.json'), 'utf8'),
) as { definitions: Record<string, Schema> };
const resolve = (s: Schema): Schema =>
  s.$ref ? resolve(SCHEMA.definitions[s.$ref.replace('#/definitions/', '')]!) : s;
/** Any value, or an open map: what only a provider's own shape explains. */
const opaque = (s: Schema) =>
  Object.keys(s).filter((k) => k !== 'description').length === 0 ||
  (s.type === 'object' && s.additionalProperties === true && !s.properties);
const OPEN_SLOTS = new Map(
  Object.values(SCHEMA.definitions)
    .filter((d) => d.properties?.type?.const !== undefined && d.properties.payload !== undefined)
    .map((d) => [
      d.properties!.type!.const!,
      Object.entries(resolve(d.properties!.payload!).properties ?? {})
        .filter(([, s]) => opaque(s))
        .map(([k]) => k),
    ]),
);

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
    expect(OPEN_SLOTS.get('request.resolved')).toEqual(['resolution']);
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
