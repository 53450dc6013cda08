// The acp scenarios, in the order they are prompted, on one ACP session per agent. The model's side
// is scripted here, in the tool shapes of whichever agent asks: claude-agent-acp offers Claude's
// tools (Bash, Write, TodoWrite), codex-acp codex's (exec_command, apply_patch, update_plan).
import type { Message } from '../drivers/jsonrpc.ts';
import type { AcpScenario } from './acp-types.ts';
import { bash, text, TODO_WRITE } from './claude.ts';
import { needs, UPDATE_PLAN } from './codex.ts';
import { patch, shell } from './codex-tools.ts';
import type { ModelStep, ToolCall } from './types.ts';

const isClaude = (tools: ReadonlySet<string>) => tools.has('Bash');

/** A command that asks for permission: Claude asks for any write; codex only for an escalated one. */
function command(tools: ReadonlySet<string>, cmd: string, why: string): ToolCall {
  return isClaude(tools) ? bash(cmd, why) : shell(tools, cmd, { escalate: why });
}

/** A new file: Claude's Write, codex's apply_patch. */
function newFile(tools: ReadonlySet<string>, workdir: string, file: string, lines: string[]): ToolCall {
  return isClaude(tools)
    ? { name: 'Write', args: { file_path: `${workdir}/${file}`, content: `${lines.join('\n')}\n` } }
    : patch(tools, file, lines);
}

/**
 * A two-step plan. claude-agent-acp turns TodoWrite, or the TaskCreate calls of newer CLIs (a
 * deferred tool, fetched through ToolSearch first), into `plan` updates; codex-acp update_plan.
 */
function planSteps(tools: ReadonlySet<string>): ModelStep[] {
  if (!isClaude(tools)) return [{ kind: 'reply', calls: [UPDATE_PLAN] }];
  if (tools.has('TodoWrite')) return [{ kind: 'reply', calls: [TODO_WRITE] }];
  const task = (subject: string, description: string) => ({ name: 'TaskCreate', args: { subject, description } });
  return [
    { kind: 'reply', calls: [{ name: 'ToolSearch', args: { query: 'select:TaskCreate', max_results: 1 } }] },
    { kind: 'reply', calls: [task('Look around', 'Look at the work dir.'), task('Say done', 'Tell the user.')] },
  ];
}

/** The `session/update` of one kind (`agent_message_chunk`, `tool_call` ...). */
const update = (kind: string) => (m: Message) =>
  m.method === 'session/update' && (m.params?.update as { sessionUpdate?: string } | undefined)?.sessionUpdate === kind;

export const ACP_SCENARIOS: AcpScenario[] = [
  {
    name: 'chat',
    prompt: 'Please say hi.',
    steps: () => [
      {
        kind: 'reply',
        reasoning: { summary: ['**Greeting** The user said hi; I will greet back.'] },
        text: 'Hello! I am a scripted fake model. Nothing real happened here.',
      },
    ],
  },
  {
    name: 'shell_approved',
    prompt: 'Create a marker file with a command; I will allow it.',
    decisions: ['allow'],
    // The echo gives the command output, to show where each agent reports it.
    steps: ({ tools }) => [
      {
        kind: 'reply',
        calls: [command(tools, 'touch approved_marker.txt && echo marker created', 'Create a marker file')],
      },
      text('The approved command ran.'),
    ],
  },
  {
    name: 'shell_rejected',
    prompt: 'Create a marker file with a command; I will reject it.',
    decisions: ['reject'],
    steps: ({ tools }) => [
      { kind: 'reply', calls: [command(tools, 'touch rejected_marker.txt', 'Create a marker file')] },
      text('The command was rejected, so nothing ran.'),
    ],
  },
  {
    name: 'file_edit',
    prompt: 'Create hello.txt; I will allow the edit.',
    decisions: ['allow'],
    // codex-acp applies a patch in the workspace without asking in its default mode (`auto`).
    mode: 'read-only',
    steps: ({ tools, workdir }) => [
      { kind: 'reply', calls: [newFile(tools, workdir, 'hello.txt', ['hello from the fake model', 'second line'])] },
      text('hello.txt is written.'),
    ],
  },
  {
    name: 'plan',
    prompt: 'Make a plan first.',
    unsupported: (tools) =>
      isClaude(tools)
        ? tools.has('TodoWrite') || tools.has('ToolSearch')
          ? undefined
          : 'the model is offered neither `TodoWrite` nor `ToolSearch` (for the deferred TaskCreate)'
        : needs('update_plan')(tools),
    steps: ({ tools }) => [...planSteps(tools), text('The plan is set.')],
  },
  {
    name: 'cancel_stream',
    prompt: 'Write a long answer; I will cancel it while it streams.',
    cancel: { on: update('agent_message_chunk'), delayMs: 500 },
    steps: () => [{ kind: 'stall', text: 'This answer starts streaming and then stalls until the client cancels.' }],
  },
  {
    name: 'cancel_tool',
    prompt: 'Run a long command; I will allow it, then cancel the turn while it runs.',
    decisions: ['allow'],
    cancel: { on: update('tool_call'), delayMs: 2500 },
    steps: ({ tools }) => [
      {
        kind: 'reply',
        calls: [command(tools, 'touch running_marker.txt && sleep 30 && echo never', 'A long command')],
      },
      text('(not reached: the turn is cancelled)'),
    ],
  },
  {
    name: 'cancel_permission',
    prompt: 'Run a command that needs permission; I will cancel the turn before answering.',
    decisions: ['hold'],
    cancel: { on: (m) => m.method === 'session/request_permission', delayMs: 500 },
    steps: ({ tools }) => [
      { kind: 'reply', calls: [command(tools, 'touch pending_marker.txt', 'Create a marker file')] },
      text('(not reached: the turn is cancelled)'),
    ],
  },
  {
    name: 'api_error',
    prompt: 'The model API fails with HTTP 500 on every attempt.',
    steps: () => [{ kind: 'http-error', status: 500, message: 'scripted internal server error' }],
  },
];
