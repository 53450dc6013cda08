// The claude-agent-sdk `unhappy` recording (issue 13): a failed model call that is retried, one
// that fails for good, a stream cut off and retried, interrupts during a tool and while a permission is pending, a
// declined AskUserQuestion, and progress of a slow command. One session, prompted in this order.
import semver from 'semver';
import { askColor, bash, text } from './claude.ts';
import type { ClaudeScenario } from './claude-types.ts';

export const CLAUDE_UNHAPPY_SCENARIOS: ClaudeScenario[] = [
  {
    name: 'api_retry',
    prompt: 'The model API fails once with HTTP 500; the retry succeeds.',
    steps: () => [
      {
        kind: 'flaky',
        fail: { kind: 'http-error', status: 500, message: 'scripted internal server error (once)' },
        then: text('The model API failed once; this answer came on the retry.'),
      },
    ],
  },
  {
    name: 'api_failed',
    prompt: 'The model API fails with HTTP 500 on every attempt.',
    // CLAUDE_CODE_MAX_RETRIES=1: one retry (0.3.x reports it as system api_retry), then the turn fails.
    steps: () => [{ kind: 'http-error', status: 500, message: 'scripted internal server error' }],
  },
  {
    name: 'stream_retry',
    prompt: 'The model stream breaks off mid-message once; the retry succeeds.',
    // The cut-off copy is abandoned: 0.2.62 falls back to a non-streaming request, 0.3.x streams again.
    steps: () => [
      {
        kind: 'flaky',
        fail: { kind: 'break', text: 'This answer arrives in full on the' },
        then: text('This answer arrives in full on the second attempt.'),
      },
    ],
  },
  {
    name: 'interrupt_tool',
    prompt: 'Run a long command; I will interrupt it while it runs.',
    permissions: ['allow'],
    interrupt: { after: 'permission', delayMs: 1500 },
    steps: () => [
      {
        kind: 'reply',
        text: 'Starting a long command.',
        calls: [bash('touch running_marker.txt && sleep 30 && echo never', 'Long command')],
      },
      text('(not reached)'),
    ],
  },
  {
    name: 'interrupt_permission',
    prompt: 'Run a command that needs permission; I will interrupt before answering.',
    // canUseTool never answers; the interrupt aborts it.
    permissions: ['hold'],
    interrupt: { after: 'permission', delayMs: 1000 },
    steps: () => [
      { kind: 'reply', calls: [bash('touch pending_marker.txt', 'Create a marker file')] },
      text('(not reached)'),
    ],
  },
  {
    name: 'ask_declined',
    prompt: 'Ask me a question; I will decline to answer.',
    permissions: ['deny'],
    steps: () => [{ kind: 'reply', calls: [askColor] }, text('You declined to answer, so I go on without a color.')],
  },
  {
    name: 'tool_progress',
    prompt: 'Run a slow command that reports progress.',
    permissions: ['allow'],
    // tool_progress: 0.2.x sends it while a command runs (CLAUDE_CODE_CONTAINER_ID set), 0.3.x only
    // as a heartbeat after 30 s. A loop, not a leading `sleep`, which 0.3.x refuses.
    steps: ({ version }) => {
      const seconds = semver.lt(version, '0.3.0') ? 5 : 34;
      return [
        {
          kind: 'reply',
          calls: [
            bash(
              `for i in $(seq 1 ${seconds}); do echo tick $i; sleep 1; done > progress.txt; tail -n 1 progress.txt`,
              'Slow command with progress',
              { timeout: 120000 },
            ),
          ],
        },
        text('The slow command finished.'),
      ];
    },
  },
];
