// Background tasks and subagents: started, then patched by progress, updates and completion.
// The providers' own `usage` and `detail` are not read; the typed `taskUsage` is.
import type { ProviderRuntimeEventOfType, RuntimeTaskId } from '../../generated/canonical/types.ts';
import { compact, upsertLast } from './lists.ts';
import type { TaskView, ThreadView } from './view.ts';

type TaskEvent = ProviderRuntimeEventOfType<'task.started' | 'task.progress' | 'task.updated' | 'task.completed'>;

function patch(task: TaskView | undefined, taskId: RuntimeTaskId, event: TaskEvent): TaskView {
  const base: TaskView = task ?? compact<TaskView>({ taskId, state: 'running', turnId: event.turnId });
  switch (event.type) {
    case 'task.started':
      return compact<TaskView>({
        ...base,
        description: event.payload.description ?? base.description,
        taskType: event.payload.taskType ?? base.taskType,
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
      });
    case 'task.completed':
      return compact<TaskView>({
        ...base,
        state: event.payload.status,
        summary: event.payload.summary ?? base.summary,
        usage: event.payload.taskUsage ?? base.usage,
      });
  }
}

export function applyTaskEvent(thread: ThreadView, event: TaskEvent): ThreadView {
  const { taskId } = event.payload;
  const tasks = upsertLast(
    thread.tasks,
    (t) => t.taskId === taskId,
    (t) => patch(t, taskId, event),
  );
  return { ...thread, tasks };
}
