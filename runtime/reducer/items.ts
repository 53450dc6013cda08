// One item's fold: item.started/updated/completed and content.delta. Text: an item event's `text`
// is the whole text so far and replaces what was accumulated; text deltas append. Tool detail:
// each event's fields win over the earlier ones, field by field. The payload's `data` (the
// provider's own item) is never read.
import type {
  CanonicalItemType,
  ContentDeltaPayload,
  ContentStreamKind,
  ItemLifecyclePayload,
  RuntimeItemId,
  ToolDetail,
} from '../../generated/canonical/types.ts';
import { compact } from './lists.ts';
import { isToolItem, toolStateAfterInputDelta, toolStateAfterItemEvent } from './tool-state.ts';
import type { ItemView } from './view.ts';

/** The item type a stream implies, for an item first seen in a content.delta. */
const ITEM_TYPE_OF_STREAM: Record<ContentStreamKind, CanonicalItemType> = {
  assistant_text: 'assistant_message',
  reasoning_text: 'reasoning',
  reasoning_summary_text: 'reasoning',
  plan_text: 'plan',
  user_text: 'user_message',
  command_output: 'command_execution',
  file_change_output: 'file_change',
  tool_input: 'unknown',
  unknown: 'unknown',
};

const TEXT_STREAMS: readonly ContentStreamKind[] = [
  'assistant_text',
  'reasoning_text',
  'reasoning_summary_text',
  'plan_text',
  'user_text',
];
const OUTPUT_STREAMS: readonly ContentStreamKind[] = ['command_output', 'file_change_output'];

/** `later`'s defined fields over `earlier`'s. */
export function mergeToolDetail(
  earlier: ToolDetail | undefined,
  later: ToolDetail | undefined,
): ToolDetail | undefined {
  if (later === undefined) return earlier;
  return { ...earlier, ...compact(later) };
}

/** An item event's fold; `at` is its createdAt (the item's start when new, its end when completed). */
export function applyItemEvent(
  item: ItemView | undefined,
  itemId: RuntimeItemId,
  completed: boolean,
  payload: ItemLifecyclePayload,
  at: string,
): ItemView {
  const final = item !== undefined && item.status !== 'inProgress';
  // A late start or update after the item ended (out of order) does not reopen it.
  const status = completed ? (payload.status ?? 'completed') : final ? item.status : (payload.status ?? 'inProgress');
  const toolDetail = mergeToolDetail(item?.toolDetail, payload.toolDetail);
  const tool = isToolItem(payload.itemType, toolDetail);
  return compact<ItemView>({
    itemId,
    itemType: payload.itemType,
    status,
    title: payload.title ?? item?.title,
    detail: payload.detail ?? item?.detail,
    text: payload.text ?? item?.text ?? '',
    toolDetail,
    toolState: tool ? toolStateAfterItemEvent(item?.toolState, completed, status, toolDetail) : undefined,
    outputFrom: payload.toolDetail?.output !== undefined ? 'item' : item?.outputFrom,
    startedAt: item?.startedAt ?? at,
    completedAt: completed ? (item?.completedAt ?? at) : item?.completedAt,
    children: item?.children,
    droppedChildren: item?.droppedChildren,
  });
}

/** The item after a delta; the same item when the delta changes nothing it shows. */
export function applyDelta(
  item: ItemView | undefined,
  itemId: RuntimeItemId,
  payload: ContentDeltaPayload,
  at: string,
): ItemView {
  const base: ItemView = item ?? {
    itemId,
    itemType: ITEM_TYPE_OF_STREAM[payload.streamKind],
    status: 'inProgress',
    text: '',
    startedAt: at,
  };
  const { streamKind, delta } = payload;
  if (TEXT_STREAMS.includes(streamKind)) return delta === '' ? base : { ...base, text: base.text + delta };
  if (OUTPUT_STREAMS.includes(streamKind)) {
    // An item event's output is the whole output: deltas fill it only until one comes.
    if (base.outputFrom === 'item' || (delta === '' && item !== undefined)) return base;
    return {
      ...base,
      toolDetail: { ...base.toolDetail, output: (base.toolDetail?.output ?? '') + delta },
      toolState: base.toolState ?? 'input-available',
      outputFrom: 'deltas',
    };
  }
  if (streamKind === 'tool_input') {
    const toolState = toolStateAfterInputDelta(base.toolState);
    return toolState === base.toolState ? base : { ...base, toolState };
  }
  return base; // `unknown` streams carry nothing a view can place
}
