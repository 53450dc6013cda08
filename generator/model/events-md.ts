// What EVENTS.md §1 (the canonical model spec) itself declares: event types, id kinds and enum
// values. The loader holds canonical-model.yaml to it, so nothing from the spec can be dropped and
// anything beyond it must carry an extension reason. Payload shapes are checked by the tests.
// Names of the spec's inline enums (ItemStatus, HookOutcome...) are eventmap's.

export const SPEC_EVENT_TYPES: readonly string[] = [
  'session.started', 'session.configured', 'session.state.changed', 'session.exited',
  'thread.started', 'thread.state.changed', 'thread.metadata.updated', 'thread.token-usage.updated',
  'thread.realtime.started', 'thread.realtime.item-added', 'thread.realtime.audio.delta', 'thread.realtime.error', 'thread.realtime.closed',
  'turn.started', 'turn.completed', 'turn.aborted', 'turn.plan.updated', 'turn.diff.updated',
  'item.started', 'item.updated', 'item.completed', 'content.delta',
  'request.opened', 'request.resolved', 'user-input.requested', 'user-input.resolved',
  'task.started', 'task.progress', 'task.completed', 'hook.started', 'hook.progress', 'hook.completed',
  'tool.progress', 'tool.summary', 'auth.status', 'account.updated', 'account.rate-limits.updated',
  'mcp.status.updated', 'mcp.oauth.completed', 'model.rerouted', 'config.warning', 'deprecation.notice',
  'files.persisted', 'runtime.warning', 'runtime.error',
];

export const SPEC_ID_KINDS: readonly string[] = [
  'EventId', 'RuntimeSessionId', 'ThreadId', 'TurnId', 'RuntimeItemId', 'RuntimeRequestId', 'RuntimeTaskId',
  'ProviderSessionId', 'ProviderThreadId', 'ProviderTurnId', 'ProviderItemId',
];

/** Enum name → the spec's values; `null` when the spec names the type but leaves its values open. */
export const SPEC_ENUMS: Readonly<Record<string, readonly string[] | null>> = {
  ProviderKind: null,
  RuntimeEventRawSource: ['codex.app-server.notification', 'codex.app-server.request', 'codex.eventmsg', 'claude.sdk.message', 'claude.sdk.permission', 'codex.sdk.thread-event'],
  CanonicalItemType: ['user_message', 'assistant_message', 'reasoning', 'plan', 'command_execution', 'file_change', 'mcp_tool_call', 'dynamic_tool_call', 'collab_agent_tool_call', 'web_search', 'image_view', 'review_entered', 'review_exited', 'context_compaction', 'error', 'unknown'],
  CanonicalRequestType: ['command_execution_approval', 'file_change_approval', 'apply_patch_approval', 'exec_command_approval', 'tool_user_input', 'dynamic_tool_call', 'auth_tokens_refresh', 'unknown'],
  ContentStreamKind: ['assistant_text', 'reasoning_text', 'reasoning_summary_text', 'plan_text', 'command_output', 'file_change_output', 'unknown'],
  SessionState: ['starting', 'ready', 'running', 'waiting', 'stopped', 'error'],
  ThreadState: ['active', 'idle', 'archived', 'closed', 'compacted', 'error'],
  TurnState: ['completed', 'failed', 'interrupted', 'cancelled'],
  ItemStatus: ['inProgress', 'completed', 'failed', 'declined'],
  PlanStepStatus: ['pending', 'inProgress', 'completed'],
  TaskStatus: ['completed', 'failed', 'stopped'],
  HookOutcome: ['success', 'error', 'cancelled'],
  RuntimeErrorClass: ['provider_error', 'transport_error', 'permission_error', 'validation_error', 'unknown'],
  SessionExitKind: ['graceful', 'error'],
};
