// An open item's text, streamed output and title, kept so that its completion says what its events said.
// Text (canonical-model.yaml ItemLifecyclePayload.text): the last `text` an item event gave replaces
// what was kept (a whole copy, e.g. Claude's `assistant` message after its stream), text deltas
// append to it, and a completion without text of its own gets the kept text. So an item completes
// with the same text whether the upstream streamed it, sent it whole, or stopped half-way (an
// interrupted turn's closing). A tool's streamed output (command_output deltas) is kept the same way
// until an item event gives the whole. Title: the last one its events carried, for eventmap's own closing
// (helpers/close.ts) and its updates, which may have less tool detail to derive one from (titles.ts).
import type { Lifecycle, OpenItem } from './lifecycle.ts';

/** The stream kinds that are an item's text (not a command's output or a tool's input). */
const TEXT_STREAMS: ReadonlySet<unknown> = new Set([
  'assistant_text',
  'reasoning_text',
  'reasoning_summary_text',
  'plan_text',
]);

/** The stream kinds that are a tool's output: kept like text, for a completion that does not repeat it. */
const OUTPUT_STREAMS: ReadonlySet<unknown> = new Set(['command_output', 'file_change_output']);

/**
 * The most streamed output kept for a completion, in UTF-16 units (64 KB of the 1 MB open items
 * bound, runtime/lifecycle.ts): past it the kept output is let go whole (`null`), so a completion
 * never carries a cut one; the deltas themselves have gone out, and a view folds them all.
 */
export const KEPT_OUTPUT_UNITS = 32 << 10;

/** Keep the item's title, keep or append its text and output; returns the payload, with the kept text (output) where a completion lacks one. */
export function keepOpenItem(
  items: Lifecycle['items'],
  key: string,
  open: OpenItem,
  payload: Record<string, unknown>,
  closing: boolean,
): Record<string, unknown> {
  let kept: OpenItem = open;
  if (typeof payload.title === 'string' && open.title !== payload.title) kept = { ...kept, title: payload.title };
  if (typeof payload.text === 'string') {
    if (open.text !== payload.text) kept = { ...kept, text: payload.text };
  } else if (typeof payload.delta === 'string' && TEXT_STREAMS.has(payload.streamKind)) {
    kept = { ...kept, text: (open.text ?? '') + payload.delta };
  } else if (closing && open.text !== undefined) {
    payload = { ...payload, text: open.text };
  }
  const detail = payload.toolDetail as { output?: unknown } | undefined;
  if (typeof detail?.output === 'string') {
    if (open.output !== undefined) kept = { ...kept, output: undefined };
  } else if (typeof payload.delta === 'string' && OUTPUT_STREAMS.has(payload.streamKind)) {
    if (open.output !== null) {
      const output = (open.output ?? '') + payload.delta;
      kept = { ...kept, output: output.length > KEPT_OUTPUT_UNITS ? null : output };
    }
  } else if (closing && typeof open.output === 'string') {
    // A tool whose output only streamed (ACP's terminal extension) completes with it, as Codex's does.
    payload = { ...payload, toolDetail: { ...detail, output: open.output } };
  }
  // set() again: the held bytes count the text and the title (runtime/bounded.ts).
  if (kept !== open) items.set(key, kept);
  return payload;
}
