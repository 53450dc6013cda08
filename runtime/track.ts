// Lifecycle bookkeeping for each event about to be emitted, by its role in canonical-model.yaml
// (runtime/lifecycle-roles.ts): open turns, items and requests, per thread. Returns false for an
// event that must not be emitted as it is: a duplicate (after naming why), or an upstream's late
// completion of an item eventmap already closed (emitted here as item.updated).
import { itemKey, type Lifecycle } from './lifecycle.ts';
import { CLOSED_BY, OPENED_BY, type LifecycleRole } from './lifecycle-roles.ts';
import { modelOf } from './helpers/thread-model.ts';
import { keptTitle } from './open-item.ts';
import { titleOf } from './titles.ts';
import { SYNTHETIC, type ProviderIds, type RawRef } from './types.ts';

/** What tracking needs of the mapping context (runtime/context.ts's MapContext passes itself). */
export interface TrackContext {
  readonly lifecycle: Lifecycle;
  readonly raw: RawRef;
  warn(message: string, detail: Record<string, unknown>): void;
  ignore(reason: string): void;
  describeRaw(): string;
  synthetic(fn: () => void): void;
  push(type: string, ids: ProviderIds, payload: Record<string, unknown>): void;
}

export function track(
  ctx: TrackContext,
  role: LifecycleRole,
  ids: ProviderIds,
  payload: Record<string, unknown>,
): boolean {
  const life = ctx.lifecycle;
  switch (role.opens) {
    case 'turn': {
      // A turn starts once, whichever announcement comes first (0.105.0 sends a v2 turn/started
      // and a legacy task_started for most turns, only the legacy one for a spawned agent's).
      if (ids.turn === undefined) return true;
      const key = itemKey(ids.thread, ids.turn);
      if (life.startedTurns.has(key)) {
        ctx.ignore('turn already started');
        return false;
      }
      life.startedTurns.add(key);
      const thread = life.thread(ids.thread);
      thread.turn = thread.lastTurn = ids.turn;
      thread.turnModelUnknown = payload.model === undefined;
      return true;
    }
    case 'item': {
      if (ids.item === undefined) return true;
      const key = itemKey(ids.thread, ids.item);
      if (life.items.get(key)) {
        // Started already (an ACP tool call its permission request named first): news, not a start.
        ctx.push('item.updated', ids, payload);
        return false;
      }
      const title = keptTitle(payload.title);
      life.openItem(
        key,
        title === undefined ? { ids, itemType: payload.itemType } : { ids, itemType: payload.itemType, title },
      );
      return true;
    }
    case 'user-input':
      if (ids.request !== undefined) life.userInputRequested.add(ids.request);
      return true;
    case 'request':
      if (ids.request !== undefined) {
        // A JSON-RPC id may be reused once its request is answered; reused while still open, the
        // older request can no longer be answered (its answer would be read as the new one's).
        const older = life.requests.get(ids.request);
        if (older) {
          ctx.warn(
            `${ctx.describeRaw()}: request id ${ids.request} is reused while its request is still open; that request is closed`,
            {
              kind: 'request-id-reused',
              request: ids.request,
            },
          );
          life.closeRequest(ids.request);
          ctx.synthetic(() =>
            ctx.push(
              CLOSED_BY.request,
              { ...older.ids, request: ids.request },
              {
                requestType: older.requestType ?? 'unknown',
                decision: 'expired',
                resolution: { reason: 'the upstream reused its id for another request' },
              },
            ),
          );
        }
        life.resolvedRequests.delete(ids.request);
        const userInput = life.userInputRequested.has(ids.request);
        life.userInputRequested.delete(ids.request);
        life.openRequest(ids.request, {
          ids,
          requestType: payload.requestType,
          method: ctx.raw.method,
          args: payload.args,
          userInput,
          userInputResolved: false,
        });
      }
      return true;
  }
  switch (role.closes) {
    case 'item': {
      // (no key to build and hash while nothing is open or completed: items that only complete)
      if (ids.item === undefined || (life.items.size === 0 && life.completedItems.size === 0)) return true;
      const key = itemKey(ids.thread, ids.item);
      if (life.closeItem(key)) {
        life.completedItems.set(key, ctx.raw.source === SYNTHETIC ? { turn: ids.turn } : false);
        return true;
      }
      // Only items seen to start: one that only completes cannot be told from its duplicate.
      const closed = life.completedItems.get(key);
      if (closed === undefined) return true;
      if (closed === false) {
        ctx.ignore('item already completed');
        return false;
      }
      // Its turn or run ended first, so eventmap closed it; the upstream's own completion comes
      // late: its end is no news, its status and output are (a command's exit code, its output).
      // It is the item's turn's, not whichever turn is open now.
      life.completedItems.set(key, false);
      ctx.push('item.updated', { ...ids, turn: closed.turn }, payload);
      return false;
    }
    case 'user-input': {
      const pending = ids.request === undefined ? undefined : life.requests.get(ids.request);
      if (pending) pending.userInputResolved = true;
      return true;
    }
    case 'request':
      return resolved(ctx, ids, payload);
  }
  if (role.closes === 'turn') {
    // A turn opened before the upstream named its model (Claude: the app's prompt before system:init)
    // names it at its end, where the thread's model is known by then: one rule for every source.
    const thread = life.peekThread(ids.thread);
    if (thread?.turnModelUnknown === true && payload.model === undefined) {
      const model = modelOf(life, ids.thread);
      if (model !== undefined) payload.model = model;
    }
    if (thread) thread.turnModelUnknown = false;
  }
  // A turn's end is closeTurn's (helpers/close.ts): it closes what the turn left open first.
  return true;
}

/** Decisions that say no: the item the request was about will not run. */
const NO_DECISIONS: ReadonlySet<string> = new Set(['declined', 'aborted', 'permission_denied']);
/** Decisions after which the item a request asked about never runs: those, and a request the turn's interrupt cancelled. */
const NOT_RUN: ReadonlySet<string> = new Set([...NO_DECISIONS, 'cancelled']);

/**
 * A request is resolved once; one that asked for user input first gets its user-input.resolved.
 * One never opened (Claude's system:permission_denied: a tool denied by policy, with no prompt; a
 * canUseTool record that names no tool use) is opened first, with the same ids and requestType,
 * so every request.resolved follows its request.opened.
 */
function resolved(ctx: TrackContext, ids: ProviderIds, payload: Record<string, unknown>): boolean {
  if (ids.request === undefined) return true;
  const life = ctx.lifecycle;
  if (life.resolvedRequests.has(ids.request)) {
    ctx.ignore('request already resolved');
    return false;
  }
  life.resolvedRequests.add(ids.request);
  const pending = life.requests.get(ids.request);
  if (!pending) {
    const opened: Record<string, unknown> = { requestType: payload.requestType };
    const title = titleOf(opened);
    // It opens here, derived by eventmap: synthetic, the message that resolved it in raw.
    ctx.synthetic(() => ctx.push(OPENED_BY.request, { ...ids }, title === undefined ? opened : { ...opened, title }));
  }
  const decision = payload.decision;
  if (pending) {
    life.closeRequest(ids.request);
    // The request keeps the scope it was opened in (serverRequest/resolved names a thread of its own).
    ids.thread = pending.ids.thread;
    ids.item ??= pending.ids.item;
    ids.turn ??= pending.ids.turn;
  }
  if (typeof decision === 'string' && NOT_RUN.has(decision) && ids.item !== undefined) {
    // The item it asked about will not run: what the upstream still reports of it is why, not output
    // (helpers/claude-tools.ts); declined, if its turn ends before the upstream closes it, it closes as declined.
    const item = life.items.get(itemKey(ids.thread, ids.item));
    if (item) item.notRun = true;
    if (item && NO_DECISIONS.has(decision)) item.end = { status: 'declined', detail: `its request was ${decision}` };
  }
  if (pending?.userInput && !pending.userInputResolved) {
    // Declined, cancelled or failed: the questions were still answered — with nothing.
    ctx.push(CLOSED_BY['user-input'], { ...ids }, { answers: {} });
  }
  return true;
}
