// push() takes `unknown`: whatever JavaScript value an app hands it, it returns valid events that
// serialise, and never throws (issue 29: `push(undefined)` gave an invalid warning; an object
// whose getter throws made push() throw).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer, SOURCES } from '../../runtime/index.ts';

const circular: Record<string, unknown> = { type: 'turn.started' };
circular.self = circular;
const throwing = Object.defineProperty({}, 'type', {
  enumerable: true,
  get() {
    throw new Error('boom');
  },
});
const proxy = new Proxy(
  {},
  {
    ownKeys() {
      throw new Error('no keys');
    },
  },
);

const VALUES: [string, unknown][] = [
  ['undefined', undefined],
  ['null', null],
  ['a function', () => 1],
  ['a symbol', Symbol('s')],
  ['a BigInt', 10n],
  ['NaN', Number.NaN],
  ['a BigInt inside', { type: 'turn.started', n: 10n, list: [1n, undefined, () => 0] }],
  ['a getter that throws', throwing],
  ['a proxy that throws', proxy],
  ['a circular object', circular],
  ['a Date', new Date(0)],
  ['a Map', new Map([['type', 'x']])],
];

function check(source: (typeof SOURCES)[number], input: unknown): void {
  const n = createNormalizer(source, { sessionId: 's' });
  let events: unknown[] = [];
  expect(() => (events = n.push(input as never))).not.toThrow();
  expect(events.length).toBeGreaterThan(0);
  for (const e of events) {
    expect(validateProviderRuntimeEvent(e), JSON.stringify(validateProviderRuntimeEvent.errors)).toBe(true);
    expect(() => JSON.stringify(e)).not.toThrow();
  }
}

describe('push() of any JavaScript value', () => {
  for (const source of SOURCES)
    it.each(VALUES)(`${source}: %s gives valid events that serialise`, (_name, value) => check(source, value));

  it('any value fast-check makes (objects, arrays, BigInts, undefined, symbols…)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SOURCES),
        fc.anything({ withBigInt: true, withMap: true, withSet: true, withDate: true, withTypedArray: true }),
        (source, value) => check(source, value),
      ),
      { numRuns: 300, seed: 29 },
    );
  });

  it('a UTF-8 byte order mark before the first line is skipped, not a lost message', () => {
    const n = createNormalizer('codex-sdk', { sessionId: 's' });
    expect(n.push('\ufeff{"type":"thread.started","thread_id":"t1"}').map((e) => e.type)).toEqual(['thread.started']);
  });
});
