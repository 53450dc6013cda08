// Normalizer.end() and the streaming API, on real transcripts cut where the upstream left things
// open (what an app sees when the connection drops mid-turn).
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer, type ProviderRuntimeEvent } from '../../runtime/index.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { TRANSCRIPTS_ROOT, transcripts, type Transcript } from '../conformance/transcripts.ts';
import { SOURCES } from '../../runtime/index.ts';

/** What the events so far leave open: items, requests (provider ids) and the turn. */
function openState(events: readonly ProviderRuntimeEvent[]) {
  const items = new Set<string>();
  const requests = new Set<string>();
  let turn: string | undefined;
  for (const e of events) {
    const refs = e.providerRefs ?? {};
    if (e.type === 'item.started' && refs.providerItemId) items.add(refs.providerItemId);
    if (e.type === 'item.completed' && refs.providerItemId) items.delete(refs.providerItemId);
    if (e.type === 'request.opened' && refs.providerRequestId) requests.add(refs.providerRequestId);
    if (e.type === 'request.resolved' && refs.providerRequestId) requests.delete(refs.providerRequestId);
    if (e.type === 'turn.started') turn = e.turnId;
    if (e.type === 'turn.completed') turn = undefined;
  }
  return { items, requests, turn };
}

/**
 * A prefix of a transcript after which items are open inside an open turn: the first with a
 * pending request too (Codex approvals), else the first at all (a Claude permission record
 * carries its own answer, so no request stays pending between records).
 */
function cutMidTurn(t: Transcript) {
  const prefix = (withRequest: boolean) => {
    const normalizer = createNormalizer(t.source, { clock: () => 0, deriveSessionId: true });
    const events: ProviderRuntimeEvent[] = [];
    for (let i = 0; i < t.lines.length; i++) {
      events.push(...normalizer.push(t.lines[i]!));
      const open = openState(events);
      if (open.turn !== undefined && open.items.size > 0 && (!withRequest || open.requests.size > 0))
        return { normalizer, events, open, lines: t.lines.slice(0, i + 1) };
    }
    return undefined;
  };
  return prefix(true) ?? prefix(false);
}

const CUTS = transcripts().map((t) => [t.file, t.source, cutMidTurn(t)!] as const);

it('cuts every real transcript mid-turn, some with a request pending', () => {
  expect(CUTS.filter(([, , cut]) => cut === undefined)).toEqual([]);
  // Every source with recorded traffic: every source with a folder of transcripts (all but ACP,
  // whose recordings are committed under test/fixtures/transcripts/acp/ by issue 31's captures).
  const recorded = SOURCES.filter((s) => existsSync(join(TRANSCRIPTS_ROOT, s)));
  expect(recorded.length).toBeGreaterThanOrEqual(SOURCES.length - 1);
  expect(new Set(CUTS.map(([, source]) => source))).toEqual(new Set(recorded));
  expect(CUTS.some(([, , cut]) => cut.open.requests.size > 0)).toBe(true);
});

describe.each(CUTS)('end() after %s stops mid-turn', (_file, source, cut) => {
  const before = { ...cut.normalizer.stats };
  const { events, stats } = cut.normalizer.end();

  it('closes every open item as cancelled and every pending request as expired, with the reason', () => {
    const items = events.filter((e) => e.type === 'item.completed');
    expect(new Set(items.map((e) => e.providerRefs?.providerItemId))).toEqual(cut.open.items);
    for (const e of items)
      if (e.type === 'item.completed')
        expect(e.payload).toMatchObject({ status: 'cancelled', detail: 'the session ended before this finished' });
    const requests = events.filter((e) => e.type === 'request.resolved');
    expect(new Set(requests.map((e) => e.providerRefs?.providerRequestId))).toEqual(cut.open.requests);
    for (const e of requests)
      if (e.type === 'request.resolved')
        expect(e.payload).toMatchObject({
          // A capture with the app's side shows the request was not answered; the server's side
          // alone cannot tell (it may have been answered unseen).
          decision: /\.(both|events)\.jsonl$/.test(_file) ? 'expired' : 'unobserved',
          resolution: { reason: 'the session ended before this finished' },
        });
  });

  it('then ends the open turn: turn.aborted with the reason, turn.completed cancelled', () => {
    const last = events.slice(-2);
    expect(last.map((e) => [e.type, e.turnId])).toEqual([
      ['turn.aborted', cut.open.turn],
      ['turn.completed', cut.open.turn],
    ]);
    const [aborted, completed] = last;
    if (aborted?.type === 'turn.aborted') expect(aborted.payload.reason).toBe('the session ended');
    if (completed?.type === 'turn.completed') expect(completed.payload.state).toBe('cancelled');
  });

  it('emits valid synthetic events and returns the final stats', () => {
    expect(events.filter((e) => !validateProviderRuntimeEvent(e))).toEqual([]);
    expect(events.every((e) => e.raw?.source === 'eventmap.synthetic')).toBe(true);
    expect(stats).toEqual(before);
    expect(cut.normalizer.end().events).toEqual([]); // nothing is left open
  });

  it('is what events() and stream() add at the end of their input', async () => {
    const expected = [...cut.events, ...events].map((e) => e.eventId);
    const iterated = createNormalizer(source, { clock: () => 0, deriveSessionId: true });
    const seen: string[] = [];
    const gen = iterated.events(['', ...cut.lines, '  ']);
    let step = await gen.next();
    for (; !step.done; step = await gen.next()) seen.push(step.value.eventId);
    expect(seen).toEqual(expected);
    expect(step.value).toEqual(before);

    const streamed = createNormalizer(source, { clock: () => 0, deriveSessionId: true });
    const out: string[] = [];
    await ReadableStream.from(cut.lines.map((l) => JSON.parse(l) as unknown))
      .pipeThrough(streamed.stream())
      .pipeTo(new WritableStream({ write: (e) => void out.push(e.eventId) }));
    expect(out).toEqual(expected);
  });
});
