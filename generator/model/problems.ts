// Collects every problem found in the model (not just the first), each placed at a JSON pointer
// that the YAML source turns into file:line:col.
import { EventmapError, type Diagnostic } from '../diagnostics.ts';
import { compareStrings } from '../fsutil.ts';
import type { YamlSource } from './yaml-source.ts';

export class Problems {
  private readonly list: Diagnostic[] = [];
  constructor(private readonly source: YamlSource) {}

  add(pointer: string, code: string, message: string, hint: string): void {
    this.list.push({ code: `model/${code}`, message, hint, ...this.source.locate(pointer) });
  }

  get count(): number {
    return this.list.length;
  }

  /** Throw all problems, in file order, if there are any. */
  throwIfAny(): void {
    if (this.list.length === 0) return;
    const sorted = [...this.list].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.col ?? 0) - (b.col ?? 0) || compareStrings(a.message, b.message));
    throw new EventmapError(sorted);
  }
}

/** The closest candidate to `word` (by edit distance), if it is close enough to be a typo. */
export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of [...candidates].sort(compareStrings)) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
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

export function isMap(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function describeValue(v: unknown): string {
  if (v === null || v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a map';
  return `${typeof v} ${JSON.stringify(v)}`;
}

/** A non-empty one-line text (a description or an extension reason); reports and returns '' if not. */
export function checkText(v: unknown, pointer: string, problems: Problems): string {
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  problems.add(pointer, 'bad-text', `expected a non-empty string, found ${describeValue(v)}`, 'write one line of text (quote it if it contains `: ` or `#`)');
  return '';
}
