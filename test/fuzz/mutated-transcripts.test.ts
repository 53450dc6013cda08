// Property: real messages from the committed transcripts, with fields deleted, retyped or replaced
// by odd values (lone surrogates, 1 MB strings, 1000+ levels of nesting), fed in sequences into
// one normalizer (so the lifecycle state — open turns, items, requests — is exercised too): no
// throw, every event validates, unknown/invalid input gives runtime.warning with raw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LONG, mutate, mutation, normalizer, params, pushChecked, seeds, SOURCES } from './support.ts';

const timeout = LONG ? 0 : undefined; // undefined: the config's hang guard

describe.each(SOURCES)('%s: mutated real messages', (source) => {
  const real = seeds(source);

  it('has real messages to start from', () => {
    expect(real.length).toBeGreaterThan(10);
  });

  it('sequences of real and mutated messages', { timeout }, () => {
    const step = fc.record({
      seed: fc.nat({ max: real.length - 1 }),
      mutations: fc.array(mutation, { maxLength: 3 }),
      asLine: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 8 }), (steps) => {
        const n = normalizer(source);
        for (const s of steps)
          pushChecked(n, s.mutations.length ? mutate(real[s.seed], s.mutations) : real[s.seed], s.asLine);
      }),
      params(3),
    );
  });
});
