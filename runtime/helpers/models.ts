// The model a thread runs on, as each upstream states it, kept per thread so that every turn.started
// says it (the turn is often opened before, or without, a message that names the model): Codex
// thread/started's `thread.model` (0.171.0) or its thread/start answer (0.105.0) and
// model/rerouted; Claude system:init's `model` and the main thread's assistant `message.model`;
// ACP's `configOptions` entry of category `model` (or the unstable `models.currentModelId`) in
// session/new, load, resume, set_config_option answers and config_option_update. The Codex SDK
// states no model (docs/parity.md).
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { get, idOf, obj, str } from '../values.ts';

const MODEL = 'model';
/** A longer "model" is not a model name: not kept (the thread state stays small). */
const MAX_MODEL = 256;
/** What Claude's own API-error messages name as their model (the CLI writes it itself). */
const SYNTHETIC_MODEL = '<synthetic>';

/** Remember `model` (when it is a model name) as the thread's. */
export function rememberModel(ctx: MapContext, thread: string | undefined, model: unknown): void {
  const name = str(model);
  if (name === undefined || name === '' || name.length > MAX_MODEL || name === SYNTHETIC_MODEL) return;
  ctx.lifecycle.thread(thread).scratch.set(MODEL, name);
}

/** The model the thread runs on, as last stated. */
export function currentModel(ctx: MapContext, thread: string | undefined): string | undefined {
  const model = ctx.lifecycle.peekThread(thread)?.scratch.get(MODEL);
  return typeof model === 'string' ? model : undefined;
}

/** A turn's (or a reroute's) model: `stated` when given (then remembered), else the thread's. */
export function threadModel(ctx: MapContext, ids: ProviderIds, stated?: unknown): string | undefined {
  const thread = ids.thread ?? ctx.currentThread;
  rememberModel(ctx, thread, stated);
  return currentModel(ctx, thread);
}

/** Codex thread/started (and a thread/start or resume answer): the thread's `model`. */
export function codexThreadModel(ctx: MapContext, _ids: ProviderIds, m: unknown): void {
  const thread = obj(get(m, ['params', 'thread'])) ?? obj(get(m, ['thread']));
  const model = get(m, ['params', 'thread', 'model']) ?? get(m, ['model']);
  rememberModel(ctx, idOf(thread?.id), model);
}

/** Claude: system:init's model, or a main-thread assistant message's (a subagent's is its own). */
export function claudeMessageModel(ctx: MapContext): void {
  const m = ctx.raw.payload;
  if (get(m, ['parent_tool_use_id']) != null) return;
  const model =
    get(m, ['type']) === 'system'
      ? get(m, ['model'])
      : (get(m, ['message', 'model']) ?? get(m, ['event', 'message', 'model']));
  rememberModel(ctx, ctx.currentThread, model);
}

/** ACP: the model option of `configOptions`, else the unstable `models.currentModelId`. */
export function acpModel(ctx: MapContext, _ids: ProviderIds, m: unknown): void {
  const options = get(m, ['configOptions']);
  const option = Array.isArray(options) ? options.map(obj).find((o) => o?.category === MODEL) : undefined;
  const model = option?.currentValue ?? get(m, ['models', 'currentModelId']);
  rememberModel(ctx, idOf(get(m, ['sessionId'])) ?? ctx.currentThread, model);
}
