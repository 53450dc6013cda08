// A codex-app-server scenario: one turn — its prompt, the model's script, and what the client
// (the driver) does during the turn: how it answers server requests, whether it interrupts — or,
// instead of a prompt, client requests on the thread (thread/goal/set ...).
import type { Message } from '../drivers/jsonrpc.ts';
import type { Scenario } from './types.ts';

/**
 * An answer to an approval; `partial` grants a permissions request only some of what it asked;
 * `hold` never answers (the request stays pending, for an interrupt); `decline` to
 * requestUserInput answers no question.
 */
export type Decision = 'accept' | 'decline' | 'cancel' | 'partial' | 'hold';

export interface ClientRequest {
  method: string;
  params: Record<string, unknown>;
}

export interface CodexScenario extends Scenario {
  /** Extra `turn/start` params (approvalPolicy, collaborationMode ...); model is the thread's model. */
  turn?: (model: string) => Record<string, unknown>;
  /** Answers to the turn's approval requests, in order (default accept). */
  decisions?: Decision[];
  /** Send `turn/interrupt` shortly after the first server message matching this. */
  interruptOn?: (m: Message) => boolean;
  /**
   * Client requests sent instead of a prompt, in order; after each the driver waits until no turn
   * runs and the server is quiet (a request may start turns by itself). If the first one is refused
   * (the version lacks the method), the scenario is skipped and its traffic left out.
   */
  requests?: (threadId: string) => ClientRequest[];
  /** Why this version cannot run the scenario, judged from the tools it offered the model. */
  unsupported?: (tools: ReadonlySet<string>) => string | undefined;
}
