// "The nearest existing name": what `eventmap suggest` drafts by analogy from. Discriminants are
// compared by their path segments (`thread/goal/updated`, `system:task_started`), value names by
// their words (`webSearch`, `TaskCreate`, `approved_for_session`).

/** `thread/realtime/item/started` → thread, realtime, item, started. */
export function nameSegments(name: string): string[] {
  return name.split(/[/:._-]+/).filter(Boolean);
}

/** `mcpToolCall` → mcp, tool, call (lower case). */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s/:._-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** Leading segments (or characters, for two strings) in common. */
function sharedPrefix(a: ArrayLike<string>, b: ArrayLike<string>): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

export interface Ranked<T> {
  candidate: T;
  /** Leading segments (or words) shared with the name. */
  shared: number;
  fit: number;
}

/**
 * Candidates by likeness to `name`: most leading segments shared, then the higher `fit` (how well
 * the candidate suits, e.g. how many of its paths the new message has), then the higher `vote`
 * (e.g. how many equally good candidates do the same), then the longest common start, then the
 * given order. Candidates sharing nothing are left out.
 */
export function rankByName<T>(
  name: string,
  candidates: readonly T[],
  nameOf: (c: T) => string,
  split: (s: string) => string[],
  fit: (c: T) => number = () => 0,
  vote: (c: T, tier: T[]) => number = () => 0,
): Ranked<T>[] {
  const mine = split(name);
  const scored = candidates
    .map((candidate, i) => ({
      candidate,
      i,
      shared: sharedPrefix(mine, split(nameOf(candidate))),
      fit: fit(candidate),
      chars: sharedPrefix(name, nameOf(candidate)),
    }))
    .filter((r) => r.shared > 0);
  const tier = (r: (typeof scored)[number]) =>
    scored.filter((o) => o.shared === r.shared && o.fit === r.fit).map((o) => o.candidate);
  const votes = new Map(scored.map((r) => [r, vote(r.candidate, tier(r))]));
  return scored
    .sort(
      (a, b) => b.shared - a.shared || b.fit - a.fit || votes.get(b)! - votes.get(a)! || b.chars - a.chars || a.i - b.i,
    )
    .map(({ candidate, shared, fit: f }) => ({ candidate, shared, fit: f }));
}
