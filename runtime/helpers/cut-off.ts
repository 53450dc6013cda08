// A message the upstream gave up and sent again, the same rule on every provider: the cut-off copy is
// not the answer. Its item closes `failed` with no text (the cut-off text stays in its events' raw),
// so a UI shows the text once, in the copy that followed (docs/parity.md, "cut-off stream"). The
// signals that say a copy was given up are the upstream's own: Codex's `error` with `willRetry`
// (superseded.ts), Claude's `abandoned_blocks` and its whole message sent in place of a stream that
// never stopped (claude-blocks.ts). No spec helper here: every source's helpers may import it.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';

/** Why a superseded copy closed (the item's `detail`). */
export const SUPERSEDED = 'cut off: the upstream gave this message up and sent it again';

/** The item types whose text an upstream streams and may send again. */
const TEXT_ITEMS: ReadonlySet<unknown> = new Set(['assistant_message', 'reasoning']);

/** Close one open item as a superseded copy (nothing when it is not open). */
export function supersede(ctx: MapContext, ids: ProviderIds, item: string): void {
  const open = ctx.openItem(ctx.currentThread, item);
  if (!open || !TEXT_ITEMS.has(open.itemType)) return;
  ctx.emit(
    'item.completed',
    { ...ids, item, turn: open.ids.turn },
    { itemType: open.itemType, status: 'failed', text: '', detail: SUPERSEDED },
    [],
  );
}
