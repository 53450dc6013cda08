// Tool states, in the vocabulary app developers know from the Vercel AI SDK's tool UI parts
// (UIToolInvocation `state`). Where they fit:
// - input-streaming: the call is known but its input is not complete: item started with no
//   toolDetail yet, or content.delta `tool_input` fragments arriving (AI SDK: partial input).
// - input-available: item.started/updated carried the toolDetail (command, files, server + name,
//   query...). A running command's output streams while the state stays here: the AI SDK streams
//   output as `output-available` with `preliminary: true`, which a status-less delta cannot say.
// - output-available: item.completed with status completed.
// - output-error: item.completed with status failed, declined, interrupted or cancelled; the item's
//   `status` says which (AI SDK 6 has `output-denied` for a declined approval; declined maps here
//   so the four v5 states stay the whole set).
// Where they do not: the AI SDK 6 `approval-requested` / `approval-responded` states are not
// item states here. Approvals are requests of their own (ThreadView.requests, linked by itemId):
// a provider may ask before any item exists, or decide with no item at all.
import type { CanonicalItemType, ItemStatus, ToolDetail } from '../../generated/canonical/types.ts';
import type { ToolState } from './view.ts';
import { TOOL_ITEM_TYPES } from '../tool-items.ts';

/** The item types that are tool calls (runtime/tool-items.ts); any other item with a toolDetail is one too. */
export { TOOL_ITEM_TYPES };

export const TOOL_STATES: readonly ToolState[] = [
  'input-streaming',
  'input-available',
  'output-available',
  'output-error',
];

export function isToolItem(itemType: CanonicalItemType, toolDetail: ToolDetail | undefined): boolean {
  return toolDetail !== undefined || TOOL_ITEM_TYPES.includes(itemType);
}

/** The state after an item.* event (`completed`: it was item.completed). */
export function toolStateAfterItemEvent(
  previous: ToolState | undefined,
  completed: boolean,
  status: ItemStatus,
  toolDetail: ToolDetail | undefined,
): ToolState {
  if (completed) return status === 'completed' || status === 'inProgress' ? 'output-available' : 'output-error';
  // An update after the end (out of order) does not reopen the call.
  if (previous === 'output-available' || previous === 'output-error') return previous;
  return toolDetail === undefined ? 'input-streaming' : 'input-available';
}

/** The state after a tool_input delta: input is streaming again, unless the call has ended. */
export function toolStateAfterInputDelta(previous: ToolState | undefined): ToolState {
  return previous === 'output-available' || previous === 'output-error' ? previous : 'input-streaming';
}
