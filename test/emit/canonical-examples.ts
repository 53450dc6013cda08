// A valid payload of every canonical event type, written by hand (not derived from the model), so
// the validator tests also notice an event type added to the model without an example here.

export const PAYLOAD_EXAMPLES: Record<string, Record<string, unknown>> = {
  'session.started': { message: 'ready', resume: { threadId: 'thr_1' } },
  'session.configured': { config: { model: 'gpt-5', tools: ['Bash'] } },
  'session.state.changed': { state: 'running', reason: 'turn started', detail: 'compacting' },
  'session.exited': { reason: 'closed by client', recoverable: false, exitKind: 'graceful' },
  'thread.started': { providerThreadId: 'thr_019a' },
  'thread.state.changed': { state: 'active', detail: { type: 'active', activeFlags: [] } },
  'thread.metadata.updated': { name: 'Fix the build', metadata: { pinned: true } },
  'thread.token-usage.updated': {
    usage: { usedTokens: 12, maxTokens: 200000, lastInputTokens: 10, lastOutputTokens: 2 },
  },
  'thread.realtime.started': { realtimeSessionId: 'rt_1' },
  'thread.realtime.item-added': { item: { type: 'message' } },
  'thread.realtime.audio.delta': { audio: { data: 'AAAA', sampleRate: 24000 } },
  'thread.realtime.error': { message: 'socket closed' },
  'thread.realtime.closed': { reason: 'done' },
  'turn.started': { model: 'gpt-5', effort: 'medium' },
  'turn.completed': {
    state: 'completed',
    stopReason: null,
    usage: { input_tokens: 3 },
    modelUsage: { 'claude-x': { costUSD: 0.01 } },
    totalCostUsd: 0.01,
  },
  'turn.aborted': { reason: 'interrupted by user' },
  'turn.proposed.completed': { planMarkdown: '1. Read the code\n2. Fix it' },
  'turn.plan.updated': {
    explanation: null,
    plan: [
      { step: 'Read the code', status: 'completed' },
      { step: 'Fix it', status: 'inProgress' },
    ],
  },
  'turn.diff.updated': { unifiedDiff: '--- a/x\n+++ b/x\n' },
  'item.started': { itemType: 'command_execution', status: 'inProgress', title: 'ls -la' },
  'item.updated': { itemType: 'reasoning', detail: 'summary part 2' },
  'item.completed': { itemType: 'assistant_message', status: 'completed', data: { text: 'hi' } },
  'content.delta': { streamKind: 'reasoning_summary_text', delta: 'Thinking', summaryIndex: 0 },
  'request.opened': {
    requestType: 'command_execution_approval',
    detail: 'rm -rf build',
    args: { command: 'rm -rf build' },
  },
  'request.resolved': {
    requestType: 'command_execution_approval',
    decision: 'accepted',
    resolution: { decision: 'accept' },
  },
  'user-input.requested': {
    questions: [
      { id: 'q1', header: 'File', question: 'Which file?', options: [{ label: 'a.ts', description: 'the first' }] },
    ],
  },
  'user-input.resolved': { answers: { q1: ['a.ts'] } },
  'task.started': { taskId: 'task-1', description: 'Background job', taskType: 'local_bash' },
  'task.progress': {
    taskId: 'task-1',
    description: 'Background job',
    usage: { total_tokens: 5 },
    lastToolName: 'Bash',
  },
  'task.updated': { taskId: 'task-1', state: 'running', detail: { is_backgrounded: true } },
  'task.completed': { taskId: 'task-1', status: 'completed', summary: 'done' },
  'hook.started': { hookId: 'h1', hookName: 'SessionStart:startup', hookEvent: 'SessionStart' },
  'hook.progress': { hookId: 'h1', stdout: 'working' },
  'hook.completed': { hookId: 'h1', outcome: 'success', output: '', exitCode: 0 },
  'tool.progress': { toolUseId: 'toolu_1', toolName: 'Bash', elapsedSeconds: 2.5 },
  'tool.summary': { summary: 'Ran 2 commands', precedingToolUseIds: ['toolu_1', 'toolu_2'] },
  'auth.status': { isAuthenticating: false, output: ['ok'] },
  'account.updated': { account: { authMode: 'chatgpt' } },
  'account.rate-limits.updated': { rateLimits: { primary: { usedPercent: 10 } } },
  'mcp.status.updated': { status: { name: 'files', state: 'ready' } },
  'mcp.oauth.completed': { success: true, name: 'github' },
  'model.rerouted': { fromModel: 'gpt-5', toModel: 'gpt-5-mini', reason: 'capacity' },
  'config.warning': { summary: 'unknown key', details: 'foo', path: 'config.toml', range: { start: 1, end: 2 } },
  'deprecation.notice': { summary: 'old method', details: 'use the new one' },
  'files.persisted': {
    files: [{ filename: 'a.txt', fileId: 'file_1' }],
    failed: [{ filename: 'b.txt', error: 'too big' }],
  },
  'runtime.warning': { message: 'unmapped upstream message', detail: { method: 'fs/changed' } },
  'runtime.error': { message: 'stream disconnected', class: 'transport_error', detail: { willRetry: true } },
};

/** A valid event around `payload`, with every envelope field set. */
export function exampleEvent(type: string, payload: unknown = PAYLOAD_EXAMPLES[type]): Record<string, unknown> {
  return {
    eventId: '0b1c2d3e-0000-5000-8000-000000000001',
    provider: 'codex',
    sessionId: 'session-1',
    createdAt: '2026-01-31T12:00:00.000Z',
    threadId: 'thread-1',
    turnId: 'turn-1',
    itemId: 'item-1',
    requestId: 'request-1',
    providerRefs: {
      providerSessionId: 's',
      providerThreadId: 'thr_1',
      providerTurnId: 'turn_1',
      providerItemId: 'item_1',
      providerRequestId: '7',
    },
    type,
    payload,
    raw: {
      source: 'codex.app-server.notification',
      method: 'turn/completed',
      payload: { anything: ['goes', 1, null] },
    },
  };
}
