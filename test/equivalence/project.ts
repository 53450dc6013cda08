// The one projection every agent's view of a scenario is compared under (docs/parity.md, "The same
// situation from every agent"): what a UI renders of it, read from the reducer's view alone, as an
// app would, with everything that is not the situation's doing (ids, times, wording) left out.
import {
  isToolItem,
  type ItemView,
  type SessionView,
  type ThreadView,
  type TurnView,
} from '../../runtime/reducer/index.ts';
import type { Recording } from '../parity/recording.ts';
import { viewOf } from '../parity/view.ts';
import type { Segment } from './segments.ts';

export interface Projection {
  /** The final state of each of the scenario's turns on its own thread, in order. */
  turns: string;
  /** Tool items as `type:status`, sorted, once each. */
  tools: string;
  /** Other items a UI shows (compaction, errors, plans), as their types, sorted, once each. */
  items: string;
  /** Commands that ran to their end (completed or failed): `output+exit` when every one shows its output and exit code, else what is missing. */
  commands: string;
  /** File changes: `diff` when every one shows its content (a unified diff, or the text before and after), else `no diff`. */
  edits: string;
  /** The decisions of the scenario's requests, in order. */
  decisions: string;
  /** How many times the turn's error is shown: as the turn's error, as an error item, as a message repeating it. */
  errors: number;
  /** Whether each assistant text is shown once (no message repeats another's text or a prefix of it). */
  textsOnce: boolean;
  /** Whether the user's prompt is shown as a user message. */
  prompt: boolean;
  /** Whether a retried model request of the turns is shown as one: a warning with the typed `retry`. */
  retried: boolean;
}

export const FIELDS = [
  'turns',
  'tools',
  'items',
  'commands',
  'edits',
  'decisions',
  'errors',
  'textsOnce',
  'prompt',
  'retried',
] as const;
export type Field = (typeof FIELDS)[number];

/** The scenario's turns, on the thread of its first turn (a subagent's thread is its own). */
function turnsOf(view: SessionView, r: Recording, s: Segment): { thread?: ThreadView; turns: TurnView[] } {
  const ids = new Set<string>();
  for (let i = s.from; i < s.to; i++) for (const e of r.out[i]!) if (e.turnId) ids.add(e.turnId);
  for (const thread of view.threads) {
    const turns = thread.turns.filter((t) => ids.has(t.turnId));
    if (turns.length > 0) return { thread, turns };
  }
  return { turns: [] };
}

const MESSAGES = new Set(['user_message', 'assistant_message', 'reasoning']);

const missing = (item: ItemView): string[] => [
  ...(item.toolDetail?.output ? [] : ['output']),
  ...(item.toolDetail?.exitCode === undefined || item.toolDetail.exitCode === null ? ['exit'] : []),
];

export function project(r: Recording, s: Segment): Projection {
  const view = viewOf(r);
  const { thread, turns } = turnsOf(view, r, s);
  const items = turns.flatMap((t) => t.items);
  const tools = items.filter((i) => isToolItem(i.itemType, i.toolDetail));
  const commands = tools.filter(
    (i) => i.itemType === 'command_execution' && ['completed', 'failed'].includes(i.status),
  );
  const lacking = [...new Set(commands.flatMap(missing))];
  const edits = tools.filter((i) => i.itemType === 'file_change' && i.status === 'completed');
  const turnIds = new Set(turns.map((t) => t.turnId));
  const requests = (thread?.requests ?? []).filter((q) => q.turnId !== undefined && turnIds.has(q.turnId));
  const texts = items.filter((i) => i.itemType === 'assistant_message' && i.text.trim()).map((i) => i.text.trim());
  return {
    turns: turns.map((t) => t.state).join(', '),
    tools: [...new Set(tools.map((i) => `${i.itemType}:${i.status}`))].sort().join(', '),
    items: [...new Set(items.filter((i) => !tools.includes(i) && !MESSAGES.has(i.itemType)).map((i) => i.itemType))]
      .sort()
      .join(', '),
    commands: commands.length === 0 ? '' : lacking.length === 0 ? 'output+exit' : `no ${lacking.join(', no ')}`,
    edits:
      edits.length === 0
        ? ''
        : edits.every((i) => i.toolDetail?.changes?.some((c) => c.diff ?? c.newText ?? c.oldText))
          ? 'diff'
          : 'no diff',
    decisions: requests.map((q) => q.decision ?? q.status).join(', '),
    errors: turns.reduce((n, t) => n + errorsShown(view, t), 0),
    textsOnce: texts.every((a, i) => texts.every((b, j) => i === j || !b.startsWith(a))),
    prompt: turns.length > 0 && turns.every((t) => t.items.some((i) => i.itemType === 'user_message')),
    retried: view.warnings.some((w) => w.retry !== undefined && w.turnId !== undefined && turnIds.has(w.turnId)),
  };
}

/**
 * The turn's error as the turn shows it (its errorMessage, or a runtime.error of the turn), plus each
 * error item or message of the turn that says it again.
 */
function errorsShown(view: SessionView, turn: TurnView): number {
  const message = turn.errorMessage?.trim() ?? '';
  const own = message || view.errors.some((e) => e.turnId === turn.turnId) ? 1 : 0;
  const says = (text: string) => message !== '' && text !== '' && (text.includes(message) || message.includes(text));
  const repeats = turn.items.filter(
    (i) => (i.itemType === 'error' || i.itemType === 'assistant_message') && says(i.text.trim()),
  );
  return own + repeats.length;
}
