// An open item's text, streamed output and title, kept so that its completion says what its events said.
// Text (canonical-model.yaml ItemLifecyclePayload.text): the last `text` an item event gave replaces
// what was kept (a whole copy, e.g. Claude's `assistant` message after its stream), text deltas
// append to it, and a completion without text of its own gets the kept text. So an item completes
// with the same text whether the upstream streamed it, sent it whole, or stopped half-way (an
// interrupted turn's closing). A tool's streamed output (command_output deltas) is kept the same way
// until an item event gives the whole. Title: the last one its events carried, for eventmap's own closing
// (helpers/close.ts) and its updates, which may have less tool detail to derive one from (titles.ts).
// The kept text is bounded per item (ITEM_TEXT_BYTES): past it, the item keeps none (never a part
// that would pass for the whole); a completion that brings no text of its own then carries
// `textOmitted: true` and a `state-limit` warning says why. Deltas and the upstream's own texts
// still go out as they come.
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

/** The stream kinds that are a tool's output: kept like text, for a completion that does not repeat it. */
const OUTPUT_STREAMS: ReadonlySet<unknown> = new Set(['command_output', 'file_change_output']);

/**
 * The most streamed output kept for a completion, in UTF-16 units (64 KB of the 1 MB open items
 * bound, runtime/lifecycle.ts): past it the kept output is let go whole (`null`), so a completion
 * never carries a cut one; the deltas themselves have gone out, and a view folds them all.
 */
export const KEPT_OUTPUT_UNITS = 32 << 10;

/** What keeping needs of the mapping context (runtime/context.ts's MapContext). */
export interface KeepContext {
  warn(message: string, detail: Record<string, unknown>): void;
}

/** Keep the item's title, keep or append its text and output; returns the payload, with the kept text (output) where a completion lacks one. */
export function keepOpenItem(
  ctx: KeepContext,
  items: Lifecycle['items'],
  key: string,
  open: OpenItem,
  payload: Record<string, unknown>,
  closing: boolean,
): Record<string, unknown> {
  const detail = payload.toolDetail as { output?: unknown } | undefined;
  if (closing) {
    // It closes: nothing more to keep; what it lacks comes from what was kept. A tool whose output
    // only streamed (ACP's terminal extension) completes with it, as Codex's does.
    if (typeof detail?.output !== 'string' && typeof open.output === 'string')
      payload = { ...payload, toolDetail: { ...detail, output: open.output } };
    if (typeof payload.text === 'string') return payload;
    if (open.text !== undefined) return { ...payload, text: open.text };
    if (open.textOmitted !== true) return payload;
    ctx.warn(
      `eventmap did not keep the text of item ${open.ids.item ?? ''} for its completion: it grew past ${ITEM_TEXT_BYTES} bytes (its deltas carried it; the completion says textOmitted)`,
      { kind: 'state-limit', limitBytes: ITEM_TEXT_BYTES },
    );
    return { ...payload, textOmitted: true };
  }
  let kept: OpenItem = open;
  // (a title too long to keep replaces the one kept: later events derive their own, not an older one)
  if (typeof payload.title === 'string' && open.title !== keptTitle(payload.title))
    kept = { ...kept, title: keptTitle(payload.title) };
  if (typeof payload.text === 'string') {
    if (open.text !== payload.text) kept = fits(payload.text.length) ? withText(kept, payload.text) : omitText(kept);
  } else if (typeof payload.delta === 'string' && TEXT_STREAMS.has(payload.streamKind)) {
    // Measured before it is joined: past the bound nothing is kept, so nothing grows.
    if (open.textOmitted !== true)
      kept = fits((open.text?.length ?? 0) + payload.delta.length)
        ? { ...kept, text: (open.text ?? '') + payload.delta }
        : omitText(kept);
  }
  if (typeof detail?.output === 'string') {
    if (open.output !== undefined) kept = { ...kept, output: undefined };
  } else if (typeof payload.delta === 'string' && OUTPUT_STREAMS.has(payload.streamKind) && open.output !== null) {
    const output = (open.output ?? '') + payload.delta;
    kept = { ...kept, output: output.length > KEPT_OUTPUT_UNITS ? null : output };
  }
  // set() again: the held bytes count the text and the title (runtime/bounded.ts).
  if (kept !== open) items.set(key, kept);
  return payload;
}

/**
 * Characters of a title an item keeps for its later events: a title is a short label, and a kept
 * one goes out again on each later event that has none (an upstream's 16 MB tool name would be
 * sent again with every update). A longer one is not kept: later events derive their own.
 */
export const KEPT_TITLE_LENGTH = 1024;

/** The title to keep of a payload's, if any. */
export const keptTitle = (title: unknown): string | undefined =>
  typeof title === 'string' && title.length <= KEPT_TITLE_LENGTH ? title : undefined;

/** Whether a text of `length` UTF-16 units is kept (ITEM_TEXT_BYTES, as the held bytes count it). */
const fits = (length: number) => 2 * length + STRING_BYTES <= ITEM_TEXT_BYTES;
const STRING_BYTES = stringBytes('');

/** A whole text: kept, and the item keeps its text again. */
const withText = (item: OpenItem, text: string): OpenItem =>
  item.textOmitted === true ? { ...item, text, textOmitted: undefined } : { ...item, text };

/** Past the bound: the item keeps no text (its completion, if it brings none, says so). */
const omitText = (item: OpenItem): OpenItem => ({ ...item, text: undefined, textOmitted: true });
