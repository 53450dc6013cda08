// What a scenario tells the scripted model server to answer, step by step. One step is one model
// request of the agent loop; which step a request is comes from the tool results it carries.

/** A tool call the model makes. `input` is sent verbatim for freeform (custom) tools. */
export interface ToolCall {
  name: string;
  /** The tool's namespace, for tools offered inside one (codex `multi_agent_v1`). */
  namespace?: string;
  args?: Record<string, unknown>;
  input?: string;
}

export type ModelStep =
  /** A normal streamed answer: optional reasoning/thinking, text, tool calls. */
  | { kind: 'reply'; reasoning?: { summary: string[]; text?: string }; text?: string; calls?: ToolCall[] }
  /** The model API fails with this HTTP status (the CLI's retries are set to 0). */
  | { kind: 'http-error'; status: number; message: string }
  /** The stream stops mid-message: some text deltas, then the connection is destroyed. */
  | { kind: 'break'; text: string }
  /** Text deltas, then the stream stays open until the client goes away (for interrupts). */
  | { kind: 'stall'; text: string };

/** The model side of one scenario, keyed by the `SCENARIO:<name>` marker in the prompt. */
export interface ModelScript {
  name: string;
  /** The steps, given what the request shows (offered tools vary by version; outputs carry ids). */
  steps(ctx: StepContext): ModelStep[];
}

export interface StepContext {
  /** Tool names the agent offered the model in this request. */
  tools: ReadonlySet<string>;
  /** The tool results since the scenario's prompt, in order, as text. */
  outputs: string[];
  /** The agent's working directory (for tools that want absolute paths). */
  workdir: string;
}

/** Tool calls a step makes (how many tool results the next request carries). */
export function callsOf(step: ModelStep): number {
  return step.kind === 'reply' ? (step.calls?.length ?? 0) : 0;
}

/** The step for a request that carries `results` tool results since the scenario's prompt. */
export function stepFor(steps: ModelStep[], results: number): { step: ModelStep; index: number } | undefined {
  let consumed = 0;
  for (const [index, step] of steps.entries()) {
    if (consumed >= results) return { step, index };
    consumed += callsOf(step);
  }
  return undefined;
}

export const SCENARIO_MARK = /SCENARIO:([a-z0-9_]+)/;

/**
 * Ids for a step's output items: `<scenario>_<step>`, with `_r<n>` when the agent asks for the same
 * step again (a retry, a follow-up after a subagent finished), so that no two items share an id.
 */
export class StepIds {
  private readonly seen = new Map<string, number>();

  next(scenario: string, step: number | string): string {
    const base = `${scenario}_${step}`;
    const n = this.seen.get(base) ?? 0;
    this.seen.set(base, n + 1);
    return n === 0 ? base : `${base}_r${n}`;
  }
}
