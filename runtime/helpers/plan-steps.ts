// Plan steps' labels, one rule for every source's plans (no spec helper here: every source's helpers may import it).
import { str } from '../values.ts';

/**
 * A step's label: the first of its texts that is not blank, else `Step <n>` (its place in the plan,
 * from 1). A blank step is still a step: the plan keeps it, labelled, rather than losing it or the plan.
 */
export function stepLabel(index: number, ...texts: unknown[]): string {
  for (const t of texts) {
    const text = str(t)?.trim();
    if (text) return text;
  }
  return `Step ${index + 1}`;
}
