// The reducer is provider-blind: folding every recording with events whose `provider`, `raw` and
// `providerRefs`, and every payload slot typed `unknown` or as an open map (`data`, `args`,
// `resolution`, `detail` where it is not a string, `usage` outside the context-window snapshot...),
// throw when read. The slots come from the generated schema, so a new one is guarded at once.
import { SOURCE_NAMES } from '../../runtime/sources/names.ts';
import { describe, expect, it } from 'vitest';
import type { ProviderRuntimeEvent } from '../../runtime/index.ts';
import { reduceEvents, reduceSession } from '../../runtime/reducer/index.ts';
import { RECORDED } from './recorded.ts';
import { OPEN_SLOTS } from '../open-slots.ts';

/** Event type → the payload keys the reducer must not read: the schema's open slots. */
const FORBIDDEN = OPEN_SLOTS;
const ENVELOPE = new Set(['provider', 'raw', 'providerRefs']);

function trap<T extends object>(what: string, forbidden: Set<string>): ProxyHandler<T> {
  const deny = (key: string | symbol) => {
    if (typeof key === 'string' && forbidden.has(key)) throw new Error(`the reducer read ${what}.${key}`);
  };
  return {
    get: (target, key, receiver) => (deny(key), Reflect.get(target, key, receiver)),
    has: (target, key) => (deny(key), Reflect.has(target, key)),
    // Spreading or listing the keys would read the forbidden ones too.
    ownKeys: () => {
      throw new Error(`the reducer listed the keys of ${what}`);
    },
  };
}

function guarded(event: ProviderRuntimeEvent): ProviderRuntimeEvent {
  const payload = new Proxy(event.payload, trap(`${event.type} payload`, FORBIDDEN.get(event.type)!));
  const envelope = new Proxy(event, trap<ProviderRuntimeEvent>('the event', ENVELOPE));
  return new Proxy(envelope, {
    get: (target, key, receiver) => (key === 'payload' ? payload : Reflect.get(target, key, receiver)),
  });
}

describe('the forbidden keys', () => {
  it('come from the schema: every event type, the open slots only', () => {
    expect(FORBIDDEN.size).toBeGreaterThanOrEqual(45);
    expect([...FORBIDDEN.get('item.completed')!].sort()).toEqual(['data']);
    expect([...FORBIDDEN.get('request.opened')!]).toEqual(['args']);
    expect([...FORBIDDEN.get('request.resolved')!]).toEqual(['resolution']);
    expect([...FORBIDDEN.get('thread.state.changed')!]).toEqual(['detail']);
    expect([...FORBIDDEN.get('turn.completed')!].sort()).toEqual(['modelUsage', 'usage']);
    expect(FORBIDDEN.get('thread.token-usage.updated')!.size).toBe(0); // a typed snapshot
  });

  it('throw when read, listed or spread', () => {
    const event = guarded(RECORDED.flatMap((r) => r.events).find((e) => e.type === 'item.completed')!);
    expect(() => event.raw).toThrow('the reducer read the event.raw');
    expect(() => event.provider).toThrow();
    expect(() => ({ ...event.payload })).toThrow();
    expect(() => 'data' in event.payload).toThrow();
    expect(() => JSON.stringify(event)).toThrow();
    expect(event.type).toBe('item.completed');
  });
});

describe('folding every recording with guarded events', () => {
  it('has recordings of every source', () => {
    expect(new Set(RECORDED.map((r) => r.file.split('/')[0]))).toEqual(new Set(SOURCE_NAMES));
  });

  it.each(RECORDED.map((r) => [r.file, r] as const))('%s: reads no forbidden key, same view', (_file, r) => {
    let view = reduceSession(undefined, guarded(r.events[0]!));
    for (const event of r.events.slice(1)) view = reduceSession(view, guarded(event));
    // The view holds no guarded object (it serialises), and is what the plain events give.
    expect(JSON.parse(JSON.stringify(view))).toEqual(reduceEvents(r.events));
  });
});
