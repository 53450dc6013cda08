// Plans as turn.plan.updated steps, the same for every provider (one plan widget).
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { obj, str } from '../values.ts';

export interface PlanStep {
  step: string;
  status: 'pending' | 'inProgress' | 'completed';
}

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

/** Codex SDK todo_list items `[{text, completed}]` → plan steps (a todo is done or still to do). */
export function todoListPlan(_ctx: MapContext, _ids: ProviderIds, items: unknown): PlanStep[] | undefined {
  if (!Array.isArray(items)) return undefined;
  return items.map((item, i) => {
    const o = obj(item);
    return { step: stepLabel(i, o?.text), status: o?.completed === true ? 'completed' : 'pending' };
  });
}
