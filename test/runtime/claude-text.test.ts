// Claude items complete with their whole text whatever the app's stream mode: `query()` without
// `includePartialMessages` yields exactly the same SDKMessages minus the `stream_event`s, so every
// real recording, with its stream events dropped, is that session recorded without partial messages.
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer } from '../../runtime/index.ts';
import { sdkMessages, transcripts } from '../conformance/transcripts.ts';
import { loose, type CanonicalEvent } from './loose.ts';

type Rec = Record<string, any>;

const message = (r: Rec): Rec | undefined => (r.kind === 'message' ? r.message : r.kind === undefined ? r : undefined);

function normalize(records: Rec[]): CanonicalEvent[] {
  const n = createNormalizer('claude-agent-sdk', { clock: () => 0, sessionId: 'text-test' });
  const events = loose(records.flatMap((r) => n.push(r as never)));
  expect(events.filter((e) => !validateProviderRuntimeEvent(e))).toEqual([]);
  return events;
}

const TEXT_ITEMS = new Set(['assistant_message', 'reasoning']);
/**
 * Completed assistant_message / reasoning items of the main thread (no parent tool use), in order;
 * with `interrupted`, those an interrupt cut off too.
 */
const texts = (events: CanonicalEvent[], statuses: readonly string[] = ['completed']) =>
  events
    .filter(
      (e) =>
        e.type === 'item.completed' &&
        statuses.includes(e.payload.status as string) &&
        TEXT_ITEMS.has(e.payload.itemType as string) &&
        (e.payload.data as Rec | undefined)?.parentToolUseId === undefined,
    )
    .map((e) => [e.payload.itemType, e.payload.text, e.turnId] as const);

describe.each(transcripts('claude-agent-sdk').map((t) => [t.file, t] as const))('%s', (_file, t) => {
  const streamed = normalize(t.records);
  const whole = normalize(t.records.filter((r) => message(r)?.type !== 'stream_event'));

  it('renders the same text without partial messages as with them', () => {
    // Only a stream shows that a message was still being written when the user interrupted it (it
    // closes `interrupted`); without one, the message is the `assistant` copy the CLI sent, if any.
    const shown = ['completed', 'interrupted'];
    const got = texts(whole, shown).map(([type, text]) => [type, text]);
    expect(got.length).toBeGreaterThan(0);
    const wholeTexts = new Set(got.map(([, text]) => text));
    const cut = new Set(texts(streamed, ['interrupted']).map(([, text]) => text));
    expect(
      texts(streamed, shown)
        .map(([type, text]) => [type, text])
        .filter(([, text]) => wholeTexts.has(text) || !cut.has(text)),
    ).toEqual(got);
    for (const [, text] of got) expect(typeof text).toBe('string');
  });

  it('never renders a block’s text twice', () => {
    // Per turn (one turn per result), how many main-thread text/thinking blocks the upstream sent with
    // each text (its `assistant` copies, one block each, told apart by message id and block).
    const upstream: Map<string, number>[] = [new Map()];
    const seen = new Set<string>();
    for (const m of sdkMessages(t)) {
      if (m.type === 'result') upstream.push(new Map());
      if (m.type !== 'assistant' || m.parent_tool_use_id != null) continue;
      const msg = m.message as Rec;
      for (const b of msg.content as Rec[]) {
        const text = b.text ?? b.thinking;
        if (typeof text !== 'string') continue;
        const key = `${msg.id}\u0000${b.type}\u0000${text}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const counts = upstream.at(-1)!;
        counts.set(text, (counts.get(text) ?? 0) + 1);
      }
    }
    for (const events of [streamed, whole]) {
      const turns = [...new Set(events.filter((e) => e.type === 'turn.started').map((e) => e.turnId))];
      turns.forEach((turn, i) => {
        const counts = new Map<unknown, number>();
        for (const [, text] of texts(events).filter(([, , tu]) => tu === turn))
          counts.set(text, (counts.get(text) ?? 0) + 1);
        for (const [text, n] of counts)
          expect(n, String(text)).toBeLessThanOrEqual(upstream[i]?.get(text as string) ?? 0);
      });
    }
  });
});
