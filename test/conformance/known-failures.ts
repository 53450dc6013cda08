// The (transcript, invariant) pairs of the conformance suite that fail today because the runtime
// still does what issue 13 lists as wrong, on the recordings made for that issue. Each entry names
// the issue-13 bullet ("What was seen") whose fix makes the invariant hold again.
//
// Such a pair runs as `it.fails`: it passes while the invariant is broken, and FAILS as soon as the
// invariant holds — then the fix has landed: delete the entry. Never weaken an invariant instead.
import { expect, it } from 'vitest';

export interface KnownFailure {
  /** Transcript path under test/fixtures/transcripts/. */
  file: string;
  /** The invariant's test name, exactly. */
  invariant: string;
  /** The issue-13 bullet whose fix makes it hold. */
  bullet: string;
}

export const KNOWN_FAILURES: KnownFailure[] = [];

const used = new Set<KnownFailure>();

/** A per-transcript invariant: a test, or `it.fails` while the pair is a known failure. */
export function invariant(file: string, name: string, fn: () => void): void {
  const known = KNOWN_FAILURES.find((k) => k.file === file && k.invariant === name);
  if (!known) return void it(name, fn);
  used.add(known);
  it.fails(`${name} [known failure, issue 13: ${known.bullet}]`, fn);
}

/** Checks that every known failure of `source` names a transcript and an invariant of this suite. */
export function knownFailuresAreUsed(source: string): void {
  it(`every known failure listed for ${source} names a committed transcript and one of its invariants`, () => {
    expect(KNOWN_FAILURES.filter((k) => k.file.startsWith(`${source}/`) && !used.has(k))).toEqual([]);
  });
}
