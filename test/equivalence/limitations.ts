// Where an agent's view of a situation differs from the other agents', and the upstream limitation
// that makes it so: something the upstream does not send at all (eventmap never guesses). Each
// entry must still be needed (the equivalence test fails on one that explains nothing), and each
// appears in docs/parity.md's situation × agent table beside the cell it explains.
import type { Field } from './project.ts';

export interface Limitation {
  situation: string;
  /** A source, or `acp:<agent>` (equivalence/compare.ts). */
  agent: string;
  field: Field;
  /** Only these versions; all when left out. */
  versions?: string[];
  why: string;
}

const CLAUDE_NO_EXIT =
  "Claude's Bash result states no exit code (its text may say one; eventmap never reads it from text)";
const REJECT_ENDS_TURN =
  "the agent's only reject option is codex's `abort`/`cancel`, which ends the turn (`stopReason: cancelled`)";
const NO_PROMPT =
  "the Codex SDK's stream carries no prompt; an app shows it with `reply({kind: 'prompt'})`, and the recordings hold the stream alone";
const WARNING_AS_ERROR_ITEM =
  "`codex exec` sends codex's own warning (model metadata not found) as an `error` item, which the stream does not tell apart from another non-fatal error";

export const LIMITATIONS: Limitation[] = [
  { situation: 'command run', agent: 'claude-agent-sdk', field: 'commands', why: CLAUDE_NO_EXIT },
  { situation: 'command approved', agent: 'claude-agent-sdk', field: 'commands', why: CLAUDE_NO_EXIT },
  {
    situation: 'command approved',
    agent: 'acp:claude-agent-acp',
    field: 'commands',
    why: "claude-agent-acp states an exit code only in its terminal extension, which it sends to clients with the terminal capability; Claude's result has none",
  },
  { situation: 'command declined', agent: 'acp:codex-acp', field: 'turns', why: REJECT_ENDS_TURN },
  { situation: 'command declined', agent: 'acp:codex-acp-ts', field: 'turns', why: REJECT_ENDS_TURN },
  ...['chat', 'command run', 'file edit', 'API error', 'retried request', 'stream cut off', 'plan'].map(
    (situation): Limitation => ({ situation, agent: 'codex-sdk', field: 'prompt', why: NO_PROMPT }),
  ),
  {
    situation: 'file edit',
    agent: 'codex-sdk',
    field: 'edits',
    why: "the Codex SDK's `file_change` item names each file and its kind, never its content",
  },
  { situation: 'chat', agent: 'codex-sdk', field: 'items', why: WARNING_AS_ERROR_ITEM },
  { situation: 'API error', agent: 'codex-sdk', field: 'items', why: WARNING_AS_ERROR_ITEM },
  {
    situation: 'subagent',
    agent: 'codex-app-server',
    field: 'textsOnce',
    versions: ['0.105.0'],
    why: 'codex 0.105.0 asks the model again once the subagent is done, and the scripted model answers in the same words: two answers',
  },
  {
    situation: 'retried request',
    agent: 'claude-agent-sdk',
    field: 'retried',
    versions: ['0.2.62'],
    why: 'claude-agent-sdk 0.2.62 retries a failed model request without a word (`system:api_retry` came later)',
  },
];
