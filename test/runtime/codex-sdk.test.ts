// The Codex SDK's ThreadEvent stream: the one edge real traffic cannot produce (recorded traffic is
// tested in test/conformance/codex-sdk.test.ts). `codex exec` completes every item before it
// reports turn.failed; a hand-made stream leaves a command running when the turn fails.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer } from '../../runtime/index.ts';
import { loose } from './loose.ts';

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

  it('gives each turn its own id, and turn.failed gives runtime.error + turn.completed(failed)', () => {
    const turns = events.filter((e) => e.type === 'turn.started').map((e) => e.turnId);
    expect(new Set(turns).size).toBe(2);
    const failed = events.filter((e) => e.type === 'turn.completed').map((e) => [e.turnId, e.payload.state]);
    expect(failed).toEqual([
      [turns[0], 'completed'],
      [turns[1], 'failed'],
    ]);
    const last = events.slice(-4).map((e) => e.type);
    // What the failed turn left open closes before its turn.completed.
    expect(last).toEqual(['runtime.error', 'runtime.error', 'item.completed', 'turn.completed']);
  });

  it('closes the item the failed turn left running', () => {
    const closed = events.filter((e) => e.type === 'item.completed' && e.providerRefs?.providerItemId === 'item_8');
    expect(closed.map((e) => e.payload.status)).toEqual(['failed']);
  });
});
