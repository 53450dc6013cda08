// An ACP scenario: one `session/prompt` of the session — the model's script, and what the client
// (the driver, playing the editor) does meanwhile: how it answers `session/request_permission`,
// whether it sends `session/cancel`. The same scenarios run against every ACP agent; their model
// steps pick the tool calls from the tools the agent offered (Claude's Bash, codex's exec_command).
import type { Message } from '../drivers/jsonrpc.ts';
import type { Scenario } from './types.ts';

/**
 * An answer to `session/request_permission`: the option of kind `allow_once` or `reject_once`, or
 * none (`hold`: the request stays pending until a `session/cancel` answers it `cancelled`).
 */
export type AcpDecision = 'allow' | 'reject' | 'hold';

export interface AcpScenario extends Scenario {
  /** Answers to the turn's permission requests, in order (default allow). */
  decisions?: AcpDecision[];
  /** Send `session/cancel` `delayMs` after the first agent message matching `on`. */
  cancel?: { on: (m: Message) => boolean; delayMs: number };
  /** The session mode to prompt in, where the agent offers it (else the session's own mode). */
  mode?: string;
  /** Why this agent cannot run the scenario, judged from the tools it offered the model. */
  unsupported?: (tools: ReadonlySet<string>) => string | undefined;
}
