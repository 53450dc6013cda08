// Canonical events → OpenTelemetry spans (GenAI agent conventions, conventions.ts). One trace per
// session: a root span, an `invoke_agent` span per turn, an `execute_tool` span per tool item, a
// subagent's turns and items under the tool call that spawned it. Span times are the events'
// `createdAt`, so a replay gives the original timeline. Provider-blind: `provider` only names
// things (gen_ai.provider.name, the default agent name). Bounded: at most `maxOpenSpans` open spans
// per session (the oldest is ended, marked `eventmap.evicted`, when one more opens), closed spans
// forgotten but for a bounded list of the last ones' contexts (a subagent's thread starts after its
// spawning call ended), at most `maxSessions` sessions traced at once (docs/security.md, "Traffic
// at run time").
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api';
import type {
  ItemLifecyclePayload,
  ProviderKind,
  ProviderRuntimeEvent,
  TurnUsage,
} from '../../generated/canonical/types.ts';
import { TOOL_ITEM_TYPES } from '../tool-items.ts';
import { EVENTMAP, GEN_AI, OPERATION, PROVIDER_NAME, SCHEMA_URL, SEMCONV_VERSION, SPAN_EVENT } from './conventions.ts';
import { defined, toolAttributes, toolType, usageAttributes } from './attributes.ts';

export interface EventTracerOptions {
  /** The tracer spans are made with; else `tracerProvider`'s, else the global one's. */
  tracer?: Tracer;
  tracerProvider?: TracerProvider;
  /**
   * Record content: prompts and replies (gen_ai.input/output.messages on a turn), tool arguments
   * and results, questions and answers. Off by default, as the conventions advise: content may
   * hold secrets and personal data.
   */
  captureContent?: boolean;
  /** gen_ai.agent.name of the turns; default: the event's `provider` (`codex`, `claudeAgent`, `acp`). */
  agentName?: string;
  /** The context the sessions' root spans start in (e.g. the app's request span); default: a new trace each. */
  parentContext?: Context;
  /** Open spans kept per session (turns and tool calls); default 256. */
  maxOpenSpans?: number;
  /** Sessions traced at once; one more ends the oldest. Default 64. */
  maxSessions?: number;
  /** Characters kept of one content attribute (captureContent); default 16384. */
  maxContentLength?: number;
}

export const TRACER_NAME = '@eventmap/runtime/otel';

interface OpenSpan {
  span: Span;
  ctx: Context;
  start: number;
  /** captureContent: the turn's prompts and replies, or a command's streamed output. */
  input?: string[];
  output?: string[];
  /** Characters held in input and output. */
  held?: number;
}

interface SessionTrace {
  provider: ProviderKind;
  root: OpenSpan;
  last: number;
  /** `turn:<id>` / `item:<id>` → the open span, oldest first. */
  open: Map<string, OpenSpan>;
  /** Contexts of the last closed item spans, for children that come after their parent ended. */
  closed: Map<string, Context>;
  /** The last turns ended: an event naming one after turn.completed opens no second span. */
  endedTurns: Map<string, true>;
  /** A subagent thread → the item that spawned it. */
  threadParents: Map<string, string>;
}

const DEFAULTS = { maxOpenSpans: 256, maxSessions: 64, maxContentLength: 16_384 };

/** Push canonical events as they come (live or replayed); `end()` ends what is still open. */
export class EventTracer {
  private readonly tracer: Tracer;
  private readonly sessions = new Map<string, SessionTrace>();
  private readonly limits: typeof DEFAULTS;

  constructor(private readonly options: EventTracerOptions = {}) {
    this.tracer =
      options.tracer ??
      (options.tracerProvider ?? trace.getTracerProvider()).getTracer(TRACER_NAME, SEMCONV_VERSION, {
        schemaUrl: SCHEMA_URL,
      });
    this.limits = {
      maxOpenSpans: Math.max(1, options.maxOpenSpans ?? DEFAULTS.maxOpenSpans),
      maxSessions: Math.max(1, options.maxSessions ?? DEFAULTS.maxSessions),
      maxContentLength: Math.max(0, options.maxContentLength ?? DEFAULTS.maxContentLength),
    };
  }

  push(event: ProviderRuntimeEvent): void {
    const s = this.session(event);
    const at = this.time(s, event.createdAt);
    // The turn's span opens at the first event that names it, whichever that is.
    this.turn(s, event, at);
    switch (event.type) {
      case 'thread.started':
        if (event.threadId && event.payload.parentItemId)
          remember(s.threadParents, event.threadId, event.payload.parentItemId, this.limits.maxOpenSpans);
        break;
      case 'turn.started': {
        const turn = this.turn(s, event, at);
        if (turn && event.payload.model) turn.span.setAttribute(GEN_AI.requestModel, event.payload.model);
        if (turn && event.payload.effort) turn.span.setAttribute(EVENTMAP.effort, event.payload.effort);
        break;
      }
      case 'model.rerouted': {
        const turn = this.turn(s, event, at);
        turn?.span.setAttribute(GEN_AI.responseModel, event.payload.toModel);
        turn?.span.addEvent(
          SPAN_EVENT.modelRerouted,
          { [EVENTMAP.modelFrom]: event.payload.fromModel, [EVENTMAP.modelTo]: event.payload.toModel },
          at,
        );
        break;
      }
      case 'turn.aborted':
        this.turn(s, event, at)?.span.setAttribute(EVENTMAP.abortReason, event.payload.reason);
        break;
      case 'turn.completed':
        this.completeTurn(s, event, at);
        break;
      case 'item.started':
      case 'item.updated':
      case 'item.completed':
        this.item(s, event, at);
        break;
      case 'content.delta': {
        const kind = event.payload.streamKind;
        if (
          this.options.captureContent &&
          event.itemId &&
          (kind === 'command_output' || kind === 'file_change_output')
        ) {
          const open = s.open.get(`item:${event.itemId}`);
          if (open) this.append(open, 'output', event.payload.delta);
        }
        break;
      }
      case 'thread.token-usage.updated': {
        const u = event.payload.usage;
        if (u.lastInputTokens === undefined && u.lastOutputTokens === undefined) break;
        this.target(s, event, at).span.addEvent(
          SPAN_EVENT.modelRequest,
          defined({
            [GEN_AI.inputTokens]: u.lastInputTokens,
            [GEN_AI.outputTokens]: u.lastOutputTokens,
            [GEN_AI.cacheReadTokens]: u.lastCachedInputTokens,
            [GEN_AI.reasoningTokens]: u.lastReasoningOutputTokens,
          }),
          at,
        );
        break;
      }
      case 'request.opened':
        this.target(s, event, at).span.addEvent(
          SPAN_EVENT.approvalRequested,
          defined({ [EVENTMAP.requestId]: event.requestId, [EVENTMAP.requestType]: event.payload.requestType }),
          at,
        );
        break;
      case 'request.resolved':
        this.target(s, event, at).span.addEvent(
          SPAN_EVENT.approvalResolved,
          defined({
            [EVENTMAP.requestId]: event.requestId,
            [EVENTMAP.requestType]: event.payload.requestType,
            [EVENTMAP.decision]: event.payload.decision,
          }),
          at,
        );
        break;
      case 'user-input.requested':
        this.target(s, event, at).span.addEvent(
          SPAN_EVENT.questionAsked,
          defined({
            [EVENTMAP.requestId]: event.requestId,
            [EVENTMAP.questions]: event.payload.questions.length,
            [EVENTMAP.questionTexts]: this.options.captureContent
              ? this.clip(JSON.stringify(event.payload.questions.map((q) => q.question)))
              : undefined,
          }),
          at,
        );
        break;
      case 'user-input.resolved':
        this.target(s, event, at).span.addEvent(
          SPAN_EVENT.questionAnswered,
          defined({
            [EVENTMAP.requestId]: event.requestId,
            [EVENTMAP.answered]: Object.keys(event.payload.answers).length,
            [EVENTMAP.answers]: this.options.captureContent
              ? this.clip(JSON.stringify(event.payload.answers))
              : undefined,
          }),
          at,
        );
        break;
      case 'task.started': {
        const target = this.target(s, event, at);
        const attrs = defined({
          [EVENTMAP.taskId]: event.payload.taskId,
          [EVENTMAP.subagentType]: event.payload.subagentType,
          [EVENTMAP.subagentModel]: event.payload.model,
        });
        target.span.addEvent(SPAN_EVENT.taskStarted, attrs, at);
        if (event.itemId && s.open.has(`item:${event.itemId}`)) target.span.setAttributes(attrs);
        break;
      }
      case 'task.completed': {
        const target = this.target(s, event, at);
        const u = event.payload.taskUsage;
        const attrs = defined({
          [EVENTMAP.taskId]: event.payload.taskId,
          [EVENTMAP.taskState]: event.payload.status,
          [EVENTMAP.taskTokens]: u?.totalTokens,
          [EVENTMAP.taskToolUses]: u?.toolUses,
          [EVENTMAP.taskDurationMs]: u?.durationMs,
        });
        target.span.addEvent(SPAN_EVENT.taskCompleted, attrs, at);
        if (event.itemId && s.open.has(`item:${event.itemId}`)) target.span.setAttributes(attrs);
        break;
      }
      case 'runtime.warning':
        if (event.payload.retry)
          this.target(s, event, at).span.addEvent(
            SPAN_EVENT.modelRetry,
            defined({
              [EVENTMAP.retryAttempt]: event.payload.retry.attempt,
              [EVENTMAP.retryStatus]: event.payload.retry.status ?? undefined,
            }),
            at,
          );
        break;
      case 'runtime.error':
        this.target(s, event, at).span.addEvent(
          SPAN_EVENT.exception,
          { 'exception.type': event.payload.class ?? 'unknown', 'exception.message': event.payload.message },
          at,
        );
        break;
      case 'session.exited': {
        const { exitKind, reason } = event.payload;
        if (exitKind) s.root.span.setAttribute(EVENTMAP.exitKind, exitKind);
        if (exitKind === 'error') {
          s.root.span.setAttribute(GEN_AI.errorType, 'session_error');
          s.root.span.setStatus({ code: SpanStatusCode.ERROR, ...(reason ? { message: reason } : {}) });
        }
        this.endSession(event.sessionId, at);
        break;
      }
      default:
        break;
    }
  }

  /** End every open span (marked `eventmap.unfinished`) at its session's last event time. */
  end(): void {
    for (const [id, s] of [...this.sessions]) this.endSession(id, s.last);
  }

  private session(event: ProviderRuntimeEvent): SessionTrace {
    const found = this.sessions.get(event.sessionId);
    if (found) return found;
    if (this.sessions.size >= this.limits.maxSessions) {
      const [oldest, s] = this.sessions.entries().next().value as [string, SessionTrace];
      this.endSession(oldest, s.last);
    }
    const start = this.parse(event.createdAt) ?? Date.now();
    const span = this.tracer.startSpan(
      `session ${this.agentName(event.provider)}`,
      {
        kind: SpanKind.INTERNAL,
        startTime: start,
        attributes: {
          [GEN_AI.provider]: PROVIDER_NAME[event.provider] ?? event.provider,
          [GEN_AI.agentName]: this.agentName(event.provider),
          [EVENTMAP.provider]: event.provider,
          [EVENTMAP.sessionId]: event.sessionId,
        },
      },
      this.options.parentContext ?? ROOT_CONTEXT,
    );
    const root = { span, ctx: trace.setSpan(this.options.parentContext ?? ROOT_CONTEXT, span), start };
    const s: SessionTrace = {
      provider: event.provider,
      root,
      last: start,
      open: new Map(),
      closed: new Map(),
      endedTurns: new Map(),
      threadParents: new Map(),
    };
    this.sessions.set(event.sessionId, s);
    return s;
  }

  private endSession(sessionId: string, at: number): void {
    const s = this.sessions.get(sessionId);
    if (!s) return;
    this.sessions.delete(sessionId);
    // Children before parents: the newest first.
    for (const [key, open] of [...s.open].reverse()) {
      open.span.setAttribute(EVENTMAP.unfinished, true);
      this.finish(s, key, open, at);
    }
    s.root.span.end(Math.max(at, s.root.start));
  }

  /** The turn's span, opened by the first event that names the turn. */
  private turn(s: SessionTrace, event: ProviderRuntimeEvent, at: number): OpenSpan | undefined {
    if (!event.turnId) return undefined;
    const key = `turn:${event.turnId}`;
    const found = s.open.get(key);
    if (found) return found;
    if (s.endedTurns.has(event.turnId)) return undefined; // an event after turn.completed
    const parentItem = event.threadId ? s.threadParents.get(event.threadId) : undefined;
    const parent = (parentItem && this.itemContext(s, parentItem)) || s.root.ctx;
    const name = this.agentName(s.provider);
    return this.open(s, key, parent, `${OPERATION.invokeAgent} ${name}`, at, {
      [GEN_AI.operation]: OPERATION.invokeAgent,
      [GEN_AI.provider]: PROVIDER_NAME[s.provider] ?? s.provider,
      [GEN_AI.agentName]: name,
      [GEN_AI.conversationId]: event.threadId ?? event.sessionId,
      [EVENTMAP.turnId]: event.turnId,
      ...defined({
        [EVENTMAP.threadId]: event.threadId,
        [EVENTMAP.providerThreadId]: event.providerRefs?.providerThreadId,
      }),
    });
  }

  private completeTurn(s: SessionTrace, event: ProviderRuntimeEvent & { type: 'turn.completed' }, at: number): void {
    const turn = this.turn(s, event, at);
    if (!turn) return;
    const { state, stopReason, errorMessage, turnUsage } = event.payload;
    turn.span.setAttribute(EVENTMAP.turnState, state);
    if (stopReason) turn.span.setAttribute(GEN_AI.finishReasons, [stopReason]);
    if (turnUsage) turn.span.setAttributes(usageAttributes(turnUsage as TurnUsage));
    if (state === 'completed') turn.span.setStatus({ code: SpanStatusCode.OK });
    else {
      // failed, interrupted, cancelled: the turn did not do what it was asked (docs/decisions.md).
      turn.span.setAttribute(GEN_AI.errorType, state);
      turn.span.setStatus({ code: SpanStatusCode.ERROR, message: errorMessage ?? state });
    }
    if (this.options.captureContent) this.setMessages(turn);
    this.finish(s, `turn:${event.turnId}`, turn, at);
  }

  private item(s: SessionTrace, event: ProviderRuntimeEvent & { type: `item.${string}` }, at: number): void {
    const payload = event.payload as ItemLifecyclePayload;
    if (!event.itemId) return;
    if (!TOOL_ITEM_TYPES.includes(payload.itemType) && payload.toolDetail === undefined) {
      if (this.options.captureContent && event.type === 'item.completed' && payload.text)
        this.message(s, event, at, payload);
      return;
    }
    const key = `item:${event.itemId}`;
    let open = s.open.get(key);
    if (!open) {
      if (s.closed.has(key)) return; // an update after item.completed
      const parent =
        (payload.parentItemId && this.itemContext(s, payload.parentItemId)) ||
        this.turn(s, event, at)?.ctx ||
        s.root.ctx;
      const name = payload.toolDetail?.name ?? payload.itemType;
      open = this.open(s, key, parent, `${OPERATION.executeTool} ${name}`, at, {
        [GEN_AI.operation]: OPERATION.executeTool,
        [GEN_AI.provider]: PROVIDER_NAME[s.provider] ?? s.provider,
        [GEN_AI.toolName]: name,
        [GEN_AI.toolCallId]: event.providerRefs?.providerItemId ?? event.itemId,
        [GEN_AI.toolType]: toolType(payload.itemType),
        [EVENTMAP.itemId]: event.itemId,
        [EVENTMAP.itemType]: payload.itemType,
        ...defined({ [EVENTMAP.turnId]: event.turnId, [EVENTMAP.parentItemId]: payload.parentItemId }),
      });
    }
    if (payload.toolDetail) {
      const name = payload.toolDetail.name;
      if (name) {
        // The name may come after the call opened (a tool's input streams first).
        open.span.setAttribute(GEN_AI.toolName, name);
        open.span.updateName(`${OPERATION.executeTool} ${name}`);
      }
      open.span.setAttributes(toolAttributes(payload.toolDetail, this.options.captureContent === true));
      if (this.options.captureContent) {
        const { input, output } = payload.toolDetail;
        if (input !== undefined) open.span.setAttributes(this.content(GEN_AI.toolArguments, JSON.stringify(input)));
        if (output !== undefined) {
          // An item's output is the whole output: it replaces what deltas streamed.
          open.output = [];
          open.held = 0;
          this.append(open, 'output', output);
        }
      }
    }
    if (event.type !== 'item.completed') return;
    const status = payload.status ?? 'completed';
    open.span.setAttribute(EVENTMAP.itemStatus, status);
    if (status === 'completed') open.span.setStatus({ code: SpanStatusCode.OK });
    else {
      open.span.setAttribute(GEN_AI.errorType, status);
      const error = this.options.captureContent ? payload.toolDetail?.error : undefined;
      open.span.setStatus({ code: SpanStatusCode.ERROR, message: error ? this.clip(error) : status });
    }
    if (this.options.captureContent && open.output)
      open.span.setAttributes(this.content(GEN_AI.toolResult, open.output.join('')));
    this.finish(s, key, open, at);
  }

  /** captureContent: a user or assistant message joins its turn's input or output messages. */
  private message(s: SessionTrace, event: ProviderRuntimeEvent, at: number, payload: ItemLifecyclePayload): void {
    const role =
      payload.itemType === 'user_message' ? 'user' : payload.itemType === 'assistant_message' ? 'assistant' : undefined;
    if (!role || payload.parentItemId) return;
    const turn = this.turn(s, event, at);
    if (!turn) return;
    this.append(turn, role === 'user' ? 'input' : 'output', payload.text ?? '');
  }

  private setMessages(turn: OpenSpan): void {
    const messages = (role: string, texts: string[]) =>
      JSON.stringify(texts.map((content) => ({ role, parts: [{ type: 'text', content }] })));
    if (turn.input?.length) turn.span.setAttributes(this.content(GEN_AI.inputMessages, messages('user', turn.input)));
    if (turn.output?.length)
      turn.span.setAttributes(this.content(GEN_AI.outputMessages, messages('assistant', turn.output)));
  }

  /** Where an approval, question, task or error goes: its item's span, else its turn's, else the root. */
  private target(s: SessionTrace, event: ProviderRuntimeEvent, at: number): OpenSpan {
    return (event.itemId && s.open.get(`item:${event.itemId}`)) || this.turn(s, event, at) || s.root;
  }

  private itemContext(s: SessionTrace, itemId: string): Context | undefined {
    return s.open.get(`item:${itemId}`)?.ctx ?? s.closed.get(`item:${itemId}`);
  }

  private open(
    s: SessionTrace,
    key: string,
    parent: Context,
    name: string,
    at: number,
    attributes: Attributes,
  ): OpenSpan {
    if (s.open.size >= this.limits.maxOpenSpans) {
      const [oldKey, oldest] = s.open.entries().next().value as [string, OpenSpan];
      oldest.span.setAttribute(EVENTMAP.evicted, true);
      this.finish(s, oldKey, oldest, at);
    }
    const span = this.tracer.startSpan(name, { kind: SpanKind.INTERNAL, startTime: at, attributes }, parent);
    const open: OpenSpan = { span, ctx: trace.setSpan(parent, span), start: at };
    s.open.set(key, open);
    return open;
  }

  private finish(s: SessionTrace, key: string, open: OpenSpan, at: number): void {
    s.open.delete(key);
    if (key.startsWith('turn:')) remember(s.endedTurns, key.slice('turn:'.length), true, this.limits.maxOpenSpans);
    else remember(s.closed, key, open.ctx, this.limits.maxOpenSpans);
    open.span.end(Math.max(at, open.start));
  }

  private agentName(provider: ProviderKind): string {
    return this.options.agentName ?? provider;
  }

  private time(s: SessionTrace, createdAt: string): number {
    const t = this.parse(createdAt) ?? s.last;
    if (t > s.last) s.last = t;
    return t;
  }

  private parse(createdAt: string): number | undefined {
    const t = Date.parse(createdAt);
    return Number.isNaN(t) ? undefined : t;
  }

  private clip(text: string): string {
    return text.length > this.limits.maxContentLength ? text.slice(0, this.limits.maxContentLength) : text;
  }

  private content(key: string, text: string): Attributes {
    const clipped = this.clip(text);
    return clipped.length < text.length ? { [key]: clipped, [EVENTMAP.truncated]: true } : { [key]: text };
  }

  /** Keeps at most maxContentLength characters of a span's content (clip() cuts what is set). */
  private append(open: OpenSpan, side: 'input' | 'output', text: string): void {
    const held = open.held ?? 0;
    if (held >= this.limits.maxContentLength) return;
    const kept = text.slice(0, this.limits.maxContentLength - held);
    (open[side] ??= []).push(kept);
    open.held = held + kept.length;
  }
}

/** Trace a whole array of events (a recording, a stored session) and end what stays open. */
export function traceEvents(events: Iterable<ProviderRuntimeEvent>, options: EventTracerOptions = {}): void {
  const tracer = new EventTracer(options);
  for (const e of events) tracer.push(e);
  tracer.end();
}

/** Insert into a map kept to `limit` entries, the oldest going first. */
function remember<V>(map: Map<string, V>, key: string, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > limit) map.delete(map.keys().next().value as string);
}
