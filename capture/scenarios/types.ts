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
  /**
   * A normal streamed answer: optional reasoning/thinking, text, tool calls. `search`: a web search
   * the model ran on the server side (Responses `web_search_call`; nothing for the agent to run).
   * `inputTokens`: the prompt size the Messages server reports (default 100), to fill the context.
   */
  | {
      kind: 'reply';
      reasoning?: { summary: string[]; text?: string };
      text?: string;
      calls?: ToolCall[];
      search?: string;
      inputTokens?: number;
    }
  /** The model API fails with this HTTP status (the CLI's retries are set to 0); `errorType`: the body's error type (Responses `usage_limit_reached`). */
  | { kind: 'http-error'; status: number; message: string; errorType?: string }
  /** The stream stops mid-message: some text deltas, then the connection is destroyed. */
  | { kind: 'break'; text: string }
  /** Text deltas, then the stream stays open until the client goes away (for interrupts). */
  | { kind: 'stall'; text: string }
  /** The first `failures` requests for this step get `fail` (an error, a broken stream), the retry gets `then`. */
  | { kind: 'flaky'; fail: ModelStep; failures?: number; then: ModelStep };

/** A step as the server answers one request (a flaky step resolved to this attempt's). */
export type ServedStep = Exclude<ModelStep, { kind: 'flaky' }>;

/** The model side of one scenario, keyed by the `SCENARIO:<name>` marker in the prompt. */
export interface ModelScript {
  name: string;
  /** The steps, given what the request shows (offered tools vary by version; outputs carry ids). */
  steps(ctx: StepContext): ModelStep[];
}

/** A prompt of a session and the model's script for it. */
export interface Scenario extends ModelScript {
  /** Human text after the `SCENARIO:<name>` marker. */
  prompt: string;
}

export interface StepContext {
  /** Tool names the agent offered the model in this request. */
  tools: ReadonlySet<string>;
  /** The tool results since the scenario's prompt, in order, as text. */
  outputs: string[];
  /** The agent's working directory (for tools that want absolute paths). */
  workdir: string;
  /** The upstream version being recorded. */
  version: string;
}

/** Tool calls a step makes (how many tool results the next request carries). */
export function callsOf(step: ModelStep): number {
  if (step.kind === 'flaky') return callsOf(step.then);
  return step.kind === 'reply' ? (step.calls?.length ?? 0) : 0;
}

/** What to answer on the `attempt`-th request (0-based) for a step: a flaky step fails first. */
export function attemptOf(step: ModelStep, attempt: number): ServedStep {
  if (step.kind !== 'flaky') return step;
  return attemptOf(attempt < (step.failures ?? 1) ? step.fail : step.then, attempt);
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

  /** The id prefix of this request, and how many times the step was asked before (its attempt). */
  next(scenario: string, step: number | string): { prefix: string; attempt: number } {
    const base = `${scenario}_${step}`;
    const n = this.seen.get(base) ?? 0;
    this.seen.set(base, n + 1);
    return { prefix: n === 0 ? base : `${base}_r${n}`, attempt: n };
  }
}
