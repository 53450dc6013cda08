// Plans as turn.plan.updated steps, the same for every provider (one plan widget).
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { obj, str } from '../values.ts';

export interface PlanStep {
  step: string;
  status: 'pending' | 'inProgress' | 'completed';
}

/** Codex SDK todo_list items `[{text, completed}]` → plan steps (a todo is done or still to do). */
export function todoListPlan(_ctx: MapContext, _ids: ProviderIds, items: unknown): PlanStep[] | undefined {
  if (!Array.isArray(items)) return undefined;
  const out: PlanStep[] = [];
  for (const item of items) {
    const o = obj(item);
    const step = str(o?.text);
    if (step !== undefined) out.push({ step, status: o?.completed === true ? 'completed' : 'pending' });
  }
  return out;
}
