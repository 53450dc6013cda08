// Every committed recording, folded into the view a UI renders (test/reducer/recorded.ts, found by
// globbing): no text and no error is shown twice, and every turn ends in the state the recording's
// scenario says (the README of each version folder describes each scenario; the capture driver sends
// its name as the prompt's first word, `SCENARIO:<name>`, which is how a turn is told here).
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reduceEvents, type ItemView, type SessionView, type TurnView } from '../../runtime/reducer/index.ts';
import { TRANSCRIPTS_ROOT } from '../conformance/transcripts.ts';
import { RECORDED } from '../reducer/recorded.ts';

/** Items whose text a UI shows as something said (a message, a thought, an error). */
const SAID = new Set(['assistant_message', 'reasoning', 'error']);

/**
 * What each recorded scenario does to its turn (capture/scenarios/, the folders' READMEs). Any
 * scenario not named here completes.
 */
const ENDS: Readonly<Record<string, 'interrupted' | 'failed'>> = {
  // The user interrupts or cancels: while a tool runs, while text streams, or with an approval pending.
  interrupt: 'interrupted',
  interrupt_streaming: 'interrupted',
  interrupt_tool: 'interrupted',
  interrupt_permission: 'interrupted',
  interrupt_pending: 'interrupted',
  interrupt_answered_late: 'interrupted',
  cancel_stream: 'interrupted',
  cancel_tool: 'interrupted',
  cancel_permission: 'interrupted',
  // "No, and stop": the user cancels the approval, which ends the turn.
  patch_cancelled: 'interrupted',
  shell_cancelled: 'interrupted',
  approval_cancelled: 'interrupted',
  // The model API fails for good, or a limit is reached.
  api_error: 'failed',
  api_failed: 'failed',
  model_error: 'failed',
  usage_limit: 'failed',
  max_turns: 'failed',
  budget: 'failed',
  turn_failed: 'failed',
  todo_failed: 'failed',
  stream_break: 'failed',
};

/** Where an upstream ends a scenario otherwise, and why (docs/parity.md). */
const UPSTREAM_ENDS: readonly { file: RegExp; scenario: string; state: TurnView['state']; why: string }[] = [
  {
    file: /^claude-agent-sdk\//,
    scenario: 'stream_break',
    state: 'completed',
    why: 'the Claude CLI answers a stream that breaks on every attempt with a request of its own that is not streamed, and it succeeds',
  },
  {
    file: /^acp\/[^/]+\/codex-acp(-ts)?\./,
    scenario: 'shell_rejected',
    state: 'interrupted',
    why: 'Zed\'s codex-acp 0.16.0 offers `abort` as its only reject option, the TypeScript codex-acp 2.6.0 `cancel` (codex\'s own: "No, and tell Codex what to do differently"); either ends the turn (`stopReason: cancelled`)',
  },
];

function expectedState(file: string, scenario: string): TurnView['state'] {
  const special = UPSTREAM_ENDS.find((u) => u.file.test(file) && u.scenario === scenario);
  return special?.state ?? ENDS[scenario] ?? 'completed';
}

/** The scenario a turn ran: its user's message names it. */
function scenarioOf(turn: TurnView): string | undefined {
  const prompt = turn.items.find((i) => i.itemType === 'user_message');
  return /^SCENARIO:(\w+)/.exec(prompt?.text ?? '')?.[1];
}

const turnsOf = (view: SessionView) => view.threads.flatMap((t) => t.turns);

/** The scenarios a recording ran, in order, as its folder's README lists them. */
function readmeScenarios(file: string): string[] {
  const [dir, name] = [dirname(file), basename(file).split('.')[0]];
  const readme = readFileSync(join(TRANSCRIPTS_ROOT, dir, 'README.md'), 'utf8');
  const section = readme.split(`<!-- recording: ${name} -->`)[1]?.split('<!-- recording:')[0] ?? '';
  const list = section
    .split('Scenarios recorded, in order')[1]
    ?.split('\n\n')
    .find((p) => p.trim().startsWith('- `'));
  return [...(list ?? '').matchAll(/^- `(\w+)`/gm)].map((m) => m[1]!);
}

/**
 * Texts shown more than once in a turn: a copy that did not complete (cut off, given up) beside
 * another with the same text or beginning with it. Two answers the model completed are two answers,
 * even with the same words (a scripted model answers a background task's notification as it
 * answered the prompt).
 */
function shownTwice(items: readonly ItemView[]): string[] {
  const said = items.filter((i) => SAID.has(i.itemType) && i.text.trim() !== '');
  return said.flatMap((a, i) =>
    said.some((b, j) => {
      if (j === i || (a.status === 'completed' && b.status === 'completed')) return false;
      const [t, u] = [a.text.trim(), b.text.trim()];
      return t === u ? j < i : t.length >= 20 && u.startsWith(t);
    })
      ? [a.text]
      : [],
  );
}

/**
 * The scenario of each turn, by index: from the turns' prompts, or (a bare `.messages.jsonl`, the
 * SDK's messages alone, with no prompt) from its recording's `.events.jsonl`, the same traffic.
 */
const VIEWS = new Map(RECORDED.map((r) => [r.file, reduceEvents(r.events)]));
function scenarios(file: string): (string | undefined)[] {
  const own = turnsOf(VIEWS.get(file)!).map(scenarioOf);
  // The Codex SDK's stream never repeats the prompt: one run (one turn) per scenario, in the README's order.
  if (file.startsWith('codex-sdk/')) {
    const listed = readmeScenarios(file);
    return listed.length === own.length ? listed : own;
  }
  const events = file.replace(/\.messages\.jsonl$/, '.events.jsonl');
  if (own.some((s) => s !== undefined) || events === file || !VIEWS.has(events)) return own;
  const sibling = turnsOf(VIEWS.get(events)!).map(scenarioOf);
  return sibling.length === own.length ? sibling : own;
}

describe.each(RECORDED.map((r) => [r.file, r] as const))('%s', (file) => {
  const view = VIEWS.get(file)!;
  const turns = turnsOf(view);

  it('shows no text twice in a turn (a cut-off copy the upstream sent again shows no text)', () => {
    for (const turn of turns) expect(shownTwice(turn.items), turn.turnId).toEqual([]);
  });

  it('shows each error once: a failed turn has one error, and no item repeats it', () => {
    for (const turn of turns) {
      const errors = view.errors.filter((e) => e.turnId === turn.turnId);
      expect(errors.length, turn.turnId).toBe(turn.state === 'failed' ? 1 : 0);
      for (const e of errors) {
        const said = turn.items.filter((i) => SAID.has(i.itemType) && i.text.trim() !== '');
        expect(
          said.filter((i) => e.message.includes(i.text.trim())).map((i) => i.text),
          turn.turnId,
        ).toEqual([]);
      }
    }
  });

  it('ends every turn as its scenario says', () => {
    const names = scenarios(file);
    const named = turns.flatMap((turn, i) => {
      const scenario = names[i];
      return scenario === undefined ? [] : [[scenario, turn.state, expectedState(file, scenario)] as const];
    });
    expect(named.length).toBeGreaterThan(0);
    for (const [scenario, state, expected] of named) expect([scenario, state]).toEqual([scenario, expected]);
  });
});
