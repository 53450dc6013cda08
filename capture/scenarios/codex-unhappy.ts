// The codex-app-server `unhappy` recording (issue 13): a model error that is retried and recovers,
// a cancelled command approval, a permissions request granted in part and one granted nothing,
// and a thread goal set and then cleared. One thread, in this order.
import type { CodexScenario } from './codex-types.ts';
import { shell } from './codex-tools.ts';
import { DEFAULT_MODE, MODEL_RETRY, needs, ON_REQUEST, text } from './codex.ts';

const askPermissions = {
  name: 'request_permissions',
  args: {
    reason: 'The fake model wants network access and to write a folder.',
    permissions: { network: { enabled: true }, file_system: { write: ['/tmp/eventmap-capture-extra'] } },
  },
};

export const CODEX_UNHAPPY_SCENARIOS: CodexScenario[] = [
  { ...MODEL_RETRY, turn: ON_REQUEST },
  {
    name: 'shell_cancelled',
    prompt: 'Run a command outside the sandbox; I will cancel, which ends the turn.',
    turn: ON_REQUEST,
    decisions: ['cancel'],
    steps: ({ tools }) => [
      {
        kind: 'reply',
        calls: [
          shell(tools, 'touch cancelled_marker.txt', {
            escalate: 'Fake model wants to write a file; the approval is cancelled',
          }),
        ],
      },
      text('(not reached: cancel ends the turn)'),
    ],
  },
  {
    name: 'permissions_partial',
    prompt: 'Ask for network access and a folder; I will grant only the network.',
    turn: DEFAULT_MODE,
    decisions: ['partial'],
    unsupported: needs('request_permissions'),
    steps: () => [{ kind: 'reply', calls: [askPermissions] }, text('Only the network was granted.')],
  },
  {
    name: 'permissions_denied',
    prompt: 'Ask for network access and a folder; I will grant nothing.',
    turn: DEFAULT_MODE,
    decisions: ['decline'],
    unsupported: needs('request_permissions'),
    steps: () => [{ kind: 'reply', calls: [askPermissions] }, text('Nothing was granted.')],
  },
  {
    name: 'goal',
    prompt: 'Set a thread goal, then clear it.',
    // Client requests, no prompt. An active goal makes codex start a continuation turn by itself;
    // the scripted model (goal_work, found by the marker in the objective) marks the goal complete,
    // which ends the continuation; then the client clears it.
    requests: (threadId) => [
      {
        method: 'thread/goal/set',
        params: { threadId, objective: 'SCENARIO:goal_work Say that the goal is done.', status: 'active' },
      },
      { method: 'thread/goal/clear', params: { threadId } },
    ],
    steps: () => [],
  },
];

/** Model scripts no prompt starts directly: the goal's continuation turn. */
export const CODEX_UNHAPPY_HELPER_SCRIPTS: CodexScenario[] = [
  {
    name: 'goal_work',
    prompt: '',
    steps: () => [
      {
        kind: 'reply',
        text: 'Working towards the goal: it is done.',
        calls: [{ name: 'update_goal', args: { status: 'complete' } }],
      },
      text('The goal is complete.'),
    ],
  },
];
