// The linear-time rule for patterns (generator/schema/linear-pattern.ts), as given → want rows;
// the canonical model's own patterns keep to it too, so the canonical validator stays linear.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nonLinearReason } from '../../generator/schema/linear-pattern.ts';

describe('linear-time patterns', () => {
  it.each([
    ['^[a-z]+$', undefined],
    ['^[A-Za-z0-9_-]{1,64}$', undefined],
    ['^(ab){2}$', undefined],
    ['^\\d{4}(?:\\.\\d+)?$', undefined],
    ['abc', undefined], // no quantifier: any start position costs a bounded match
    ['^(a+)+$', 'it repeats a group without bound'],
    ['^(a|aa)+$', 'it repeats a group without bound'],
    ['^(a|aa){2}$', 'it repeats an alternation'],
    ['^(a{1,30}){1,30}$', 'it nests a repetition inside a repetition'],
    ['^a*b*$', 'it has 2 unbounded quantifiers (one at most)'],
    ['a+b', 'it has an unbounded quantifier but is not anchored at its start with `^`'],
    ['^a+|b', 'it has an unbounded quantifier but is not anchored at its start with `^`'],
    ['(a)\\1', 'it has a backreference'],
    ['^x(?=y)', 'it has a lookaround'],
  ])('%s → %s', (pattern, want) => expect(nonLinearReason(pattern)).toBe(want));

  it('holds the canonical model’s own patterns', () => {
    const schema = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', 'generated', 'canonical', 'schema.json'), 'utf8'),
    ) as unknown;
    const patterns: string[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) k === 'pattern' && typeof x === 'string' ? patterns.push(x) : walk(x);
    };
    walk(schema);
    expect(patterns.length).toBeGreaterThan(0);
    for (const p of patterns) expect(nonLinearReason(p), p).toBeUndefined();
  });
});
