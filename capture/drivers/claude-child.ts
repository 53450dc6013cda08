// The Claude driver, in its own Node process inside the capture's namespace (capture/run/claude.ts
// starts it). It imports the real SDK from the cache, runs ONE streaming-input `query()` with
// includePartialMessages, canUseTool and hooks, prompts each scenario in turn (the next after the
// previous `result` and a quiet spell), and records everything (drivers/claude-records.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ALL_CLAUDE_SCENARIOS } from '../scenarios/index.ts';
import type { ClaudeScenario, Permission } from '../scenarios/claude-types.ts';
import { selectScenarios } from '../run/types.ts';
import { callbackHooks, writeCommandHooks } from './claude-hooks.ts';
import { Recorder } from './claude-records.ts';

export interface ClaudeChildConfig {
  sdkEntry: string;
  version: string;
  claudeCodeVersion: string;
  workdir: string;
  hooksDir: string;
  env: Record<string, string>;
  scenarios: string[];
  /** query() options for the whole session (maxTurns, maxBudgetUsd). */
  queryOptions: Record<string, unknown>;
  eventsOut: string;
  summaryOut: string;
  stderrOut: string;
}

type SdkMessage = {
  type: string;
  subtype?: string;
  event?: { type?: string; delta?: { type?: string } };
  parent_tool_use_id?: string | null;
};
interface Query extends AsyncIterable<SdkMessage> {
  interrupt(): Promise<unknown>;
}
type QueryFn = (args: { prompt: AsyncIterable<unknown>; options: Record<string, unknown> }) => Query;

const TURN_TIMEOUT_MS = 120_000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const cfg = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as ClaudeChildConfig;
const recorder = new Recorder(cfg.eventsOut);
const scenarios = selectScenarios(ALL_CLAUDE_SCENARIOS, cfg.scenarios);
const recorded: string[] = [];
const skipped: { name: string; why: string }[] = [];
let current: { scenario: ClaudeScenario; permissions: Permission[]; interrupted: boolean } | undefined;
let onResult: (() => void) | undefined;
let stderr = '';
let inputEnded = false;

const { query } = (await import(pathToFileURL(cfg.sdkEntry).href)) as { query: QueryFn };
writeCommandHooks(cfg.workdir, cfg.hooksDir);
recorder.write('meta', {
  what: 'start',
  sdkVersion: cfg.version,
  claudeCodeVersion: cfg.claudeCodeVersion,
  cwd: cfg.workdir,
  scenarios: scenarios.map((s) => s.name),
});

let q: Query;
/** interrupt() after a delay, once per scenario. */
function interruptSoon(delayMs: number): void {
  if (!current || current.interrupted) return;
  current.interrupted = true;
  setTimeout(() => {
    recorder.write('meta', { what: 'interrupt', scenario: current?.scenario.name });
    void q
      .interrupt()
      .catch((err: unknown) => recorder.write('meta', { what: 'interrupt_failed', error: String(err) }));
  }, delayMs);
}

async function canUseTool(
  toolName: string,
  input: Record<string, unknown>,
  options: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const answer = current?.permissions.shift() ?? 'allow';
  if (current?.scenario.interrupt?.after === 'permission') interruptSoon(current.scenario.interrupt.delayMs);
  const asked = { toolName, input, options, optionKeys: Object.keys(options) };
  if (answer === 'hold' || answer === 'late') {
    // hold: the user never answers; the record has no decision (the request stays open) until the
    // interrupt aborts the call, and what the callback then returns is the app's side (a meta record).
    // late: the app records the call once, when it answers after the abort, as an app that writes
    // one record per answered call does; its signal is then `aborted: true`.
    if (answer === 'hold') recorder.write('permission', asked);
    await abortedOrLate(options.signal as AbortSignal | undefined, 60_000);
    const returned = { behavior: 'deny', message: 'Interrupted before the user answered' };
    if (answer === 'late') recorder.write('permission', { ...asked, decision: returned });
    else recorder.write('meta', { what: 'permission_aborted', toolName, returned });
    return returned;
  }
  let decision: Record<string, unknown>;
  if (toolName === 'AskUserQuestion') {
    // Answered: every question with its first option. Declined: the user dismissed the question.
    const questions = (input.questions as { question: string; options?: { label: string }[] }[] | undefined) ?? [];
    decision =
      answer === 'allow'
        ? {
            behavior: 'allow',
            updatedInput: {
              ...input,
              answers: Object.fromEntries(questions.map((qq) => [qq.question, qq.options?.[0]?.label ?? 'yes'])),
            },
          }
        : { behavior: 'deny', message: 'The user declined to answer' };
  } else {
    decision =
      answer === 'allow'
        ? { behavior: 'allow', updatedInput: input }
        : {
            behavior: 'deny',
            message: answer === 'cancel' ? 'Cancelled by the user' : 'Denied by capture driver canUseTool',
            ...(answer === 'cancel' ? { interrupt: true } : {}),
          };
  }
  recorder.write('permission', { ...asked, decision });
  return decision;
}

/** Resolves when `signal` aborts, or after `maxMs` (a driver never hangs on a missing abort). */
function abortedOrLate(signal: AbortSignal | undefined, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    if (signal?.aborted) done();
    else signal?.addEventListener('abort', done, { once: true });
  });
}

/** The prompts, one per scenario, each after the previous turn's result and a quiet spell. */
async function* prompts(): AsyncGenerator<unknown> {
  for (const scenario of scenarios) {
    const why = scenario.unsupported?.(cfg.version);
    if (why) {
      skipped.push({ name: scenario.name, why });
      continue;
    }
    current = { scenario, permissions: [...(scenario.permissions ?? [])], interrupted: false };
    const done = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no result for ${scenario.name} within ${TURN_TIMEOUT_MS} ms`)),
        TURN_TIMEOUT_MS,
      );
      onResult = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    recorder.write('meta', { what: 'send_prompt', scenario: scenario.name });
    const content = `${scenario.command ? `${scenario.command} ` : ''}SCENARIO:${scenario.name} ${scenario.prompt}`;
    yield { type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, session_id: '' };
    await done;
    recorded.push(scenario.name);
    const settle = scenario.settleMs ?? 800;
    while (Date.now() - recorder.lastAt < settle) await sleep(100);
  }
  recorder.write('meta', { what: 'end_input' });
  inputEnded = true;
}

try {
  q = query({
    prompt: prompts(),
    options: {
      cwd: cfg.workdir,
      env: cfg.env,
      includePartialMessages: true,
      includeHookEvents: true,
      forwardSubagentText: true,
      settingSources: ['project'],
      canUseTool,
      hooks: callbackHooks(recorder),
      stderr: (data: string) => (stderr = (stderr + data).slice(-20_000)),
      ...cfg.queryOptions,
    },
  });
  for await (const message of q) {
    recorder.write('message', { message });
    if (message.type === 'result' && message.parent_tool_use_id == null) onResult?.();
    const s = current?.scenario;
    if (
      s?.interrupt?.after === 'text' &&
      message.type === 'stream_event' &&
      message.event?.delta?.type === 'text_delta'
    )
      interruptSoon(s.interrupt.delayMs);
  }
  recorder.write('meta', { what: 'end' });
} catch (err) {
  recorder.write('meta', { what: 'error', error: err instanceof Error ? err.message : String(err) });
  // After the last prompt the SDK rethrows an error result (the model-error scenarios): not a failure.
  if (!inputEnded) process.exitCode = 1;
} finally {
  writeFileSync(cfg.stderrOut, stderr);
  writeFileSync(cfg.summaryOut, JSON.stringify({ recorded, skipped }));
}
