// claude-agent-sdk recordings of the turn-ending paths that need their own session or answer
// (issue 13): an approval the user cancels (`deny` with `interrupt: true`), a manual `/compact`,
// and the `maxTurns` and `maxBudgetUsd` limits, which are `query()` options for a whole session.
import { bash, text } from './claude.ts';
import type { ClaudeScenario } from './claude-types.ts';

export const CLAUDE_CANCEL_COMPACT_SCENARIOS: ClaudeScenario[] = [
  {
    name: 'approval_cancelled',
    prompt: 'Run a command that needs permission; I will cancel the turn instead of answering.',
    permissions: ['cancel'],
    steps: () => [{ kind: 'reply', text: 'I need to create a file.', calls: [bash('touch cancelled_marker.txt', 'Create a marker file')] }, text('(not reached)')],
  },
  {
    name: 'compact',
    // `/compact <instructions>`: the marker rides in the instructions, so the summary request finds this script.
    command: '/compact',
    prompt: 'Summarise the conversation so far.',
    steps: () => [text('Summary: the user ran a few scripted scenarios; one approval was cancelled.')],
  },
];

export const CLAUDE_MAX_TURNS_SCENARIOS: ClaudeScenario[] = [
  {
    name: 'max_turns',
    prompt: 'Run a command; the session allows one turn, so the answer after it never comes.',
    queryOptions: { maxTurns: 1 },
    permissions: ['allow'],
    steps: () => [{ kind: 'reply', text: 'Creating a file first.', calls: [bash('touch max_turns_marker.txt', 'Create a marker file')] }, text('(not reached: max turns)')],
  },
];

export const CLAUDE_BUDGET_SCENARIOS: ClaudeScenario[] = [
  {
    name: 'budget',
    prompt: 'Run a command; the session budget is spent by the first model call.',
    queryOptions: { maxBudgetUsd: 0.0001 },
    permissions: ['allow'],
    steps: () => [{ kind: 'reply', text: 'Creating a file first.', calls: [bash('touch budget_marker.txt', 'Create a marker file')] }, text('(not reached: budget)')],
  },
];
