// The OpenTelemetry GenAI semantic conventions this export follows, pinned: the names below are
// those of semconv v1.41.0 (gen-ai-spans.md, gen-ai-agent-spans.md; docs/decisions.md says why
// this version). Where the conventions name nothing, attributes go under `eventmap.`.
import type { ProviderKind } from '../../generated/canonical/types.ts';

/** The semantic conventions version the spans follow (also the tracer's schema URL). */
export const SEMCONV_VERSION = '1.41.0';
export const SCHEMA_URL = `https://opentelemetry.io/schemas/${SEMCONV_VERSION}`;

export const GEN_AI = {
  operation: 'gen_ai.operation.name',
  provider: 'gen_ai.provider.name',
  agentName: 'gen_ai.agent.name',
  conversationId: 'gen_ai.conversation.id',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  finishReasons: 'gen_ai.response.finish_reasons',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  cacheReadTokens: 'gen_ai.usage.cache_read.input_tokens',
  reasoningTokens: 'gen_ai.usage.reasoning.output_tokens',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
  // Content: set only with `captureContent: true` (the conventions make them opt-in).
  toolArguments: 'gen_ai.tool.call.arguments',
  toolResult: 'gen_ai.tool.call.result',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  errorType: 'error.type',
} as const;

export const OPERATION = { invokeAgent: 'invoke_agent', executeTool: 'execute_tool' } as const;

/**
 * gen_ai.provider.name from the event's `provider`: the vendor whose models the agent runs (the
 * conventions' well-known values). ACP names no vendor: its agent may run any model.
 */
export const PROVIDER_NAME: Record<ProviderKind, string> = {
  codex: 'openai',
  claudeAgent: 'anthropic',
  acp: 'acp',
};

/** What the conventions leave unnamed: eventmap's own attributes and span event names. */
export const EVENTMAP = {
  provider: 'eventmap.provider',
  sessionId: 'eventmap.session.id',
  threadId: 'eventmap.thread.id',
  providerThreadId: 'eventmap.provider_thread.id',
  turnId: 'eventmap.turn.id',
  turnState: 'eventmap.turn.state',
  effort: 'eventmap.turn.effort',
  abortReason: 'eventmap.turn.abort_reason',
  modelFrom: 'eventmap.model.from',
  modelTo: 'eventmap.model.to',
  costUsd: 'eventmap.usage.cost_usd',
  sessionCostUsd: 'eventmap.usage.session_cost_usd',
  itemId: 'eventmap.item.id',
  itemType: 'eventmap.item.type',
  itemStatus: 'eventmap.item.status',
  parentItemId: 'eventmap.item.parent_id',
  command: 'eventmap.tool.command',
  cwd: 'eventmap.tool.cwd',
  exitCode: 'eventmap.tool.exit_code',
  server: 'eventmap.tool.server',
  url: 'eventmap.tool.url',
  query: 'eventmap.tool.query',
  files: 'eventmap.tool.files',
  fileKinds: 'eventmap.tool.file_kinds',
  taskId: 'eventmap.task.id',
  taskState: 'eventmap.task.state',
  subagentType: 'eventmap.subagent.type',
  subagentModel: 'eventmap.subagent.model',
  taskTokens: 'eventmap.task.total_tokens',
  taskToolUses: 'eventmap.task.tool_uses',
  taskDurationMs: 'eventmap.task.duration_ms',
  requestId: 'eventmap.request.id',
  requestType: 'eventmap.request.type',
  decision: 'eventmap.request.decision',
  questions: 'eventmap.user_input.questions',
  questionTexts: 'eventmap.user_input.question_texts',
  answered: 'eventmap.user_input.answered',
  answers: 'eventmap.user_input.answers',
  exitKind: 'eventmap.session.exit_kind',
  retryAttempt: 'eventmap.retry.attempt',
  retryStatus: 'eventmap.retry.http_status',
  unfinished: 'eventmap.unfinished',
  evicted: 'eventmap.evicted',
  truncated: 'eventmap.content_truncated',
} as const;

/** Span event names. */
export const SPAN_EVENT = {
  approvalRequested: 'eventmap.approval.requested',
  approvalResolved: 'eventmap.approval.resolved',
  questionAsked: 'eventmap.user_input.requested',
  questionAnswered: 'eventmap.user_input.resolved',
  modelRequest: 'eventmap.model_request',
  modelRetry: 'eventmap.model_retry',
  modelRerouted: 'eventmap.model_rerouted',
  taskStarted: 'eventmap.task.started',
  taskCompleted: 'eventmap.task.completed',
  exception: 'exception',
} as const;
