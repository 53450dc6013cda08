// Plans as turn.plan.updated steps, the same for every provider (one plan widget).
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { obj } from '../values.ts';
import { stepLabel } from './plan-steps.ts';
import { HOOK_VALUE_MAPS } from './value-maps.ts';

export interface PlanStep {
  step: string;
  status: 'pending' | 'inProgress' | 'completed';
}

/** Codex SDK todo_list items `[{text, completed}]` → plan steps (a todo is done or still to do). */
export function todoListPlan(_ctx: MapContext, _ids: ProviderIds, items: unknown): PlanStep[] | undefined {
  if (!Array.isArray(items)) return undefined;
  return items.map((item, i) => {
    const o = obj(item);
    return { step: stepLabel(i, o?.text), status: o?.completed === true ? 'completed' : 'pending' };
  });
}

/** Codex turn/plan/updated steps `[{step, status}]` → plan steps (its status through the spec's value map). */
export function codexPlan(ctx: MapContext, _ids: ProviderIds, plan: unknown): PlanStep[] | undefined {
  if (!Array.isArray(plan)) return undefined;
  return plan.map((s, i) => {
    const o = obj(s);
    const status = ctx.mapValue(HOOK_VALUE_MAPS.codexPlanStatus, o?.status) as PlanStep['status'] | undefined;
    return { step: stepLabel(i, o?.step), status: status ?? 'pending' };
  });
}
