// The model a thread runs on, as last stated: kept per thread in its bounded state, read when a turn
// opens (helpers/models.ts says where each source states it). Shared by every source's helpers.
import type { Lifecycle } from '../lifecycle.ts';
import { str } from '../values.ts';

const MODEL = 'model';
/** A longer "model" is not a model name: not kept (the thread state stays small). */
const MAX_MODEL = 256;
/** What Claude's own API-error messages name as their model (the CLI writes it itself). */
const SYNTHETIC_MODEL = '<synthetic>';

/** What these read of the mapping context (no import of it: runtime/track.ts reads the model too). */
interface HasLifecycle {
  readonly lifecycle: Lifecycle;
}

/** Remember `model` (when it is a model name) as the thread's. */
export function rememberModel(ctx: HasLifecycle, thread: string | undefined, model: unknown): void {
  const name = str(model);
  if (name === undefined || name === '' || name.length > MAX_MODEL || name === SYNTHETIC_MODEL) return;
  ctx.lifecycle.thread(thread).scratch.set(MODEL, name);
}

/** The model the thread runs on, as last stated. */
export function currentModel(ctx: HasLifecycle, thread: string | undefined): string | undefined {
  return modelOf(ctx.lifecycle, thread);
}

/** The same, from the lifecycle alone (runtime/track.ts: a turn that opened before the model was named). */
export function modelOf(lifecycle: Lifecycle, thread: string | undefined): string | undefined {
  const model = lifecycle.peekThread(thread)?.scratch.get(MODEL);
  return typeof model === 'string' ? model : undefined;
}
