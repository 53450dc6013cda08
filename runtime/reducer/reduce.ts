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
import { compact } from './lists.ts';
import { openRequest, requestUserInput, resolveRequest, resolveUserInput, type RequestIds } from './requests.ts';
import { applyTaskEvent } from './tasks.ts';
import { EMPTY_SESSION, upsertTurn, withItem, withThread, withTurn } from './threads.ts';
import type { NoticeView, SessionView, ThreadView, TurnView } from './view.ts';

/** Fold one event into the view (`undefined`: an empty session). */
export function reduceSession(view: SessionView | undefined, event: ProviderRuntimeEvent): SessionView {
  const base = view ?? EMPTY_SESSION;
  return apply(base.sessionId === undefined ? { ...base, sessionId: event.sessionId } : base, event);
}

/** Fold events in order, from `view` (default: an empty session). */
export function reduceEvents(events: Iterable<ProviderRuntimeEvent>, view?: SessionView): SessionView {
  let out = view ?? EMPTY_SESSION;
  for (const event of events) out = reduceSession(out, event);
  return out;
}

function apply(view: SessionView, event: ProviderRuntimeEvent): SessionView {
  const { threadId, turnId, itemId } = event;
  const thread = (update: (thread: ThreadView) => ThreadView) => withThread(view, threadId, update);
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
      const { providerThreadId } = event.payload;
      return thread((t) => (providerThreadId === undefined ? t : { ...t, providerThreadId }));
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
      return thread((t) =>
        upsertTurn(t, turnId, (turn) =>
          compact<TurnView>({ ...turn, model: model ?? turn.model, effort: effort ?? turn.effort }),
        ),
      );
    }
    case 'turn.completed': {
      const { state, errorMessage, stopReason, totalCostUsd, turnUsage } = event.payload;
      const end = (turn: TurnView) =>
        compact<TurnView>({
          ...turn,
          state,
          errorMessage: errorMessage ?? turn.errorMessage,
          stopReason: stopReason ?? turn.stopReason,
          totalCostUsd: totalCostUsd ?? turn.totalCostUsd,
          usage: turnUsage ?? turn.usage,
        });
      return thread((t) => upsertTurn(t, turnId, end));
    }
    case 'turn.aborted':
      return thread((t) => upsertTurn(t, turnId, (turn) => ({ ...turn, abortReason: event.payload.reason })));
    case 'turn.diff.updated':
      return thread((t) => upsertTurn(t, turnId, (turn) => ({ ...turn, diff: event.payload.unifiedDiff })));
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
      return thread((t) =>
        withItem(t, itemId, turnId, (item) => applyItemEvent(item, itemId, completed, event.payload)),
      );
    }
    case 'content.delta':
      if (itemId === undefined) return unplaced('itemId');
      return thread((t) => withItem(t, itemId, turnId, (item) => applyDelta(item, itemId, event.payload)));
    case 'request.opened':
    case 'request.resolved':
    case 'user-input.requested':
    case 'user-input.resolved': {
      const ids = requestIds();
      if (ids === undefined) return unplaced('requestId');
      if (event.type === 'request.opened') return thread((t) => openRequest(t, ids, event.payload));
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

function notice(view: SessionView, list: 'warnings' | 'errors', entry: NoticeView): SessionView {
  return { ...view, [list]: [...view[list], compact(entry)] };
}
