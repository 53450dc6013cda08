// A codex-app-server scenario: one turn — its prompt, the model's script, and what the client
// (the driver) does during the turn: how it answers server requests, whether it interrupts.
import type { Message } from '../drivers/jsonrpc.ts';
import type { ModelScript } from './types.ts';

export type Decision = 'accept' | 'decline' | 'cancel';

export interface CodexScenario extends ModelScript {
  /** Human text after the `SCENARIO:<name>` marker. */
  prompt: string;
  /** Extra `turn/start` params (approvalPolicy, collaborationMode ...); model is the thread's model. */
  turn?: (model: string) => Record<string, unknown>;
  /** Answers to the turn's approval requests, in order (default accept). */
  decisions?: Decision[];
  /** Send `turn/interrupt` shortly after the first server message matching this. */
  interruptOn?: (m: Message) => boolean;
  /** Why this version cannot run the scenario, judged from the tools it offered the model. */
  unsupported?: (tools: ReadonlySet<string>) => string | undefined;
}
