// The claude-agent-sdk scenarios, in the order they are prompted, on one streaming-input session.
// The model's side is scripted here; the app's side (canUseTool answers, interrupts) too.
import semver from 'semver';
import type { ClaudeScenario } from './claude-types.ts';
import type { ModelStep, ToolCall } from './types.ts';

export const text = (t: string): ModelStep => ({ kind: 'reply', text: t });
export const bash = (command: string, description: string, extra: Record<string, unknown> = {}) => ({
  name: 'Bash',
  args: { command, description, ...extra },
});
/** A two-item todo list (TodoWrite). */
export const TODO_WRITE: ToolCall = {
  name: 'TodoWrite',
  args: {
    todos: [
      { content: 'Look around', status: 'completed', activeForm: 'Looking around' },
      { content: 'Report back', status: 'in_progress', activeForm: 'Reporting back' },
    ],
  },
};
/** The subagent tool: `Agent` in newer CLIs, `Task` in older ones. */
const agentTool = (tools: ReadonlySet<string>) => (tools.has('Agent') ? 'Agent' : 'Task');

/** An AskUserQuestion call with one question and two options. */
export const askColor = {
  name: 'AskUserQuestion',
  args: {
    questions: [
      {
        question: 'Which color should the fake model use?',
        header: 'Color',
        multiSelect: false,
        options: [
          { label: 'Blue', description: 'Calm.' },
          { label: 'Red', description: 'Bold.' },
        ],
      },
    ],
  },
};

export const CLAUDE_SCENARIOS: ClaudeScenario[] = [
  {
    name: 'hello',
    prompt: 'Say hello.',
    steps: () => [
      {
        kind: 'reply',
        reasoning: { summary: ['The user wants a greeting; text only.'] },
        text: 'Hello! I am a scripted fake model. This turn is text only.',
      },
    ],
  },
  {
    name: 'bash_readonly',
    prompt: 'Run a read-only command.',
    // `echo hi` is allowed without asking: canUseTool is not called.
    steps: () => [
      { kind: 'reply', text: 'Running a read-only command.', calls: [bash('echo hi', 'Print hi')] },
      text('The command printed: hi'),
    ],
  },
  {
    name: 'bash_allow',
    prompt: 'Write a file with Bash; I will allow it.',
    permissions: ['allow'],
    steps: () => [
      {
        kind: 'reply',
        reasoning: { summary: ['A redirect needs permission.'] },
        text: "I'll write hi into hi.txt.",
        calls: [bash('echo hi > hi.txt && cat hi.txt', 'Write hi to hi.txt')],
      },
      text('Done: hi.txt contains "hi".'),
    ],
  },
  {
    name: 'bash_deny',
    prompt: 'Create a marker file; I will deny it.',
    permissions: ['deny'],
    steps: () => [
      {
        kind: 'reply',
        text: 'Trying to create a marker file.',
        calls: [bash('touch SHOULD_NOT_EXIST.txt', 'Create marker file')],
      },
      text('The tool call was denied, so I did not create the file.'),
    ],
  },
  {
    name: 'hook_block',
    prompt: 'Run a command that the PreToolUse hook blocks.',
    steps: () => [
      { kind: 'reply', calls: [bash('echo blocked-by-hook > hooked.txt', 'Should be blocked by the PreToolUse hook')] },
      text('The PreToolUse hook blocked that command.'),
    ],
  },
  {
    name: 'write_file',
    prompt: 'Write a file with the Write tool.',
    permissions: ['allow'],
    steps: ({ workdir }) => [
      {
        kind: 'reply',
        calls: [
          { name: 'Write', args: { file_path: `${workdir}/written.txt`, content: 'written by the Write tool\n' } },
        ],
      },
      text('Wrote written.txt.'),
    ],
  },
  {
    name: 'parallel',
    prompt: 'Read a file and run a command at once.',
    permissions: ['allow'],
    steps: ({ workdir }) => [
      {
        kind: 'reply',
        text: 'Reading a file and running a command in parallel.',
        calls: [
          { name: 'Read', args: { file_path: `${workdir}/notes.txt` } },
          bash('echo second > second.txt', 'Write second.txt'),
        ],
      },
      text('Both tools finished.'),
    ],
  },
  {
    name: 'slow_bash',
    prompt: 'Run a slow command.',
    permissions: ['allow'],
    steps: () => [
      {
        kind: 'reply',
        calls: [
          bash('for i in 1 2 3 4; do echo tick $i; sleep 1; done > slow.txt; cat slow.txt', 'Slow command', {
            timeout: 60000,
          }),
        ],
      },
      text('The slow command finished.'),
    ],
  },
  {
    name: 'bg_task',
    prompt: 'Start a background command.',
    permissions: ['allow'],
    settleMs: 3000,
    steps: () => [
      { kind: 'reply', calls: [bash('sleep 1; echo bg-done > bg.txt', 'Background job', { run_in_background: true })] },
      text('Started a background job.'),
    ],
  },
  {
    name: 'todo',
    prompt: 'Track the work in a todo list.',
    // 0.3.x offers TodoWrite only as a deferred tool (behind ToolSearch), even with CLAUDE_CODE_ENABLE_TODO_TOOLS.
    unsupported: (version) =>
      semver.gte(version, '0.3.0') ? 'TodoWrite is not offered to the model (deferred tools)' : undefined,
    steps: ({ tools }) =>
      tools.has('TodoWrite')
        ? [
            {
              kind: 'reply',
              calls: [TODO_WRITE],
            },
            text('The todo list is up to date.'),
          ]
        : [text('(TodoWrite is not offered in this version.)')],
  },
  {
    name: 'ask_user',
    prompt: 'Ask me a question before you go on.',
    steps: () => [{ kind: 'reply', calls: [askColor] }, text('Thanks for answering.')],
  },
  {
    name: 'subagent',
    prompt: 'Delegate to a subagent and wait for it.',
    permissions: ['allow'],
    steps: ({ tools }) => [
      {
        kind: 'reply',
        text: 'Delegating to a subagent.',
        calls: [
          {
            name: agentTool(tools),
            args: {
              description: 'Sub task',
              prompt: 'Please run a command. SCENARIO:sub_inner',
              subagent_type: 'general-purpose',
              run_in_background: false,
            },
          },
        ],
      },
      text('The subagent reported back.'),
    ],
  },
  {
    name: 'subagent_bg',
    prompt: 'Start a background subagent.',
    settleMs: 4000,
    steps: ({ tools }) => [
      {
        kind: 'reply',
        calls: [
          {
            name: agentTool(tools),
            args: {
              description: 'Background sub task',
              prompt: 'Answer briefly. SCENARIO:sub_inner_text',
              subagent_type: 'general-purpose',
              run_in_background: true,
            },
          },
        ],
      },
      text('Launched a background subagent.'),
    ],
  },
  {
    name: 'interrupt',
    prompt: 'Run a long command; I will interrupt.',
    permissions: ['allow'],
    interrupt: { after: 'permission', delayMs: 1500 },
    // A command that asks for permission (a plain `sleep` would not), allowed, then interrupted while it runs.
    steps: () => [
      { kind: 'reply', calls: [bash('touch long_marker.txt && sleep 30 && echo never', 'Long command')] },
      text('(not reached)'),
    ],
  },
  {
    name: 'interrupt_streaming',
    prompt: 'Write a long answer; I will interrupt it while it streams.',
    interrupt: { after: 'text', delayMs: 300 },
    steps: () => [{ kind: 'stall', text: 'This answer starts streaming and then stalls until the app interrupts.' }],
  },
  {
    name: 'api_error',
    prompt: 'The model API fails with HTTP 500.',
    steps: () => [{ kind: 'http-error', status: 500, message: 'scripted internal server error' }],
  },
  {
    name: 'stream_break',
    prompt: 'The model stream breaks off mid-message.',
    steps: () => [{ kind: 'break', text: 'This message is cut off in the middle of' }],
  },
];

/** Model scripts that no prompt starts directly: subagents' own conversations. */
export const CLAUDE_HELPER_SCRIPTS: ClaudeScenario[] = [
  {
    name: 'sub_inner',
    prompt: '',
    steps: () => [
      { kind: 'reply', calls: [bash('echo from-subagent > sub.txt', 'Subagent writes sub.txt')] },
      text('Subagent: wrote sub.txt.'),
    ],
  },
  { name: 'sub_inner_text', prompt: '', steps: () => [text('Background subagent: here is my short answer.')] },
];
