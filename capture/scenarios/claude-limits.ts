// claude-agent-sdk recordings of the turn-ending paths that need their own session or answer
// (issue 13): an approval the user cancels (`deny` with `interrupt: true`), a manual `/compact`,
// the `maxTurns` and `maxBudgetUsd` limits, which are `query()` options for a whole session, and
// (issue 36) an interrupt while an approval is pending that the app answers only after the abort,
// and an automatic compaction.
import { bash, text } from './claude.ts';
import type { ClaudeScenario } from './claude-types.ts';

export const CLAUDE_CANCEL_COMPACT_SCENARIOS: ClaudeScenario[] = [
  {
    name: 'approval_cancelled',
    prompt: 'Run a command that needs permission; I will cancel the turn instead of answering.',
    permissions: ['cancel'],
    steps: () => [
      {
        kind: 'reply',
        text: 'I need to create a file.',
        calls: [bash('touch cancelled_marker.txt', 'Create a marker file')],
      },
      text('(not reached)'),
    ],
  },
  {
    name: 'compact',
    // `/compact <instructions>`: the marker rides in the instructions, so the summary request finds this script.
    command: '/compact',
    prompt: 'Summarise the conversation so far.',
    steps: () => [text('Summary: the user ran a few scripted scenarios; one approval was cancelled.')],
  },
];

// `query.interrupt()` while canUseTool waits for the user; the app answers (deny) once the call's
// signal has fired, and records that answer with the signal (`unhappy`'s interrupt_permission
// records none).
export const CLAUDE_INTERRUPT_PENDING_SCENARIOS: ClaudeScenario[] = [
  {
    name: 'interrupt_answered_late',
    prompt: 'Run a command that needs permission; I will interrupt, and answer only after the interrupt.',
    permissions: ['late'],
    interrupt: { after: 'permission', delayMs: 1000 },
    steps: () => [
      {
        kind: 'reply',
        text: 'I need to create a file.',
        calls: [bash('touch late_marker.txt', 'Create a marker file')],
      },
      text('(not reached)'),
    ],
  },
];

// Automatic compaction: the first answer reports a prompt that fills any model's context window, so
// the CLI compacts before it answers the next prompt (`compact_boundary` with `trigger: "auto"`).
// 0.3.x summarises the earlier prompts (context_full's script answers the summary requests too);
// 0.2.62 summarises the new prompt with them (auto_compacted's script answers) and then continues
// from the summary alone, a request with no scenario marker (the server's default answer).
export const CLAUDE_AUTO_COMPACT_SCENARIOS: ClaudeScenario[] = [
  {
    name: 'context_full',
    prompt: 'Answer; your answer reports a prompt that fills the context window.',
    steps: () => [{ kind: 'reply', text: 'The context window is full now.', inputTokens: 990_000 }],
  },
  {
    name: 'auto_compacted',
    prompt: 'Go on; the conversation is compacted before this prompt is answered.',
    steps: () => [text('Answered after the automatic compaction.')],
  },
];

/** A session limited by `queryOptions`: one allowed command, then the answer after it never comes. */
const limited = (
  name: string,
  why: string,
  queryOptions: Record<string, unknown>,
  command = `touch ${name}_marker.txt`,
): ClaudeScenario => ({
  name,
  prompt: `Run a command; ${why}, so the answer after it never comes.`,
  queryOptions,
  permissions: ['allow'],
  steps: () => [
    { kind: 'reply', text: 'Creating a file first.', calls: [bash(command, 'Create a marker file')] },
    text(`(not reached: ${name})`),
  ],
});

export const CLAUDE_MAX_TURNS_SCENARIOS: ClaudeScenario[] = [
  limited('max_turns', 'the session allows one turn', { maxTurns: 1 }),
];

// `echo`, which never asks canUseTool: 0.3.332 asks for a tool's permission even after the budget
// result ended the turn, and that late request would start a turn no result ends.
export const CLAUDE_BUDGET_SCENARIOS: ClaudeScenario[] = [
  limited('budget', 'the first model call spends the session budget', { maxBudgetUsd: 0.0001 }, 'echo budget'),
];
