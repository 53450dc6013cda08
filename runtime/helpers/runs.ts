// Runs: a stream made of several upstream processes one after another. Every `thread.run()` of the
// Codex SDK spawns a `codex exec` that announces its thread again (`thread.started`) and numbers
// its items from `item_0` again; a run the app aborted (or whose process died) says nothing more.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { endThreads } from './close.ts';

/** What a run that ended this way left open closes with: an item `cancelled`, a turn aborted. */
const RUN_ENDED = 'the run ended';

/**
 * before a run's first message: the last run's process is gone, so whatever it left open ends
 * (items `cancelled`, its turn aborted, then completed `cancelled`, as at a thread's end); and item
 * ids are the new run's from here on (MapContext.runs), so `item_0` of two runs is two items.
 */
export function newRun(ctx: MapContext, _ids: ProviderIds, _message: unknown): void {
  endThreads(ctx, undefined, RUN_ENDED);
  // The new run's item_0 is not the last run's: it completing is no duplicate.
  ctx.lifecycle.completedItems.clear();
  ctx.runs++;
}
