// The linear-time rule for patterns (generator/schema/linear-pattern.ts), as given → want rows;
// the canonical model's own patterns keep to it too, so the canonical validator stays linear.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nonLinearReason, PATTERN_STEPS_PER_CHAR } from '../../generator/schema/linear-pattern.ts';

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

  // Bounded quantifiers multiply what a backtracking engine tries (issue 37: the first took 24 s
  // on 2,000 characters); refused by the step budget, whatever their bounds' sizes.
  const OVER_BUDGET = `more than ${PATTERN_STEPS_PER_CHAR.toLocaleString('en-US')} steps per character`;
  it.each([
    'a{0,20000}a{0,20000}b',
    '^[a-z]{0,5000}[a-z]{0,5000}[a-z]{0,5000}$',
    '^(a?){30}a{30}$', // 2^30 ways to place the optional copies
    '^x+y{0,200}y{0,200}$', // the bounded part multiplies each retry of the unbounded one
    '^(?:){4294967295}$', // counted in budget-many steps, not four billion
  ])('%s is over the step budget', (pattern) => expect(nonLinearReason(pattern)).toContain(OVER_BUDGET));

  it.each([
    '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
    '^[a-f0-9]{64}$',
    '^a{5000}$', // one way to match: long, not multiplied
    '^\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}$', // 81 ways, each short
  ])('%s is within it', (pattern) => expect(nonLinearReason(pattern)).toBeUndefined());

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
