// A claude-agent-sdk scenario: one prompt of the session — the model's script, and what the app
// (the driver) does meanwhile: how canUseTool answers, whether it interrupts.
import type { Scenario } from './types.ts';

/**
 * A canUseTool answer: allow, deny (for AskUserQuestion: answer, decline), cancel (deny and stop the
 * turn: `interrupt: true`), never answer (`hold`, until an interrupt aborts it: the record has no
 * decision), or answer only after the interrupt aborted the call (`late`: deny, recorded then, with
 * the decision and the call's signal, aborted).
 */
export type Permission = 'allow' | 'deny' | 'cancel' | 'hold' | 'late';

export interface ClaudeScenario extends Scenario {
  /** canUseTool answers for this prompt, in order (default allow). */
  permissions?: Permission[];
  /** Call `interrupt()` `delayMs` after the first permission asked, or the first streamed text. */
  interrupt?: { after: 'permission' | 'text'; delayMs: number };
  /** Quiet time to wait after the result before the next prompt (background work finishing). */
  settleMs?: number;
  /** A slash command the prompt starts with (`/compact`): the marker and prompt become its arguments. */
  command?: string;
  /** `query()` options for the whole session (maxTurns, maxBudgetUsd): a recording of its own. */
  queryOptions?: Record<string, unknown>;
  /** Why this SDK version cannot run the scenario. */
  unsupported?: (version: string) => string | undefined;
}
