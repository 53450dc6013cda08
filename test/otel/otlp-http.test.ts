// Once over the wire: the official OTLP/HTTP exporter posts a recording's spans to a receiver on
// loopback started here, which decodes the JSON body and finds every span the in-memory exporter
// saw, by name, in the same trace shape.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { traceEvents } from '../../runtime/otel/index.ts';
import { TIMED, spansOf } from './support.ts';

interface OtlpSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  startTimeUnixNano: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}
interface OtlpBody {
  resourceSpans: { scopeSpans: { scope: { name: string }; schemaUrl?: string; spans: OtlpSpan[] }[] }[];
}

const bodies: { contentType?: string; body: OtlpBody }[] = [];
const server = createServer((req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    bodies.push({
      contentType: req.headers['content-type'],
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpBody,
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

beforeAll(() => new Promise<void>((done) => server.listen(0, '127.0.0.1', done)));
afterAll(() => new Promise<void>((done) => server.close(() => done())));

it('posts the spans of a recording to an OTLP/HTTP receiver', async () => {
  // The recording with the most spans: turns, tools, a subagent.
  const { events } = TIMED.map((t) => ({ t, n: spansOf(t.events).length })).sort((a, b) => b.n - a.n)[0]!.t;
  const { port } = server.address() as AddressInfo;
  const provider = new BasicTracerProvider({
    // One batch, sent by forceFlush (the exporter refuses more than a few posts at once).
    spanProcessors: [
      // The exporter's and the processor's deadlines as far off as the hang guard: a loaded machine is slow, not wrong.
      new BatchSpanProcessor(
        new OTLPTraceExporter({ url: `http://127.0.0.1:${port}/v1/traces`, timeoutMillis: 600_000 }),
        {
          exportTimeoutMillis: 600_000,
          maxQueueSize: 100_000,
          maxExportBatchSize: 100_000,
          scheduledDelayMillis: 3_600_000,
        },
      ),
    ],
  });
  traceEvents(events, { tracerProvider: provider });
  await provider.forceFlush();
  await provider.shutdown();

  expect(bodies.every((b) => b.contentType?.startsWith('application/json'))).toBe(true);
  const scopes = bodies.flatMap((b) => b.body.resourceSpans.flatMap((r) => r.scopeSpans));
  expect(new Set(scopes.map((s) => s.scope.name))).toEqual(new Set(['@eventmap/runtime/otel']));
  const received = scopes.flatMap((s) => s.spans);
  const local = spansOf(events);
  expect(received.map((s) => s.name).sort()).toEqual(local.map((s) => s.name).sort());
  // One trace, one root, every parent among the spans received.
  expect(new Set(received.map((s) => s.traceId)).size).toBe(1);
  const ids = new Set(received.map((s) => s.spanId));
  expect(received.filter((s) => !s.parentSpanId)).toHaveLength(1);
  expect(received.filter((s) => s.parentSpanId && !ids.has(s.parentSpanId))).toEqual([]);
  // The events' own times, in nanoseconds.
  const first = Date.parse(events[0]!.createdAt);
  expect(received.map((s) => BigInt(s.startTimeUnixNano) / 1_000_000n).every((t) => t >= BigInt(first))).toBe(true);
  const turn = received.find((s) => s.name.startsWith('invoke_agent'))!;
  expect(turn.attributes.find((a) => a.key === 'gen_ai.operation.name')?.value).toEqual({
    stringValue: 'invoke_agent',
  });
});
