// The fold: one canonical event → the next SessionView. Pure: it never mutates its input (the view
// keeps references to the events' typed values: questions, plan steps, usage), never throws on
// canonical events whatever their order, and returns the very same view for an event it has
// nothing to show for.
// Provider-blind: it reads the envelope's ids and the payloads' typed fields only, never
// `provider`, `raw`, nor the open slots that carry each provider's own shapes (`data`, `args`,
// `resolution`, an `unknown` `detail`, `usage` outside thread.token-usage.updated...);
// test/reducer/provider-blind.test.ts holds it to that on every recording.
import type { ProviderRuntimeEvent } from '../../generated/canonical/types.ts';
import { applyDelta, applyItemEvent } from './items.ts';
import { VIEW_LIMITS } from './limits.ts';
import { appendCapped, compact, plus } from './lists.ts';
import { keepPlaces, placesOf, type ItemPlaces, type SessionPlaces } from './places.ts';
import { openRequest, requestUserInput, resolveRequest, resolveUserInput, type RequestIds } from './requests.ts';
import { applyTaskEvent } from './tasks.ts';
import { EMPTY_SESSION, upsertTurn, withItem, withThread, withTurn } from './threads.ts';
import type { NoticeView, SessionView, ThreadView, TurnView } from './view.ts';

/** Fold one event into the view (`undefined`: an empty session). */
export function reduceSession(view: SessionView | undefined, event: ProviderRuntimeEvent): SessionView {
  const base = view ?? EMPTY_SESSION;
  const places = placesOf(base);
  const next = apply(base.sessionId === undefined ? { ...base, sessionId: event.sessionId } : base, places, event);
  keepPlaces(next, places);
  return next;
}

/** Fold events in order, from `view` (default: an empty session). */
export function reduceEvents(events: Iterable<ProviderRuntimeEvent>, view?: SessionView): SessionView {
  let out = view ?? EMPTY_SESSION;
  for (const event of events) out = reduceSession(out, event);
  return out;
}

function apply(view: SessionView, places: SessionPlaces, event: ProviderRuntimeEvent): SessionView {
  const { threadId, turnId, itemId, createdAt: at } = event;
  const thread = (update: (thread: ThreadView, items: ItemPlaces) => ThreadView) =>
    withThread(view, places, threadId, update);
  const requestIds = (): RequestIds | undefined =>
    event.requestId === undefined ? undefined : { requestId: event.requestId, itemId, turnId };
  const unplaced = (what: string) =>
    notice(view, 'warnings', {
      kind: 'reducer',
      message: `${event.type} without ${what}: not shown`,
      threadId,
      turnId,
    });

  switch (event.type) {
    case 'session.state.changed':
      return view.state === event.payload.state ? view : { ...view, state: event.payload.state };
    case 'session.exited': {
      const { reason, exitKind, recoverable } = event.payload;
      return { ...view, exit: compact({ reason, exitKind, recoverable }) };
    }
    case 'thread.started': {
      const { providerThreadId, parentThreadId, parentItemId } = event.payload;
      return thread((t) =>
        compact<ThreadView>({
          ...t,
          providerThreadId: providerThreadId ?? t.providerThreadId,
          parentThreadId: parentThreadId ?? t.parentThreadId,
          parentItemId: parentItemId ?? t.parentItemId,
        }),
      );
    }
    case 'thread.state.changed':
      return thread((t) => (t.state === event.payload.state ? t : { ...t, state: event.payload.state }));
    case 'thread.metadata.updated': {
      const { name } = event.payload;
      return thread((t) => (name === undefined || t.name === name ? t : { ...t, name }));
    }
    case 'thread.token-usage.updated':
      return thread((t) => ({ ...t, usage: event.payload.usage }));
    case 'turn.started': {
      const { model, effort } = event.payload;
      if (turnId === undefined) return unplaced('turnId');
      return thread((t, items) =>
        upsertTurn(t, items, turnId, at, (turn) =>
          compact<TurnView>({ ...turn, model: model ?? turn.model, effort: effort ?? turn.effort }),
        ),
      );
    }
    case 'turn.completed': {
      // Not stopReason: the provider's own word (`end_turn`, `tool_use`); `state` says how the turn ended.
      const { state, errorMessage, totalCostUsd, turnUsage, model } = event.payload;
      const end = (turn: TurnView) =>
        compact<TurnView>({
          ...turn,
          state,
          // The end names the model only of a turn whose start could not.
          model: turn.model ?? model,
          errorMessage: errorMessage ?? turn.errorMessage,
          totalCostUsd: totalCostUsd ?? turn.totalCostUsd,
          usage: turnUsage ?? turn.usage,
          completedAt: turn.completedAt ?? at,
        });
      return thread((t, items) => upsertTurn(t, items, turnId, at, end));
    }
    case 'turn.aborted':
      return thread((t, items) =>
        upsertTurn(t, items, turnId, at, (turn) => ({ ...turn, abortReason: event.payload.reason })),
      );
    case 'turn.diff.updated':
      return thread((t, items) =>
        upsertTurn(t, items, turnId, at, (turn) => ({ ...turn, diff: event.payload.unifiedDiff })),
      );
    case 'model.rerouted':
      return thread((t) => withTurn(t, turnId, (turn) => ({ ...turn, model: event.payload.toModel })));
    case 'turn.plan.updated': {
      const { explanation, plan } = event.payload;
      return thread((t) => ({ ...t, plan: compact({ turnId, explanation: explanation ?? undefined, steps: plan }) }));
    }
    case 'turn.proposed.completed': {
      const { planMarkdown } = event.payload;
      return thread((t) => ({ ...t, proposedPlan: compact({ turnId, itemId, planMarkdown }) }));
    }
    case 'item.started':
    case 'item.updated':
    case 'item.completed': {
      if (itemId === undefined) return unplaced('itemId');
      const completed = event.type === 'item.completed';
      const ids = { itemId, turnId, parent: event.payload.parentItemId, at };
      return thread((t, items) =>
        withItem(t, items, ids, (item) => applyItemEvent(item, itemId, completed, event.payload, at)),
      );
    }
    case 'content.delta': {
      if (itemId === undefined) return unplaced('itemId');
      const ids = { itemId, turnId, parent: undefined, at };
      return thread((t, items) => withItem(t, items, ids, (item) => applyDelta(item, itemId, event.payload, at)));
    }
    case 'request.opened':
    case 'request.resolved':
    case 'user-input.requested':
    case 'user-input.resolved': {
      const ids = requestIds();
      if (ids === undefined) return unplaced('requestId');
      if (event.type === 'request.opened') return thread((t, items) => openRequest(t, items, ids, event.payload));
      if (event.type === 'request.resolved') return thread((t) => resolveRequest(t, ids, event.payload));
      if (event.type === 'user-input.requested') return thread((t) => requestUserInput(t, ids, event.payload));
      return thread((t) => resolveUserInput(t, ids, event.payload));
    }
    case 'task.started':
    case 'task.progress':
    case 'task.updated':
    case 'task.completed':
      return thread((t) => applyTaskEvent(t, event));
    case 'runtime.warning': {
      const { message, retry } = event.payload;
      return notice(view, 'warnings', { kind: 'runtime-warning', message, retry, threadId, turnId });
    }
    case 'runtime.error':
      return notice(view, 'errors', {
        kind: 'runtime-error',
        message: event.payload.message,
        errorClass: event.payload.class,
        threadId,
        turnId,
      });
    case 'config.warning':
    case 'deprecation.notice': {
      const kind = event.type === 'config.warning' ? 'config-warning' : 'deprecation';
      const { summary, details } = event.payload;
      return notice(view, 'warnings', { kind, message: summary, details, threadId, turnId });
    }
    default:
      // session.started/configured, realtime audio, hooks, tool progress, auth, account, MCP and
      // file persistence events have nothing the view shows: the same view comes back.
      return view;
  }
}

/** A warning or error: the most recent VIEW_LIMITS.notices are kept, the earlier ones counted. */
function notice(view: SessionView, list: 'warnings' | 'errors', entry: NoticeView): SessionView {
  const added = appendCapped(view[list], compact(entry), VIEW_LIMITS.notices);
  const key = list === 'warnings' ? 'droppedWarnings' : 'droppedErrors';
  const dropped = plus(view[key], added.dropped.length);
  return { ...view, [list]: added.list, ...(dropped === undefined ? {} : { [key]: dropped }) };
}
