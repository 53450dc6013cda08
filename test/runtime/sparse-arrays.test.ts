// An app may push what JSON.parse cannot make (structured clone can): a sparse array of length 2e8
// or 2³² − 1 holding two elements. Its copy costs work in proportion to what it holds, not to its
// length, and the events it gives serialise, with its elements (issue 37; runtime/depth.ts).
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { SPARSE_SLACK } from '../../runtime/depth.ts';
import { createNormalizer } from '../../runtime/index.ts';
import { FRAMINGS, type SourceName } from '../../runtime/sources/index.ts';

const SOURCES = Object.keys(FRAMINGS) as SourceName[];

/** A sparse array of `length` with two elements, behind a proxy that counts every read of it. */
function counted(length: number) {
  const target: unknown[] = Object.assign([], { length });
  target[3] = 'third';
  target[length - 1] = { last: true };
  const reads = { n: 0 };
  // Past 100,000 reads the copy is reading its length, not its content: it stops there (a throw).
  const read = () => {
    if (++reads.n > 100_000) throw new Error('the copy reads the array past its content');
  };
  const proxy = new Proxy(target, {
    get: (t, k, r) => (read(), Reflect.get(t, k, r)),
    has: (t, k) => (read(), Reflect.has(t, k)),
    ownKeys: (t) => (read(), Reflect.ownKeys(t)),
    getOwnPropertyDescriptor: (t, k) => (read(), Reflect.getOwnPropertyDescriptor(t, k)),
  });
  return { proxy, reads };
}

/** The same message on every source: what an upstream sends, with the array in a field of its own. */
const message = (source: SourceName, extra: unknown): unknown =>
  ({
    'codex-app-server': {
      method: 'item/started',
      params: { threadId: 't', turnId: 'u', item: { type: 'agentMessage', id: 'm', text: '', extra } },
    },
    'codex-sdk': { type: 'item.started', item: { id: 'item_0', type: 'agent_message', text: '', extra } },
    'claude-agent-sdk': {
      type: 'system',
      subtype: 'task_started',
      session_id: 's',
      task_id: 't1',
      description: 'job',
      extra,
    },
    acp: {
      jsonrpc: '2.0',
      method: 'session/update',
      params: {
        sessionId: 's',
        update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'hi', extra } },
      },
    },
  })[source];

describe('sparse arrays', () => {
  it.each(SOURCES.flatMap((s) => [2e8, 2 ** 32 - 1].map((length) => [s, length] as const)))(
    '%s: length %d, two elements: the copy reads its own properties only, and every event serialises',
    (source, length) => {
      const { proxy, reads } = counted(length);
      const events = createNormalizer(source, { clock: () => 0 }).push(message(source, proxy) as never);
      // Up to SPARSE_SLACK holes looked at before the own properties are read: a constant, not the length.
      expect(reads.n).toBeLessThan(4 * SPARSE_SLACK);
      const text = JSON.stringify(events);
      expect(text.length).toBeLessThan(100_000);
      expect(text).toContain(`"${length - 1}":{"last":true}`);
      expect(text).toContain('"3":"third"');
      expect(events.filter((e) => !validateProviderRuntimeEvent(e))).toEqual([]);
    },
  );

  it('the array itself, unproxied, is copied and serialises the same', () => {
    const array: unknown[] = Object.assign([], { length: 2 ** 32 - 1 });
    array[7] = 'x';
    const [event] = createNormalizer('codex-sdk', { clock: () => 0 }).push(message('codex-sdk', array) as never);
    expect(JSON.stringify(event!.raw)).toContain('"extra":{"7":"x","length":4294967295}');
  });

  it('an array with a few holes is copied as JSON writes it, holes as null', () => {
    const [event] = createNormalizer('codex-sdk', { clock: () => 0 }).push(
      message('codex-sdk', [1, , 3, () => 0]) as never,
    );
    expect(JSON.stringify(event!.raw)).toContain('"extra":[1,null,3,null]');
  });
});
