// The provider-blind reducer's view of a recording must say what the events of a parity row say
// (issue 27): the turn's state and error, each request's decision, the answers, each item's type
// and status, a title on every tool item and the text of every message. It reads the view only,
// as an app would; the row's own check has already held the events to docs/parity.md.
import { expect } from 'vitest';
import {
  reduceEvents,
  isToolItem,
  type ItemView,
  type SessionView,
  type ThreadView,
} from '../../runtime/reducer/index.ts';
import type { ProviderRuntimeEvent } from '../../runtime/index.ts';
import type { CanonicalEvent } from '../runtime/loose.ts';
import type { Recording } from './recording.ts';

const views = new WeakMap<Recording, SessionView>();

/** The view of the whole recording, folded once. */
export function viewOf(r: Recording): SessionView {
  let view = views.get(r);
  if (!view) views.set(r, (view = reduceEvents(r.events as unknown as ProviderRuntimeEvent[])));
  return view;
}

const threadOf = (view: SessionView, e: CanonicalEvent): ThreadView => {
  const t = view.threads.find((t) => t.threadId === e.threadId);
  expect(t, `thread of ${e.type}`).toBeDefined();
  return t!;
};

/** A thread's items, a subagent's nested under the item that spawned it (ItemView.children) included. */
const withChildren = (items: readonly ItemView[]): ItemView[] =>
  items.flatMap((i) => [i, ...withChildren(i.children ?? [])]);
const itemsOf = (t: ThreadView): ItemView[] => withChildren([...t.turns.flatMap((u) => u.items), ...t.items]);

/** The view's item an item event is about. */
export const itemOf = (r: Recording, e: CanonicalEvent): ItemView | undefined =>
  itemsOf(threadOf(viewOf(r), e)).find((x) => x.itemId === e.itemId);

/** The outcome events of line i, as the view shows them. */
export function viewAgrees(r: Recording, i: number): void {
  const view = viewOf(r);
  for (const e of r.out[i]!) {
    switch (e.type) {
      case 'turn.completed': {
        const turn = threadOf(view, e).turns.find((u) => u.turnId === e.turnId);
        expect([turn?.state, turn?.errorMessage], 'turn').toEqual([e.payload.state, e.payload.errorMessage]);
        for (const item of turn!.items) expectShown(item);
        break;
      }
      case 'request.resolved': {
        const req = threadOf(view, e).requests.find((q) => q.requestId === e.requestId);
        expect([req?.status, req?.decision], 'request').toEqual(['resolved', e.payload.decision]);
        expect(req?.title, 'request title').toMatch(/\S/);
        break;
      }
      case 'user-input.resolved': {
        const input = threadOf(view, e).userInputs.find((u) => u.requestId === e.requestId);
        expect(input?.answers, 'answers').toEqual(e.payload.answers);
        const ids = new Set(input?.questions.map((q) => q.id));
        for (const id of Object.keys(input?.answers ?? {})) expect(ids, 'answered question').toContain(id);
        break;
      }
      case 'item.completed': {
        const item = itemsOf(threadOf(view, e)).find((x) => x.itemId === e.itemId);
        expect([item?.itemType, item?.status], 'item').toEqual([e.payload.itemType, e.payload.status]);
        expectShown(item!);
        break;
      }
      case 'thread.state.changed':
        break; // a later state may follow on the same thread; the events' own check holds this one
    }
  }
}

/** What a UI renders of an item is there: a tool's title, a finished message's text. */
function expectShown(item: ItemView): void {
  if (isToolItem(item.itemType, item.toolDetail))
    expect(item.title, `title of ${item.itemType} ${item.itemId}`).toMatch(/\S/);
  if (item.itemType === 'assistant_message' && item.status === 'completed')
    expect(item.text, `text of ${item.itemId}`).toMatch(/\S/);
}
