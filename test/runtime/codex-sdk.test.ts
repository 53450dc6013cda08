// The Codex SDK's ThreadEvent stream: the edges real traffic cannot produce (recorded traffic is
// tested in test/conformance/codex-sdk.test.ts). `codex exec` completes every item before it
// reports turn.failed; a hand-made stream leaves a command running when the turn fails. A run the
// app aborts stops mid-turn: the recording, cut there, is followed by the next run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer } from '../../runtime/index.ts';
import { loose } from './loose.ts';
import { transcripts } from '../conformance/transcripts.ts';

const lines = readFileSync(
  join(import.meta.dirname, '..', 'fixtures', 'hand-made', 'codex-sdk-thread-events.jsonl'),
  'utf8',
)
  .split('\n')
  .filter(Boolean);

describe('codex-sdk ThreadEvents', () => {
  const n = createNormalizer('codex-sdk', { clock: () => 0 });
  const events = loose(lines.flatMap((l) => n.push(l)));

  it('maps every event, all valid, none unknown', () => {
    expect(n.stats).toMatchObject({ unknown: 0, invalid: 0, messages: lines.length });
    expect(events.filter((e) => !validateProviderRuntimeEvent(e))).toEqual([]);
    expect(new Set(events.map((e) => e.provider))).toEqual(new Set(['codex']));
  });

  it('gives each turn its own id, and turn.failed gives one runtime.error + turn.completed(failed)', () => {
    const turns = events.filter((e) => e.type === 'turn.started').map((e) => e.turnId);
    expect(new Set(turns).size).toBe(2);
    const failed = events.filter((e) => e.type === 'turn.completed').map((e) => [e.turnId, e.payload.state]);
    expect(failed).toEqual([
      [turns[0], 'completed'],
      [turns[1], 'failed'],
    ]);
    // The stream's own error inside the turn is the turn's runtime.error, as codex app-server's `error`
    // not retried; turn.failed states no second one; what the failed turn left open closes before
    // its turn.completed.
    expect(events.slice(-2).map((e) => e.type)).toEqual(['item.completed', 'turn.completed']);
    expect(events.filter((e) => e.type === 'runtime.error').map((e) => e.turnId)).toEqual([turns[1]]);
    expect(events.filter((e) => e.type === 'runtime.warning' && e.turnId === turns[1])).toEqual([]);
  });

  it('closes the item the failed turn left running', () => {
    const closed = events.filter((e) => e.type === 'item.completed' && e.providerRefs?.providerItemId === 'item_8');
    expect(closed.map((e) => e.payload.status)).toEqual(['failed']);
  });
});

describe('codex-sdk: a run that stops mid-turn (thread.run() aborted, or its process gone)', () => {
  // The recording, cut right after the first item.started (a run stopped with an item running),
  // then every run after that one.
  const t = transcripts('codex-sdk')[0]!;
  const type = (l: string) => (JSON.parse(l) as { type: string }).type;
  const cut = t.lines.findIndex((l) => type(l) === 'item.started');
  const next = t.lines.findIndex((l, i) => i > cut && type(l) === 'thread.started');
  const n = createNormalizer('codex-sdk', { clock: () => 0 });
  const events = loose([...t.lines.slice(0, cut + 1), ...t.lines.slice(next)].flatMap((l) => n.push(l)));
  const ended = loose(n.end().events);
  const stopped = events.find((e) => e.type === 'item.started')!;
  // What the stopped run emitted: everything before the next run's thread.started.
  const before = events.slice(
    0,
    events.findIndex((e, i) => i > events.indexOf(stopped) && e.type === 'thread.started'),
  );

  it('is cut inside a turn, with an item running, and more runs after it', () => {
    expect(cut).toBeGreaterThan(0);
    expect(next).toBeGreaterThan(cut);
    expect(stopped.turnId).toBeDefined();
  });

  it('ends at the next run’s thread.started: its item cancelled, its turn aborted then completed cancelled', () => {
    const synthetic = before.filter((e) => e.raw.source === 'eventmap.synthetic');
    expect(
      synthetic.map((e) => [e.type, e.itemId, e.turnId, e.payload.status ?? e.payload.reason ?? e.payload.state]),
    ).toEqual([
      ['item.completed', stopped.itemId, stopped.turnId, 'cancelled'],
      ['turn.aborted', undefined, stopped.turnId, 'the run ended'],
      ['turn.completed', undefined, stopped.turnId, 'cancelled'],
    ]);
    expect(synthetic[0]!.payload.detail).toBe('the run ended before this finished');
    // Caused by the next run's thread.started, and last before it.
    expect(new Set(synthetic.map((e) => e.raw.messageType))).toEqual(new Set(['thread.started']));
    expect(before.slice(-3)).toEqual(synthetic);
    // Nothing of the later runs is the stopped turn's or item's.
    const later = events.slice(before.length);
    expect(later.filter((e) => e.turnId === stopped.turnId || e.itemId === stopped.itemId)).toEqual([]);
    expect(events.filter((e) => !validateProviderRuntimeEvent(e))).toEqual([]);
  });

  it('pairs every turn and every started item, with nothing left for end()', () => {
    const count = (type: string) => events.filter((e) => e.type === type).length;
    expect(count('turn.completed')).toBe(count('turn.started'));
    const completed = new Set(events.filter((e) => e.type === 'item.completed').map((e) => e.itemId));
    expect(events.filter((e) => e.type === 'item.started' && !completed.has(e.itemId))).toEqual([]);
    expect(ended).toEqual([]);
  });
});
