// The codex-sdk scenarios: one `thread.runStreamed()` turn each, on one thread, in this order.
// The SDK's ThreadEvent stream has no approval requests, so nothing here asks: the turns run with
// approval policy `never` in a workspace-write sandbox. The model's side is scripted here.
import type { ModelStep, Scenario, ToolCall } from './types.ts';
import { patch, shell } from './codex-tools.ts';
import { MODEL_RETRY, needs, text } from './codex.ts';

export interface CodexSdkScenario extends Scenario {
  /** Why this version cannot run the scenario, judged from the tools it offered the model. */
  unsupported?: (tools: ReadonlySet<string>) => string | undefined;
}

/** An update_plan call with the two steps in these states. */
const plan = (first: string, second: string): ModelStep => ({
  kind: 'reply',
  calls: [
    {
      name: 'update_plan',
      args: {
        plan: [
          { step: 'Look around', status: first },
          { step: 'Say done', status: second },
        ],
      },
    },
  ],
});
/** The MCP server's tool (capture/drivers/mcp-server.mjs): codex offers it in namespace `mcp__<server>`. */
const MCP = { namespace: 'mcp__glossary', name: 'lookup' };
const mcpCall = (word: string): ToolCall => ({ ...MCP, args: { word } });

export const CODEX_SDK_SCENARIOS: CodexSdkScenario[] = [
  {
    name: 'chat',
    prompt: 'Please say hi, after some thought.',
    steps: () => [
      {
        kind: 'reply',
        reasoning: {
          summary: ['**Greeting** The user said hi; I will greet back.'],
          text: 'raw reasoning: greet the user.',
        },
        text: 'Hello! I am a scripted fake model.',
      },
    ],
  },
  {
    name: 'commands',
    prompt: 'Run a command that works and one that fails.',
    // One after the other: codex runs a step's calls in parallel, in no fixed order.
    steps: ({ tools }) => [
      { kind: 'reply', text: 'Running two commands.', calls: [shell(tools, 'echo hi')] },
      { kind: 'reply', calls: [shell(tools, 'ls does-not-exist')] },
      text('The first command printed hi; the second failed.'),
    ],
  },
  {
    name: 'file_change',
    prompt: 'Create notes.txt with a patch.',
    steps: ({ tools }) => [
      { kind: 'reply', calls: [patch(tools, 'notes.txt', ['written by the fake model'])] },
      text('Created notes.txt.'),
    ],
  },
  {
    name: 'todo',
    prompt: 'Track the work in a todo list.',
    unsupported: needs('update_plan'),
    steps: () => [plan('in_progress', 'pending'), plan('completed', 'in_progress'), text('The todo list is done.')],
  },
  {
    name: 'web_search',
    prompt: 'Search the web, then answer.',
    // The model searches on the server side: a Responses `web_search_call`, nothing for codex to run.
    steps: () => [{ kind: 'reply', search: 'eventmap canonical events', text: 'The search found nothing new.' }],
  },
  {
    name: 'mcp',
    prompt: 'Look a word up with the MCP tool, and one it does not know.',
    unsupported: needs(`${MCP.namespace}/${MCP.name}`),
    steps: () => [
      { kind: 'reply', calls: [mcpCall('eventmap'), mcpCall('nonsense')] },
      text('The glossary knew one of the two words.'),
    ],
  },
  MODEL_RETRY,
  {
    name: 'turn_failed',
    prompt: 'The model API fails with HTTP 500 on every attempt.',
    steps: () => [{ kind: 'http-error', status: 500, message: 'scripted internal server error' }],
  },
  {
    name: 'todo_failed',
    prompt: 'Start a todo list; then the model API fails for good.',
    unsupported: needs('update_plan'),
    steps: () => [
      plan('in_progress', 'pending'),
      { kind: 'http-error', status: 500, message: 'scripted internal server error' },
    ],
  },
  {
    name: 'stream_break',
    prompt: 'The model stream breaks off mid-message on every attempt.',
    steps: () => [{ kind: 'break', text: 'This message is cut off in the middle of' }],
  },
];
