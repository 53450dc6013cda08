// Subagent links: which tool call spawned a subagent's work. Claude marks a subagent's messages
// with `parent_tool_use_id` (its Task/Agent tool use): their items name that call as
// `parentItemId`. A Codex spawnAgent call (collabAgentToolCall) names the threads it spawned in
// `receiverThreadIds`: each gets a thread.started naming the call and its thread as its parents,
// and the call's `model` as the model it runs on.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { get, idOf, obj } from '../values.ts';
import { rememberModel } from './thread-model.ts';

/** Claude: the canonical id of the tool use whose subagent sent this message (same thread). */
export function claudeParentItem(ctx: MapContext, ids: ProviderIds): string | undefined {
  const parent = idOf(get(ctx.raw.payload, ['parent_tool_use_id']));
  return parent === undefined ? undefined : ctx.itemIdOf(ids.thread, parent);
}

/** The canonical id of a provider thread an upstream names as another's parent. */
export function canonicalThreadId(ctx: MapContext, _ids: ProviderIds, thread: unknown): string | undefined {
  const id = idOf(thread);
  return id === undefined ? undefined : ctx.threadIdOf(id);
}

/** The collabAgentToolCall tool that starts a new agent thread (the others talk to running ones). */
const SPAWN = 'spawnAgent';
const LINKED = 'codexSpawnedBy';

/** Codex item/started or item/completed: the threads a spawnAgent call spawned, linked to it once each. */
export function codexSubagentThreads(ctx: MapContext, _ids: ProviderIds, m: unknown): void {
  const item = obj(get(m, ['params', 'item']));
  const parentThread = idOf(get(m, ['params', 'threadId']));
  const call = idOf(item?.id);
  if (item?.type !== 'collabAgentToolCall' || item.tool !== SPAWN || call === undefined) return;
  const receivers = Array.isArray(item.receiverThreadIds) ? item.receiverThreadIds : [];
  for (const raw of receivers) {
    const thread = idOf(raw);
    if (thread === undefined || thread === parentThread) continue;
    rememberModel(ctx, thread, item.model);
    const scratch = ctx.lifecycle.thread(thread).scratch;
    if (scratch.get(LINKED) === call) continue;
    scratch.set(LINKED, call);
    ctx.emit(
      'thread.started',
      { thread },
      {
        providerThreadId: thread,
        parentThreadId: parentThread === undefined ? undefined : ctx.threadIdOf(parentThread),
        parentItemId: ctx.itemIdOf(parentThread, call),
      },
      [],
    );
  }
}
