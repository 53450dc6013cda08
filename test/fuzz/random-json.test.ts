// Property: whatever JSON arrives — or a line that is not JSON at all — the normalizer does not
// throw, every event it returns validates, and anything it cannot map comes back as a
// runtime.warning carrying raw. See support.ts for the invariants and the budget (FUZZ_RUNS).
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { LONG, normalizer, oddValue, params, pushChecked, SOURCES } from './support.ts';

const timeout = LONG ? 0 : undefined; // undefined: the config's hang guard

describe.each(SOURCES)('%s: random input', (source) => {
  it('fc.jsonValue, as a parsed value and as a JSON line', { timeout }, () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, asLine) => {
        pushChecked(normalizer(source), value, asLine);
      }),
      params(2),
    );
  });

  it('odd values: lone surrogates, 1 MB strings, 1000+ levels of nesting, extreme numbers', { timeout }, () => {
    fc.assert(
      fc.property(oddValue, fc.boolean(), (value, asLine) => {
        pushChecked(normalizer(source), value, asLine);
      }),
      params(1),
    );
  });

  it('lines that are not JSON', { timeout }, () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (line) => {
        const n = normalizer(source);
        let parses = true;
        try {
          JSON.parse(line);
        } catch {
          parses = false;
        }
        // A line that happens to be JSON is just a value; one that is not must come back as a warning.
        const events = pushChecked(n, line, false);
        if (!parses && events.length === 0) throw new Error(`no warning for the non-JSON line ${JSON.stringify(line)}`);
      }),
      params(1),
    );
  });
});
