// Property: messages with a discriminant the generated mappers know (every mapped or ignored
// method/type of mapping-spec.yaml) and random content built from the real messages' own keys —
// the inputs that reach deepest into the generated mappers. Same invariants as the other
// property tests; sequences, so that state (open turns, pending requests) carries over.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { keysOf, knownShaped, LONG, normalizer, params, pushChecked, seeds, shapedValue, SOURCES } from './support.ts';

const timeout = LONG ? 0 : undefined; // undefined: the config's hang guard

describe.each(SOURCES)('%s: known discriminants, random content', (source) => {
  it('sequences of shaped messages', { timeout }, async () => {
    const message = await knownShaped(source, shapedValue(keysOf(seeds(source))));
    fc.assert(
      fc.property(fc.array(fc.tuple(message, fc.boolean()), { minLength: 1, maxLength: 6 }), (steps) => {
        const n = normalizer(source);
        for (const [m, asLine] of steps) pushChecked(n, m, asLine);
      }),
      params(3),
    );
  });
});
