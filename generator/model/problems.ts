// Collects every problem found in the model (not just the first), each placed at a JSON pointer
// that the YAML source turns into file:line:col.
import { EventmapError, type Diagnostic } from '../shared/diagnostics.ts';
import { compareStrings } from '../io/fsutil.ts';
import type { YamlSource } from './yaml-source.ts';

export class Problems {
  /** Every problem so far; a check that located its own pushes it here. */
  readonly list: Diagnostic[] = [];
  constructor(private readonly source: YamlSource) {}

  add(pointer: string, code: string, message: string, hint: string): void {
    this.list.push({ code: `model/${code}`, message, hint, ...this.source.locate(pointer) });
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
