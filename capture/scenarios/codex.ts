// The codex-app-server scenarios, in the order they run: one turn each, on one thread.
// The model's side is scripted here; the client's side (answers, interrupts) too.
import type { CodexScenario } from './codex-types.ts';
import type { ModelStep, ToolCall } from './types.ts';
import { namespaceOf, offers, patch, shell } from './codex-tools.ts';

export const ON_REQUEST = () => ({ approvalPolicy: 'on-request' });
export const needs = (tool: string) => (tools: ReadonlySet<string>) =>
  tools.size === 0 || offers(tools, tool) ? undefined : `the model is not offered \`${tool}\` in this version`;
export const text = (t: string) => ({ kind: 'reply' as const, text: t });
/** `turn/start` in a collaboration mode: request_user_input is only available in `plan`, request_permissions in `default`. */
const inMode = (mode: 'plan' | 'default') => (model: string) => ({
  approvalPolicy: 'on-request',
  collaborationMode: { mode, settings: { model, developer_instructions: null, reasoning_effort: null } },
});
export const PLAN_MODE = inMode('plan');
export const DEFAULT_MODE = inMode('default');
/**
 * Fails twice: codex retries a failed request once silently (request_max_retries), then once more
 * as a visible stream retry (an `error` with willRetry: true; "Reconnecting... 1/1"), which succeeds.
 */
export const MODEL_RETRY = {
  name: 'model_retry',
  prompt: 'The model API fails twice with HTTP 500; the retry succeeds.',
  steps: (): ModelStep[] => [
    {
      kind: 'flaky',
      failures: 2,
      fail: { kind: 'http-error', status: 500, message: 'scripted internal server error (twice)' },
      then: text('The model API failed twice; this answer came on the retry.'),
    },
  ],
};
/** The model asks one question with two options. */
export const ASK_COLOR = {
  kind: 'reply' as const,
  calls: [
    {
      name: 'request_user_input',
      args: {
        questions: [
          {
            id: 'color_choice',
            header: 'Color',
            question: 'Which color should the fake model use?',
            options: [
              { label: 'Blue (Recommended)', description: 'Calm.' },
              { label: 'Red', description: 'Bold.' },
            ],
          },
        ],
      },
    },
  ],
};
/** A two-step plan (update_plan). */
export const UPDATE_PLAN: ToolCall = {
  name: 'update_plan',
  args: {
    explanation: 'Two steps.',
    plan: [
      { step: 'Look around', status: 'completed' },
      { step: 'Say done', status: 'in_progress' },
    ],
  },
};

export const CODEX_SCENARIOS: CodexScenario[] = [
  {
    name: 'chat',
    prompt: 'Please say hi.',
    turn: ON_REQUEST,
    steps: () => [
      {
        kind: 'reply',
        reasoning: {
          summary: ['**Greeting** The user said hi; I will greet back.', '**Second thought** A second summary part.'],
          text: 'raw reasoning: greet the user.',
        },
        text: 'Hello! I am a scripted fake model. Nothing real happened here.',
      },
    ],
  },
  {
    name: 'shell',
    prompt: 'Run `echo hi` in the sandbox.',
    turn: ON_REQUEST,
    steps: ({ tools }) => [
      {
        kind: 'reply',
        reasoning: { summary: ['**Running a command** A sandboxed echo needs no approval.'] },
        calls: [shell(tools, 'echo hi')],
      },
      text('The sandboxed command printed hi.'),
    ],
  },
  {
    name: 'shell_approved',
    prompt: 'Run a command outside the sandbox; I will approve it.',
    turn: ON_REQUEST,
    decisions: ['accept'],
    steps: ({ tools }) => [
      {
        kind: 'reply',
        calls: [
          shell(tools, 'echo escalated && touch approved_marker.txt', {
            escalate: 'Fake model wants to write a marker outside the sandbox',
          }),
        ],
      },
      text('The approved command ran.'),
    ],
  },
  {
    name: 'shell_declined',
    prompt: 'Run a command outside the sandbox; I will decline it.',
    turn: ON_REQUEST,
    decisions: ['decline'],
    steps: ({ tools }) => [
      {
        kind: 'reply',
        calls: [
          shell(tools, 'touch declined_marker.txt', {
            escalate: 'Fake model wants to write a file that will be declined',
          }),
        ],
      },
      text('The command was declined, so nothing ran.'),
    ],
  },
  {
    name: 'patch_approved',
    prompt: 'Create hello.txt with a patch; I will approve it.',
    // Under `untrusted` every patch asks for approval.
    turn: () => ({ approvalPolicy: 'untrusted' }),
    decisions: ['accept'],
    steps: ({ tools }) => [
      { kind: 'reply', calls: [patch(tools, 'hello.txt', ['hello from the fake model', 'second line'])] },
      text('Patch applied.'),
    ],
  },
  {
    name: 'patch_declined',
    prompt: 'Create declined.txt with a patch; I will decline it.',
    turn: () => ({ approvalPolicy: 'untrusted' }),
    decisions: ['decline'],
    steps: ({ tools }) => [
      { kind: 'reply', calls: [patch(tools, 'declined.txt', ['never written'])] },
      text('The patch was declined.'),
    ],
  },
  {
    name: 'patch_cancelled',
    prompt: 'Create cancelled.txt with a patch; I will cancel, which ends the turn.',
    turn: () => ({ approvalPolicy: 'untrusted' }),
    decisions: ['cancel'],
    steps: ({ tools }) => [
      { kind: 'reply', calls: [patch(tools, 'cancelled.txt', ['never written'])] },
      text('(not reached: cancel ends the turn)'),
    ],
  },
  {
    name: 'plan',
    prompt: 'Make a plan first.',
    turn: ON_REQUEST,
    unsupported: needs('update_plan'),
    steps: () => [
      {
        kind: 'reply',
        calls: [UPDATE_PLAN],
      },
      text('The plan is set.'),
    ],
  },
  {
    name: 'parallel',
    prompt: 'Run two commands at once.',
    turn: ON_REQUEST,
    steps: ({ tools }) => [
      { kind: 'reply', calls: [shell(tools, 'echo first'), shell(tools, 'echo second')] },
      text('Both commands finished.'),
    ],
  },
  {
    name: 'slow',
    prompt: 'Run a slow command that prints as it goes.',
    turn: ON_REQUEST,
    steps: ({ tools }) => [
      { kind: 'reply', calls: [shell(tools, 'for i in 1 2 3; do echo tick $i; sleep 1; done')] },
      text('The slow command finished.'),
    ],
  },
  {
    name: 'subagent',
    prompt: 'Ask a subagent to answer, and wait for it.',
    turn: ON_REQUEST,
    unsupported: needs('spawn_agent'),
    steps: ({ tools, outputs }) => {
      const namespace = namespaceOf(tools, 'spawn_agent');
      const agent = agentIdIn(outputs[0]);
      return [
        {
          kind: 'reply',
          calls: [
            {
              name: 'spawn_agent',
              ...(namespace ? { namespace } : {}),
              args: { message: 'SCENARIO:sub_child Answer in one sentence.' },
            },
          ],
        },
        {
          kind: 'reply',
          calls: [
            {
              name: offers(tools, 'wait_agent') ? 'wait_agent' : 'wait',
              ...(namespace ? { namespace } : {}),
              args: offers(tools, 'wait_agent')
                ? { targets: [agent], timeout_ms: 30_000 }
                : { ids: [agent], timeout_ms: 30_000 },
            },
          ],
        },
        text('The subagent answered.'),
      ];
    },
  },
  {
    name: 'user_input',
    prompt: 'Plan mode: ask me which option I prefer.',
    turn: PLAN_MODE,
    unsupported: needs('request_user_input'),
    steps: () => [ASK_COLOR, text('You chose an option; the plan is done.')],
  },
  {
    name: 'permissions',
    prompt: 'Ask for extra permissions.',
    turn: DEFAULT_MODE,
    decisions: ['accept'],
    unsupported: needs('request_permissions'),
    steps: () => [
      {
        kind: 'reply',
        calls: [
          {
            name: 'request_permissions',
            args: { reason: 'The fake model wants network access.', permissions: { network: { enabled: true } } },
          },
        ],
      },
      text('Permissions handled.'),
    ],
  },
  {
    name: 'interrupt',
    prompt: 'Run a long command; I will interrupt the turn.',
    turn: ON_REQUEST,
    interruptOn: (m) =>
      m.method === 'item/started' && (m.params?.item as { type?: string } | undefined)?.type === 'commandExecution',
    steps: ({ tools }) => [{ kind: 'reply', calls: [shell(tools, 'sleep 30; echo never')] }, text('(not reached)')],
  },
  {
    name: 'interrupt_streaming',
    prompt: 'Write a long answer; I will interrupt it while it streams.',
    turn: ON_REQUEST,
    interruptOn: (m) => m.method === 'item/agentMessage/delta',
    steps: () => [
      { kind: 'stall', text: 'This answer starts streaming and then stalls until the client interrupts the turn.' },
    ],
  },
  {
    name: 'model_error',
    prompt: 'The model API fails with HTTP 500.',
    turn: ON_REQUEST,
    steps: () => [{ kind: 'http-error', status: 500, message: 'scripted internal server error' }],
  },
  {
    name: 'stream_break',
    prompt: 'The model stream breaks off mid-message.',
    turn: ON_REQUEST,
    steps: () => [{ kind: 'break', text: 'This message is cut off in the middle of' }],
  },
];

/** Model scripts that no turn starts directly: a subagent's own conversation. */
export const CODEX_HELPER_SCRIPTS: CodexScenario[] = [
  { name: 'sub_child', prompt: '', steps: () => [text('Subagent here: the answer is 42.')] },
];

/** The agent id in a spawn_agent result (`{"agent_id": "..."}`), or a placeholder the tool rejects. */
function agentIdIn(output: string | undefined): string {
  try {
    const parsed = JSON.parse(output ?? '') as { agent_id?: string; id?: string };
    return parsed.agent_id ?? parsed.id ?? 'unknown-agent';
  } catch {
    return /[0-9a-f-]{36}/.exec(output ?? '')?.[0] ?? 'unknown-agent';
  }
}
