// What every session UI shows, on every recording, from the view alone: when turns and items
// started and ended, the model of each turn, subagent work under the tool call that spawned it,
// and no provider vocabulary in the strings the view carries.
import { describe, expect, it } from 'vitest';
import type { ProviderRuntimeEvent, RuntimeItemId } from '../../runtime/index.ts';
import { reduceEvents, type ItemView, type ThreadView } from '../../runtime/reducer/index.ts';
import { RECORDED } from './recorded.ts';

/**
 * Sources whose traffic states no model anywhere (docs/parity.md): the Codex SDK's ThreadEvents
 * (`codex exec --experimental-json`) carry no model, not even in thread.started.
 */
const NO_MODEL_SIGNAL = ['codex-sdk'];

const withChildren = (items: readonly ItemView[]): ItemView[] =>
  items.flatMap((i) => [i, ...withChildren(i.children ?? [])]);
const itemsOf = (t: ThreadView) => withChildren([...t.turns.flatMap((u) => u.items), ...t.items]);

/** A protocol's own word: a snake_case or camelCase identifier, or a step of a protocol named in English. */
const PROVIDER_WORD = /^[a-z]+(?:_[a-z]+)+$|^[a-z]+(?:[A-Z][a-z]+)+$/;
const PROTOCOL_STEPS = ['summary part added', 'terminal interaction', 'patch updated'];

describe.each(RECORDED.map((r) => [r.file, r] as const))('%s', (file, r) => {
  const view = reduceEvents(r.events);
  const source = file.split('/')[0]!;

  it('turns and items have their start, and the end of those that ended, in order', () => {
    for (const thread of view.threads) {
      for (const turn of thread.turns) {
        expect(turn.startedAt, turn.turnId).toBeDefined();
        if (turn.state !== 'running') expect(turn.completedAt! >= turn.startedAt!, turn.turnId).toBe(true);
      }
      for (const item of itemsOf(thread)) {
        expect(item.startedAt, item.itemId).toBeDefined();
        if (item.status !== 'inProgress') expect(item.completedAt! >= item.startedAt!, item.itemId).toBe(true);
      }
    }
  });

  it('every turn of a thread the session opened names its model (where the source states one)', () => {
    const turns = view.threads.filter((t) => t.parentItemId === undefined).flatMap((t) => t.turns);
    expect(turns.length).toBeGreaterThan(0);
    const models = turns.map((t) => t.model);
    if (NO_MODEL_SIGNAL.includes(source)) expect(models.filter((m) => m !== undefined)).toEqual([]);
    else expect(models.filter((m) => m === undefined)).toEqual([]);
  });

  it('subagent items sit under the item that spawned them; subagent threads and tasks name it', () => {
    const parents = new Map<RuntimeItemId, RuntimeItemId>();
    for (const e of r.events as ProviderRuntimeEvent[])
      if (e.type === 'item.started' && e.payload.parentItemId !== undefined && e.itemId !== undefined)
        parents.set(e.itemId, e.payload.parentItemId);
    for (const thread of view.threads) {
      const items = itemsOf(thread);
      const byId = new Map(items.map((i) => [i.itemId, i]));
      for (const [child, parent] of parents) {
        if (!byId.has(child)) continue;
        expect(
          byId.get(parent)?.children?.some((c) => c.itemId === child),
          child,
        ).toBe(true);
      }
      for (const task of thread.tasks) if (task.itemId !== undefined) expect(byId.has(task.itemId)).toBe(true);
    }
    for (const thread of view.threads.filter((t) => t.parentItemId !== undefined)) {
      const parent = view.threads.find((t) => t.threadId === thread.parentThreadId);
      expect(parent && itemsOf(parent).some((i) => i.itemId === thread.parentItemId)).toBe(true);
    }
  });

  // `detail` is free text a UI shows beside an item or a request. (A tool call's `title` is the
  // tool's name as the agent called it, by design: runtime/titles.ts.)
  it('carries no provider vocabulary in its details', () => {
    const strings = view.threads.flatMap((t) => [
      ...itemsOf(t).map((i) => i.detail),
      ...t.requests.map((q) => q.detail),
    ]);
    const words = strings.filter(
      (s): s is string => s !== undefined && (PROVIDER_WORD.test(s) || PROTOCOL_STEPS.includes(s)),
    );
    expect(words).toEqual([]);
  });
});

describe('the recordings hold what these tests look for', () => {
  const views = RECORDED.map((r) => reduceEvents(r.events));
  it('subagent items nested, subagent threads linked, tasks linked to their tool calls', () => {
    const all = views.flatMap((v) => v.threads);
    expect(all.some((t) => itemsOf(t).some((i) => (i.children?.length ?? 0) > 0))).toBe(true);
    expect(all.some((t) => t.parentItemId !== undefined)).toBe(true);
    expect(all.some((t) => t.tasks.some((k) => k.itemId !== undefined && k.subagentType !== undefined))).toBe(true);
    expect(all.some((t) => t.tasks.some((k) => k.model !== undefined))).toBe(true);
  });
});
