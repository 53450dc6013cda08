// Ids an upstream can make as long as it likes must not multiply the work per message (issue 29):
// a thread id over the memo limit is hashed once per thread, not once per turn and item id.
import { describe, expect, it } from 'vitest';
import { CanonicalIds } from '../../runtime/canonical-ids.ts';
import { createNormalizer } from '../../runtime/index.ts';

const MB = 'x'.repeat(1 << 20);

describe('a thread id over the memo limit', () => {
  it('keeps its hashed prefix for every turn and item of the thread', () => {
    const ids = new CanonicalIds('codex', 'session-a');
    const first = ids.item(MB, 'item_0', 0);
    ids.turn(MB, 'turn-1');
    ids.item(MB, 'item_1', 0);
    // The thread's hashed part is the one kept (what made each id hash the megabyte again).
    const kept = (ids as unknown as { longThread?: { id?: string } }).longThread;
    expect(kept?.id).toBe(MB);
    expect(ids.item(MB, 'item_0', 0)).toBe(first);
  });

  it('still gives distinct ids to threads that differ only at the end, and never meets a short id', () => {
    const ids = new CanonicalIds('codex', 'session-a');
    const a = ids.item(`${MB}a`, 'i', 0);
    const b = ids.item(`${MB}b`, 'i', 0);
    expect(a).not.toBe(b);
    // A short thread whose id looks like the long form's part cannot take its name.
    const digestLike = ids.item('#0', 'i', 0);
    expect(new Set([a, b, digestLike]).size).toBe(3);
  });

  it('normalises a codex-sdk run with a 1 MB thread id into valid, distinct ids', () => {
    const n = createNormalizer('codex-sdk', { sessionId: 's' });
    const lines = [
      { type: 'thread.started', thread_id: MB },
      { type: 'turn.started' },
      { type: 'item.completed', item: { id: 'item_0', type: 'agent_message', text: 'a' } },
      { type: 'item.completed', item: { id: 'item_1', type: 'agent_message', text: 'b' } },
      { type: 'turn.completed', usage: { input_tokens: 1, cached_input_tokens: 0, output_tokens: 1 } },
    ];
    const events = lines.flatMap((l) => n.push(l as never));
    const items = events.filter((e) => e.type === 'item.completed').map((e) => e.itemId);
    expect(new Set(items).size).toBe(2);
    expect(events.every((e) => e.type !== 'runtime.warning')).toBe(true);
  });
});
