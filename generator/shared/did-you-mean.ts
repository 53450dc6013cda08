// "Did you mean ...?" for a name that is not one of the known ones: the closest by edit distance,
// when it is close enough to be a typo. Shared by the canonical model and the mapping spec checks.
import { compareStrings } from '../io/fsutil.ts';

/** The closest candidate to `word` (by edit distance, case-insensitive), if it is close enough to be a typo. */
export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of [...candidates].sort(compareStrings)) {
    if (c === word) continue;
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

/** `did you mean \`x\`? ` before `fallback` when a candidate is close, else `fallback` alone. */
export function guessHint(word: string, candidates: Iterable<string>, fallback: string): string {
  const guess = didYouMean(word, candidates);
  return guess === undefined ? fallback : `did you mean \`${guess}\`? ${fallback}`;
}

/**
 * The candidates `word` may mean: the did-you-mean one, else those that contain it whole
 * (`codex` → codex-app-server, codex-sdk; `claude` → claude-agent-sdk). Empty when none is near.
 */
export function nearestNames(word: string, candidates: Iterable<string>): string[] {
  const list = [...candidates].sort(compareStrings);
  const guess = didYouMean(word, list);
  if (guess !== undefined) return [guess];
  const w = word.toLowerCase();
  return w.length < 3 ? [] : list.filter((c) => c !== word && c.toLowerCase().includes(w));
}

/** `did you mean \`a\` or \`b\`? ` before `fallback` when candidates are near (nearestNames), else `fallback` alone. */
export function nearestHint(word: string, candidates: Iterable<string>, fallback: string): string {
  const near = nearestNames(word, candidates).map((c) => `\`${c}\``);
  if (!near.length) return fallback;
  return `did you mean ${near.length === 1 ? near[0] : `${near.slice(0, -1).join(', ')} or ${near.at(-1)}`}? ${fallback}`;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}
