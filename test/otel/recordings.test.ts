// Every committed recording of every source, traced through the official SDK into memory: the span
// tree, names, attributes, status and times each turn and tool call should get, derived from the
// events themselves (never a count written here), and no content without the opt-in.
import { SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import type { ItemLifecyclePayload, ProviderRuntimeEvent } from '../../generated/canonical/types.ts';
import { isToolItem } from '../../runtime/reducer/index.ts';
import { TIMED, ms, spansOf } from './support.ts';

const op = (s: ReadableSpan) => s.attributes['gen_ai.operation.name'];
const at = (e: ProviderRuntimeEvent) => Date.parse(e.createdAt);

/** What the events say of each turn and tool item: the first and last event, and the outcome. */
function expected(events: ProviderRuntimeEvent[]) {
  const turns = new Map<
    string,
    { first: ProviderRuntimeEvent; completed?: ProviderRuntimeEvent & { type: 'turn.completed' } }
  >();
  const tools = new Map<string, { completed?: ProviderRuntimeEvent; parentItemId?: string }>();
  const spawnedThreads = new Map<string, string>();
  for (const e of events) {
    if (e.turnId && !turns.has(e.turnId)) turns.set(e.turnId, { first: e });
    if (e.type === 'turn.completed' && e.turnId) turns.get(e.turnId)!.completed ??= e;
    if (e.type === 'thread.started' && e.threadId && e.payload.parentItemId)
      spawnedThreads.set(e.threadId, e.payload.parentItemId);
    if (e.type.startsWith('item.') && e.itemId) {
      const p = e.payload as ItemLifecyclePayload;
      const known = tools.get(e.itemId);
      if (!known && !isToolItem(p.itemType, p.toolDetail)) continue;
      const tool = known ?? { ...(p.parentItemId ? { parentItemId: p.parentItemId } : {}) };
      tools.set(e.itemId, tool);
      if (e.type === 'item.completed') tool.completed ??= e;
    }
  }
  return { turns, tools, spawnedThreads };
}

/** The texts an agent's session carries that are content: prompts, replies, reasoning, tool I/O. */
function contentTexts(events: ProviderRuntimeEvent[]): string[] {
  const texts = new Set<string>();
  const streamed = new Map<string, string>();
  for (const e of events) {
    if (e.type === 'content.delta' && e.itemId)
      streamed.set(e.itemId, (streamed.get(e.itemId) ?? '') + e.payload.delta);
    if (e.type.startsWith('item.')) {
      const p = e.payload as ItemLifecyclePayload;
      if (p.text) texts.add(p.text);
      if (p.toolDetail?.output) texts.add(p.toolDetail.output);
      if (p.toolDetail?.input) texts.add(JSON.stringify(p.toolDetail.input));
      if (p.toolDetail?.query) texts.add(p.toolDetail.query);
    }
    if (e.type === 'user-input.requested') for (const q of e.payload.questions) texts.add(q.question);
  }
  for (const t of streamed.values()) texts.add(t);
  // An error the provider reports is recorded as one (exception.message), even where the provider
  // also shows it as the reply (Claude's API errors).
  const errors = events.flatMap((e) => (e.type === 'runtime.error' ? [e.payload.message] : []));
  for (const t of texts) if (errors.some((m) => m.includes(t.trim()))) texts.delete(t);
  // Short strings (a word, `ls`) match by accident; a prompt or a reply is longer.
  return [...texts].map((t) => t.trim()).filter((t) => t.length >= 12);
}

/** Every string an attribute of a span or of its events holds. */
function attributeStrings(spans: ReadableSpan[]): string[] {
  const values = spans.flatMap((s) => [
    ...Object.values(s.attributes),
    ...s.events.flatMap((ev) => Object.values(ev.attributes ?? {})),
  ]);
  return values.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v): v is string => typeof v === 'string');
}

describe.each(TIMED.map((t) => [t.recording.file, t] as const))('%s', (_file, { events }) => {
  const spans = spansOf(events);
  const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
  const parentOf = (s: ReadableSpan) => byId.get(s.parentSpanContext?.spanId ?? '');
  const { turns, tools, spawnedThreads } = expected(events);
  const turnSpans = spans.filter((s) => op(s) === 'invoke_agent');
  const toolSpans = spans.filter((s) => op(s) === 'execute_tool');
  const toolSpan = new Map(toolSpans.map((s) => [s.attributes['eventmap.item.id'] as string, s]));

  it('makes one trace per session: one root span, every other span under a span of it', () => {
    const roots = spans.filter((s) => !s.parentSpanContext);
    expect(roots.map((s) => s.attributes['eventmap.session.id']).sort()).toEqual(
      [...new Set(events.map((e) => e.sessionId))].sort(),
    );
    expect(roots.every((s) => s.name === `session ${events[0]!.provider}`)).toBe(true);
    for (const s of spans.filter((x) => x.parentSpanContext)) {
      expect(parentOf(s)).toBeDefined();
      expect(s.spanContext().traceId).toBe(parentOf(s)!.spanContext().traceId);
    }
    expect(spans.length).toBe(roots.length + turnSpans.length + toolSpans.length);
  });

  it('makes one invoke_agent span per turn, its outcome as status, its times the events', () => {
    expect(turnSpans.map((s) => s.attributes['eventmap.turn.id']).sort()).toEqual([...turns.keys()].sort());
    for (const s of turnSpans) {
      const turn = turns.get(s.attributes['eventmap.turn.id'] as string)!;
      expect(s.name).toBe(`invoke_agent ${turn.first.provider}`);
      expect(s.attributes['gen_ai.provider.name']).toBeTypeOf('string');
      expect(s.attributes['gen_ai.conversation.id']).toBe(turn.first.threadId ?? turn.first.sessionId);
      expect(ms(s.startTime)).toBe(at(turn.first));
      const completed = turn.completed;
      if (!completed) {
        expect(s.attributes['eventmap.unfinished']).toBe(true);
        expect(s.status.code).toBe(SpanStatusCode.UNSET);
        continue;
      }
      expect(ms(s.endTime)).toBe(at(completed));
      const { state, turnUsage } = completed.payload;
      expect(s.attributes['eventmap.turn.state']).toBe(state);
      if (state === 'completed') expect(s.status).toEqual({ code: SpanStatusCode.OK });
      else {
        expect(s.status.code).toBe(SpanStatusCode.ERROR);
        expect(s.attributes['error.type']).toBe(state);
        expect(s.status.message).toBe(completed.payload.errorMessage ?? state);
      }
      // Usage where the turn reports it, and none where it does not.
      expect(s.attributes['gen_ai.usage.input_tokens']).toBe(turnUsage?.inputTokens);
      expect(s.attributes['gen_ai.usage.output_tokens']).toBe(turnUsage?.outputTokens);
      expect(s.attributes['gen_ai.usage.cache_read.input_tokens']).toBe(turnUsage?.cachedInputTokens);
      expect(s.attributes['eventmap.usage.cost_usd']).toBe(turnUsage?.costUsd);
      const model = events.find((e) => e.type === 'turn.started' && e.turnId === completed.turnId);
      if (model?.type === 'turn.started') expect(s.attributes['gen_ai.request.model']).toBe(model.payload.model);
    }
  });

  it('makes one execute_tool span per tool item, with its status and end time', () => {
    expect(toolSpans.map((s) => s.attributes['eventmap.item.id']).sort()).toEqual([...tools.keys()].sort());
    for (const [itemId, tool] of tools) {
      const s = toolSpan.get(itemId)!;
      expect(s.name).toBe(`execute_tool ${s.attributes['gen_ai.tool.name']}`);
      expect(s.attributes['gen_ai.tool.call.id']).toBeTypeOf('string');
      expect(['function', 'extension']).toContain(s.attributes['gen_ai.tool.type']);
      if (!tool.completed) {
        expect(s.attributes['eventmap.unfinished']).toBe(true);
        continue;
      }
      const status = (tool.completed.payload as ItemLifecyclePayload).status ?? 'completed';
      expect(s.attributes['eventmap.item.status']).toBe(status);
      expect(s.status.code).toBe(status === 'completed' ? SpanStatusCode.OK : SpanStatusCode.ERROR);
      expect(ms(s.endTime)).toBe(at(tool.completed));
      expect(ms(s.startTime)).toBeLessThanOrEqual(ms(s.endTime));
    }
  });

  it('nests a subagent under the tool call that spawned it, and a tool call under its turn', () => {
    for (const [itemId, tool] of tools) {
      const parent = parentOf(toolSpan.get(itemId)!)!;
      if (tool.parentItemId && toolSpan.has(tool.parentItemId)) expect(parent).toBe(toolSpan.get(tool.parentItemId));
      else if (op(parent) === 'invoke_agent')
        expect(parent.attributes['eventmap.turn.id']).toBe(toolSpan.get(itemId)!.attributes['eventmap.turn.id']);
    }
    for (const s of turnSpans) {
      const spawner = spawnedThreads.get(s.attributes['eventmap.thread.id'] as string);
      expect(parentOf(s)).toBe(
        spawner && toolSpan.has(spawner) ? toolSpan.get(spawner) : spans.find((r) => !r.parentSpanContext),
      );
    }
  });

  it('records no content: no prompt, reply, reasoning or tool input and output in any attribute', () => {
    const texts = contentTexts(events);
    const attrs = attributeStrings(spans);
    expect(texts.filter((t) => attrs.some((a) => a.includes(t)))).toEqual([]);
    expect(
      attrs.filter((a) => /^gen_ai\.(input|output)\.messages$|^gen_ai\.tool\.call\.(arguments|result)$/.test(a)),
    ).toEqual([]);
    expect(spans.filter((s) => Object.keys(s.attributes).some((k) => /messages|arguments|result/.test(k)))).toEqual([]);
  });

  it('records the content with captureContent: true', () => {
    const withContent = spansOf(events, { captureContent: true });
    const attrs = attributeStrings(withContent).join('\n');
    const replies = events.flatMap((e) =>
      e.type === 'item.completed' &&
      e.payload.itemType === 'assistant_message' &&
      e.payload.text &&
      e.turnId &&
      !e.payload.parentItemId
        ? [e.payload.text]
        : [],
    );
    for (const text of replies) expect(attrs).toContain(JSON.stringify(text).slice(1, -1).slice(0, 200));
    // The same spans, only more attributes.
    expect(withContent.map((s) => s.name)).toEqual(spans.map((s) => s.name));
  });
});

describe('across the recordings', () => {
  it('has subagents, usage, failed and interrupted turns to check', () => {
    const all = TIMED.flatMap((t) => t.events);
    expect(all.some((e) => e.type.startsWith('item.') && (e.payload as ItemLifecyclePayload).parentItemId)).toBe(true);
    expect(all.some((e) => e.type === 'thread.started' && e.payload.parentItemId)).toBe(true);
    for (const state of ['completed', 'failed', 'interrupted'])
      expect(all.some((e) => e.type === 'turn.completed' && e.payload.state === state)).toBe(true);
    expect(all.some((e) => e.type === 'turn.completed' && e.payload.turnUsage?.inputTokens !== undefined)).toBe(true);
  });

  it('gives a replay the same spans, times and attributes each time', () => {
    const strip = (s: ReadableSpan) => [s.name, s.startTime, s.endTime, s.attributes, s.status, s.events.length];
    for (const { events } of TIMED) expect(spansOf(events).map(strip)).toEqual(spansOf(events).map(strip));
  });
});
