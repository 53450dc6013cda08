// Runs: a stream made of several upstream processes one after another. Every `thread.run()` of the
// Codex SDK spawns a `codex exec` that announces its thread again (`thread.started`) and numbers
// its items from `item_0` again; a run the app aborted (or whose process died) says nothing more.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { get, str } from '../values.ts';
import { endThreads } from './close.ts';
import { codexWordsRetry, retryMessage } from './retry.ts';
import { turnErrorStated } from './turns.ts';

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

/**
 * The prompt the app gave `thread.run()` (`reply({kind: 'prompt', prompt})`), which the stream never
 * repeats: held until the run's turn starts, then that turn's user_message, as on every provider.
 */
export function holdPrompt(ctx: MapContext, prompt: unknown): boolean {
  const text = promptText(prompt);
  if (text === undefined) return false;
  ctx.lifecycle.heldPrompt = text;
  return true;
}

/** after turn.started: the held prompt is the turn's user_message. */
export function runPrompt(ctx: MapContext, _ids: ProviderIds, _message: unknown): void {
  const text = ctx.lifecycle.heldPrompt;
  if (text === undefined || ctx.currentTurn === undefined) return;
  ctx.lifecycle.heldPrompt = undefined;
  const item = `${ctx.currentTurn}#prompt`;
  ctx.emit('item.started', { item }, { itemType: 'user_message', status: 'inProgress', text }, []);
  ctx.emit('item.completed', { item }, { itemType: 'user_message', status: 'completed', text }, []);
}

/** `thread.run()`'s input: a string, or UserInput entries (`{type: 'text', text}`, images: no text). */
function promptText(prompt: unknown): string | undefined {
  if (typeof prompt === 'string') return prompt;
  if (!Array.isArray(prompt)) return undefined;
  const texts = prompt.flatMap((p) => {
    const text = get(p, ['type']) === 'text' ? str(get(p, ['text'])) : undefined;
    return text === undefined ? [] : [text];
  });
  return texts.length ? texts.join('\n') : undefined;
}

/**
 * A ThreadErrorEvent (`{type: 'error', message}`). One for a request codex retries says so only in
 * words, the words codex app-server's `error` carries too ("Reconnecting... 1/2 (cause)"): the retry
 * warning every provider gives (`retry`, retry.ts), of the open turn. Any other is codex's error,
 * after which `codex exec` fails its turn: a runtime.error of the open turn, as codex app-server's
 * `error` not retried, and the turn.failed after it states no second one (failedTurnError).
 * Outside a turn it is the session's runtime.error.
 */
export function runError(ctx: MapContext, ids: ProviderIds, m: unknown): void {
  const message = str(get(m, ['message'])) ?? 'the Codex SDK stream reported an error';
  if (ctx.currentTurn === undefined)
    return ctx.emit('runtime.error', {}, { message, class: 'provider_error', detail: m }, ['message']);
  const turn = { turn: ctx.currentTurn };
  const info = codexWordsRetry(ctx, ids, message);
  if (info)
    return ctx.emit('runtime.warning', turn, { message: retryMessage(ctx, ids, info), retry: info, detail: m }, [
      'message',
    ]);
  ctx.emit('runtime.error', turn, { message, class: 'provider_error', detail: m }, ['message']);
  turnErrorStated(ctx);
}
