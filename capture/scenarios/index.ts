// The recordings of each source: a transcript file (`<name>.<suffix>`) and the scenarios that run,
// in order, in one session to make it. `capture` is the broad tour; `unhappy` the error, retry,
// interrupt, decline and cancel paths (issue 13), kept apart so that each file stays small.
import type { ClaudeScenario } from './claude-types.ts';
import { CLAUDE_SCENARIOS } from './claude.ts';
import { CLAUDE_UNHAPPY_SCENARIOS } from './claude-unhappy.ts';
import {
  CLAUDE_AUTO_COMPACT_SCENARIOS,
  CLAUDE_BUDGET_SCENARIOS,
  CLAUDE_CANCEL_COMPACT_SCENARIOS,
  CLAUDE_INTERRUPT_PENDING_SCENARIOS,
  CLAUDE_MAX_TURNS_SCENARIOS,
} from './claude-limits.ts';
import { ACP_SCENARIOS } from './acp.ts';
import type { AcpScenario } from './acp-types.ts';
import { CODEX_SDK_SCENARIOS, type CodexSdkScenario } from './codex-sdk.ts';
import type { CodexScenario } from './codex-types.ts';
import { CODEX_SCENARIOS } from './codex.ts';
import { CODEX_UNHAPPY_SCENARIOS } from './codex-unhappy.ts';
import { CODEX_LIMITS_SCENARIOS } from './codex-limits.ts';
import type { Scenario } from './types.ts';

export interface Recording<S extends Scenario = Scenario> {
  name: string;
  scenarios: S[];
}

const claude: Recording<ClaudeScenario>[] = [
  { name: 'capture', scenarios: CLAUDE_SCENARIOS },
  { name: 'unhappy', scenarios: CLAUDE_UNHAPPY_SCENARIOS },
  // Session-wide query() options (maxTurns, maxBudgetUsd) need a session, so a recording, each.
  { name: 'cancel_compact', scenarios: CLAUDE_CANCEL_COMPACT_SCENARIOS },
  { name: 'max_turns', scenarios: CLAUDE_MAX_TURNS_SCENARIOS },
  { name: 'budget', scenarios: CLAUDE_BUDGET_SCENARIOS },
  { name: 'interrupt_pending', scenarios: CLAUDE_INTERRUPT_PENDING_SCENARIOS },
  { name: 'auto_compact', scenarios: CLAUDE_AUTO_COMPACT_SCENARIOS },
];
const codex: Recording<CodexScenario>[] = [
  { name: 'capture', scenarios: CODEX_SCENARIOS },
  { name: 'unhappy', scenarios: CODEX_UNHAPPY_SCENARIOS },
  { name: 'limits', scenarios: CODEX_LIMITS_SCENARIOS },
];
const codexSdk: Recording<CodexSdkScenario>[] = [{ name: 'capture', scenarios: CODEX_SDK_SCENARIOS }];

// One recording per ACP agent (capture/acp-agents.ts), each the same scenarios on its own session.
const acp: Recording<AcpScenario>[] = [
  { name: 'claude-agent-acp', scenarios: ACP_SCENARIOS },
  { name: 'codex-acp', scenarios: ACP_SCENARIOS },
  { name: 'codex-acp-ts', scenarios: ACP_SCENARIOS },
];

export const RECORDINGS = { 'codex-app-server': codex, 'claude-agent-sdk': claude, 'codex-sdk': codexSdk, acp };

/** Every scenario of a source, whatever its recording (the drivers look scenarios up by name). */
export const ALL_CLAUDE_SCENARIOS = claude.flatMap((r) => r.scenarios);
export const ALL_CODEX_SCENARIOS = codex.flatMap((r) => r.scenarios);
export const ALL_CODEX_SDK_SCENARIOS = codexSdk.flatMap((r) => r.scenarios);
