// Claude permission answers and background tasks: what the value maps alone cannot say.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { get, idOf, obj } from '../values.ts';
import { claudeTasks, claudeTurn, claudeTurnInterrupted } from './claude-state.ts';

/**
 * canUseTool's answer as a RequestDecision: `decision` is the behaviour through the spec's value map, refined by
 * what else the answer says — an answer given after the turn's abort signal fired is `cancelled`
 * (nobody decided: the turn was interrupted), and so is one after the turn's interrupt marker; deny with `interrupt` is `aborted` (no, and stop);
 * allow with answers (AskUserQuestion) is `answered`; allow with permission updates ("always
 * allow") is `accepted_for_session`.
 */
export function claudeDecision(
  ctx: MapContext,
  _ids: ProviderIds,
  decision: unknown,
  interrupt: unknown,
  answers: unknown,
  updatedPermissions: unknown,
): unknown {
  // The signal as a permission record carries it (`options.signal`) or as a reply does (`signal`).
  const raw = ctx.raw.payload;
  if (get(raw, ['options', 'signal', 'aborted']) === true || get(raw, ['signal', 'aborted']) === true)
    return 'cancelled';
  // An answer after the SDK's interrupt marker, whatever the app's record says of the signal.
  if (claudeTurnInterrupted(ctx)) return 'cancelled';
  const base = decision;
  if (base === 'declined' && interrupt === true) return 'aborted';
  if (base === 'accepted' && obj(answers) !== undefined) return 'answered';
  if (base === 'accepted' && Array.isArray(updatedPermissions) && updatedPermissions.length > 0)
    return 'accepted_for_session';
  return base;
}

/** The task map's key for a task's last reported model (no task id starts with NUL). */
const MODEL_OF = '\u0000model\u0000';

/**
 * task_*: the tool use that started the task (its item). task_updated names only the task, so the
 * task → tool-use link is remembered from the first message that has both, and forgotten at
 * task_notification (`done`).
 */
export function claudeTaskItem(
  ctx: MapContext,
  _ids: ProviderIds,
  taskId: unknown,
  toolUseId?: unknown,
  done?: unknown,
): string | undefined {
  const tasks = claudeTasks(ctx);
  const task = idOf(taskId);
  const tool = idOf(toolUseId) ?? (task === undefined ? undefined : tasks.get(task));
  if (task !== undefined) {
    if (done === true) {
      tasks.delete(task);
      tasks.delete(MODEL_OF + task);
    } else if (tool !== undefined) tasks.set(task, tool);
  }
  return tool;
}

/**
 * task_started: a field of the input of the tool use that started the task (the Agent/Task tool's
 * `subagent_type`, `model`), kept from its tool_use in this turn; undefined when it is not a string.
 */
export function claudeTaskInput(ctx: MapContext, _ids: ProviderIds, toolUseId: unknown, field: unknown): unknown {
  const tool = idOf(toolUseId);
  if (tool === undefined || typeof field !== 'string') return undefined;
  const value = obj(claudeTurn(ctx).tools.get(tool)?.input)?.[field];
  return typeof value === 'string' ? value : undefined;
}

/**
 * A subagent's assistant message (`parent_tool_use_id` names the call that started its task) states
 * the model the subagent runs on: task.updated with that model, once per model and task (T3 Code's
 * contract does the same).
 */
export function claudeSubagentModel(ctx: MapContext, ids: ProviderIds, m: unknown): void {
  const tool = idOf(get(m, ['parent_tool_use_id']));
  const model = get(m, ['message', 'model']);
  if (tool === undefined || typeof model !== 'string' || model === '' || model.startsWith('<')) return;
  // The model last reported is kept in the task map itself (under a key no task id has), within its bound.
  const tasks = claudeTasks(ctx);
  let task: string | undefined;
  for (const [t, used] of tasks.entries()) if (used === tool && !t.startsWith(MODEL_OF)) task = t;
  if (task === undefined || tasks.get(MODEL_OF + task) === model) return;
  tasks.set(MODEL_OF + task, model);
  ctx.emit('task.updated', { ...ids, item: tool }, { taskId: task, model }, []);
}
