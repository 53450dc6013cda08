// Background tasks and subagents: started, then patched by progress, updates and completion. The
// item the event names (the tool call that started the task) links the task to it.
// The providers' own `usage`, `detail` and `taskType` (their words: `local_bash`, `local_agent`)
// are not read: the typed `taskUsage` is, and the item a task names says what kind of work it is.
import type { ProviderRuntimeEventOfType, RuntimeTaskId } from '../../generated/canonical/types.ts';
import { VIEW_LIMITS } from './limits.ts';
import { compact, plus, upsertLast } from './lists.ts';
import type { TaskView, ThreadView } from './view.ts';

type TaskEvent = ProviderRuntimeEventOfType<'task.started' | 'task.progress' | 'task.updated' | 'task.completed'>;

function patch(task: TaskView | undefined, taskId: RuntimeTaskId, event: TaskEvent): TaskView {
  const base = compact<TaskView>({
    taskId,
    state: 'running',
    ...task,
    turnId: task?.turnId ?? event.turnId,
    itemId: task?.itemId ?? event.itemId,
    startedAt: task?.startedAt ?? event.createdAt,
  });
  switch (event.type) {
    case 'task.started':
      return compact<TaskView>({
        ...base,
        description: event.payload.description ?? base.description,
        subagentType: event.payload.subagentType ?? base.subagentType,
        model: event.payload.model ?? base.model,
      });
    case 'task.progress':
      return compact<TaskView>({
        ...base,
        description: event.payload.description,
        summary: event.payload.summary ?? base.summary,
        lastToolName: event.payload.lastToolName ?? base.lastToolName,
        usage: event.payload.taskUsage ?? base.usage,
      });
    case 'task.updated':
      return compact<TaskView>({
        ...base,
        state: event.payload.state ?? base.state,
        description: event.payload.description ?? base.description,
        error: event.payload.error ?? base.error,
        model: event.payload.model ?? base.model,
      });
    case 'task.completed':
      return compact<TaskView>({
        ...base,
        state: event.payload.status,
        summary: event.payload.summary ?? base.summary,
        usage: event.payload.taskUsage ?? base.usage,
        completedAt: base.completedAt ?? event.createdAt,
      });
  }
}

export function applyTaskEvent(thread: ThreadView, event: TaskEvent): ThreadView {
  const { taskId } = event.payload;
  const next = upsertLast(
    thread.tasks,
    (t) => t.taskId === taskId,
    (t) => patch(t, taskId, event),
    VIEW_LIMITS.requests,
  );
  const droppedTasks = plus(thread.droppedTasks, next.dropped);
  return { ...thread, tasks: next.list, ...(droppedTasks === undefined ? {} : { droppedTasks }) };
}
