// The model a thread runs on, as each upstream states it, kept per thread so that every turn.started
// says it (the turn is often opened before, or without, a message that names the model): Codex
// thread/started's `thread.model` (0.171.0) or its thread/start answer (0.105.0) (model/rerouted
// moves only the turn it names: model.rerouted); Claude system:init's `model` and the main thread's assistant `message.model`;
// ACP's `configOptions` entry of category `model` (or the unstable `models.currentModelId`) in
// session/new, load, resume, set_config_option answers and config_option_update. The Codex SDK
// states no model (docs/parity.md).
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { get, idOf, obj } from '../values.ts';
import { currentModel, rememberModel } from './thread-model.ts';

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

/** ACP: the model option of `configOptions`, else the unstable `models.currentModelId`. */
export function acpModel(ctx: MapContext, _ids: ProviderIds, m: unknown): void {
  const options = get(m, ['configOptions']);
  const option = Array.isArray(options) ? options.map(obj).find((o) => o?.category === 'model') : undefined;
  const model = option?.currentValue ?? get(m, ['models', 'currentModelId']);
  rememberModel(ctx, idOf(get(m, ['sessionId'])) ?? ctx.currentThread, model);
}
