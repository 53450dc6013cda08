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

  /** A problem another check located already. */
  addDiagnostic(d: Diagnostic): void {
    this.list.push(d);
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
