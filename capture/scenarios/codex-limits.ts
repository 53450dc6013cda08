// The codex-app-server `limits` recording (issue 13): an interrupt while a command approval is
// pending, a manual compaction, a usage limit the model API reports, and a Plan-mode question the
// user declines. One thread, in this order.
import type { CodexScenario } from './codex-types.ts';
import { shell } from './codex-tools.ts';
import { ASK_COLOR, needs, ON_REQUEST, PLAN_MODE, text } from './codex.ts';

export const CODEX_LIMITS_SCENARIOS: CodexScenario[] = [
  {
    name: 'interrupt_pending',
    prompt: 'Run a command outside the sandbox; I will interrupt before answering the approval.',
    turn: ON_REQUEST,
    decisions: ['hold'],
    interruptOn: (m) => m.method === 'item/commandExecution/requestApproval' || m.method === 'execCommandApproval',
    steps: ({ tools }) => [
      {
        kind: 'reply',
        calls: [
          shell(tools, 'touch pending_marker.txt', {
            escalate: 'Fake model wants to write a file; the user interrupts instead',
          }),
        ],
      },
      text('(not reached: interrupted)'),
    ],
  },
  {
    name: 'before_compact',
    prompt: 'Say something worth summarising.',
    turn: ON_REQUEST,
    // The compaction request that follows carries no marker of its own: the model server finds this
    // scenario's (the last one), whose only step is a plain text answer, which becomes the summary.
    steps: () => [text('Summary: the user asked for a command, interrupted it, and asked for a summary.')],
  },
  {
    name: 'compact',
    prompt: 'Compact the thread.',
    requests: (threadId) => [{ method: 'thread/compact/start', params: { threadId } }],
    steps: () => [],
  },
  {
    name: 'usage_limit',
    prompt: 'The model API says the usage limit is reached.',
    turn: ON_REQUEST,
    // HTTP 429 with error type usage_limit_reached: codex reports UsageLimitReached, not retried.
    steps: () => [
      {
        kind: 'http-error',
        status: 429,
        errorType: 'usage_limit_reached',
        message: 'scripted: the usage limit has been reached',
      },
    ],
  },
  {
    name: 'input_declined',
    prompt: 'Plan mode: ask me which option I prefer; I will not answer.',
    turn: PLAN_MODE,
    decisions: ['decline'],
    unsupported: needs('request_user_input'),
    steps: () => [ASK_COLOR, text('You did not answer; the plan goes on without a color.')],
  },
];
