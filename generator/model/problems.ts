// Collects every problem found in the model (not just the first), each placed at a JSON pointer
// that the YAML source turns into file:line:col.
import { EventmapError, type Diagnostic } from '../shared/diagnostics.ts';
import { compareStrings } from '../io/fsutil.ts';
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
    const sorted = [...this.list].sort(
      (a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.col ?? 0) - (b.col ?? 0) || compareStrings(a.message, b.message),
    );
    throw new EventmapError(sorted);
  }
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
  problems.add(
    pointer,
    'bad-text',
    `expected a non-empty string, found ${describeValue(v)}`,
    'write one line of text (quote it if it contains `: ` or `#`)',
  );
  return '';
}
