// An item's text, kept while it is open so that its completion carries it whole (canonical-model.yaml
// ItemLifecyclePayload.text): the last `text` an item event gave replaces what was kept (a whole copy,
// e.g. Claude's `assistant` message after its stream), text deltas append to it, and a completion
// without text of its own gets the kept text. So an item completes with the same text whether the
// upstream streamed it, sent it whole, or stopped half-way (an interrupted turn's closing).
import { itemKey, type Lifecycle } from './lifecycle.ts';
import type { ProviderIds } from './types.ts';

/** The stream kinds that are an item's text (not a command's output or a tool's input). */
const TEXT_STREAMS: ReadonlySet<unknown> = new Set([
  'assistant_text',
  'reasoning_text',
  'reasoning_summary_text',
  'plan_text',
]);

/** Keep or append the item's text; returns the payload, with the kept text where a completion lacks one. */
export function keepText(
  life: Lifecycle,
  ids: ProviderIds,
  payload: Record<string, unknown>,
  closing: boolean,
): Record<string, unknown> {
  const items = life.items;
  if (items.size === 0) return payload;
  const key = itemKey(ids.thread, ids.item!);
  const open = items.get(key);
  if (open === undefined) return payload;
  if (typeof payload.text === 'string') {
    if (open.text !== payload.text) items.set(key, { ...open, text: payload.text });
  } else if (typeof payload.delta === 'string' && TEXT_STREAMS.has(payload.streamKind)) {
    // set() again: the held bytes count the text (runtime/bounded.ts).
    items.set(key, { ...open, text: (open.text ?? '') + payload.delta });
  } else if (closing && open.text !== undefined) {
    return { ...payload, text: open.text };
  }
  return payload;
}
