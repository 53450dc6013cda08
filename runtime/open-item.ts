// An open item's text and title, kept so that its completion says what its events said.
// Text (canonical-model.yaml ItemLifecyclePayload.text): the last `text` an item event gave replaces
// what was kept (a whole copy, e.g. Claude's `assistant` message after its stream), text deltas
// append to it, and a completion without text of its own gets the kept text. So an item completes
// with the same text whether the upstream streamed it, sent it whole, or stopped half-way (an
// interrupted turn's closing). Title: the last one its events carried, for eventmap's own closing
// (helpers/close.ts) and its updates, which may have less tool detail to derive one from (titles.ts).
// The kept text is bounded per item (ITEM_TEXT_BYTES): past it, the item keeps none (never a part
// that would pass for the whole), says so once (a `state-limit` warning), and its completion carries
// `textOmitted: true` instead; the deltas and the upstream's own texts still go out as they come.
import { ITEM_TEXT_BYTES, type Lifecycle, type OpenItem } from './lifecycle.ts';
import { stringBytes } from './bounded.ts';

/** The stream kinds that are an item's text (not a command's output or a tool's input). */
const TEXT_STREAMS: ReadonlySet<unknown> = new Set([
  'assistant_text',
  'reasoning_text',
  'reasoning_summary_text',
  'plan_text',
  'user_text',
]);

/** What keeping needs of the mapping context (runtime/context.ts's MapContext). */
export interface KeepContext {
  warn(message: string, detail: Record<string, unknown>): void;
}

/** Keep the item's title, keep or append its text; returns the payload, with the kept text where a completion lacks one. */
export function keepOpenItem(
  ctx: KeepContext,
  items: Lifecycle['items'],
  key: string,
  open: OpenItem,
  payload: Record<string, unknown>,
  closing: boolean,
): Record<string, unknown> {
  let kept: OpenItem = open;
  if (typeof payload.title === 'string' && open.title !== payload.title) kept = { ...kept, title: payload.title };
  if (typeof payload.text === 'string') {
    if (open.text !== payload.text)
      kept = fits(payload.text.length) ? withText(kept, payload.text) : omitText(ctx, kept);
  } else if (typeof payload.delta === 'string' && TEXT_STREAMS.has(payload.streamKind)) {
    // Measured before it is joined: past the bound nothing is kept, so nothing grows.
    if (open.textOmitted !== true)
      kept = fits((open.text?.length ?? 0) + payload.delta.length)
        ? { ...kept, text: (open.text ?? '') + payload.delta }
        : omitText(ctx, kept);
  } else if (closing && open.text !== undefined) {
    payload = { ...payload, text: open.text };
  } else if (closing && open.textOmitted === true) {
    payload = { ...payload, textOmitted: true };
  }
  // set() again: the held bytes count the text and the title (runtime/bounded.ts).
  if (kept !== open) items.set(key, kept);
  return payload;
}

/** Whether a text of `length` UTF-16 units is kept (ITEM_TEXT_BYTES, as the held bytes count it). */
const fits = (length: number) => 2 * length + STRING_BYTES <= ITEM_TEXT_BYTES;
const STRING_BYTES = stringBytes('');

/** A whole text: kept, and the item keeps its text again. */
const withText = (item: OpenItem, text: string): OpenItem =>
  item.textOmitted === true ? { ...item, text, textOmitted: undefined } : { ...item, text };

/** Past the bound: the item keeps no text, and says so once. */
function omitText(ctx: KeepContext, item: OpenItem): OpenItem {
  if (item.textOmitted !== true)
    ctx.warn(
      `eventmap stopped keeping the text of item ${item.ids.item ?? ''} for its completion: it is longer than ${ITEM_TEXT_BYTES} bytes (its deltas still go out; its completion says textOmitted)`,
      { kind: 'state-limit', limitBytes: ITEM_TEXT_BYTES },
    );
  return { ...item, text: undefined, textOmitted: true };
}
