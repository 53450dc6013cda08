// No test's verdict depends on how loaded the machine is (issue 30): the only time limit is
// vitest.config.ts's hang guard. A test that gives itself a shorter one (milliseconds after its
// body, or a `timeout` option) fails when two suites share two cores, though nothing is wrong.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const TEST_ROOT = join(import.meta.dirname, '..');
const files = (readdirSync(TEST_ROOT, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.includes('fixtures'))
  .sort();

/** Thousands of milliseconds as the last argument of it/test/beforeAll/…, or a `timeout` option with a number. */
const LIMIT = /\},\s*\d+_000\s*\)|\btimeout:\s*\d/;

describe('test time limits', () => {
  it('no test or hook sets a time limit of its own', () => {
    const offenders = files.filter((f) => LIMIT.test(readFileSync(join(TEST_ROOT, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
