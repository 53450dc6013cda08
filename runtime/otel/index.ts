// @eventmap/runtime/otel: the canonical stream as OpenTelemetry spans (GenAI agent conventions).
// Its own subpath, with @opentelemetry/api its one (optional peer) dependency: no other entry
// point of the runtime imports it. README.md, "Trace a session (OpenTelemetry)".
export { EventTracer, traceEvents, TRACER_NAME, type EventTracerOptions } from './tracer.ts';
export { SEMCONV_VERSION, SCHEMA_URL, GEN_AI, EVENTMAP, SPAN_EVENT, OPERATION, PROVIDER_NAME } from './conventions.ts';
