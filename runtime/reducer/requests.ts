// Requests (approvals and the like) and questions to the user, pending then decided. A decision
// or answer with no opening before it (a provider that decided alone) is recorded as it came.
// Neither `args` nor `resolution` (the provider's own shapes) is read.
import type {
  RequestOpenedPayload,
  RequestResolvedPayload,
  RuntimeItemId,
  RuntimeRequestId,
  TurnId,
  UserInputRequestedPayload,
  UserInputResolvedPayload,
} from '../../generated/canonical/types.ts';
import { VIEW_LIMITS } from './limits.ts';
import { compact, plus, upsertLast } from './lists.ts';
import type { ItemPlaces } from './places.ts';
import { findItem } from './threads.ts';
import type { RequestView, ThreadView, UserInputView } from './view.ts';

/** The ids an event carries about where a request belongs. */
export interface RequestIds {
  requestId: RuntimeRequestId;
  itemId: RuntimeItemId | undefined;
  turnId: TurnId | undefined;
}

/**
 * A request about an item the view has (a Codex file-change approval names only the item) shows
 * that item's tool detail when the request carries none of its own.
 */
export function openRequest(
  thread: ThreadView,
  places: ItemPlaces,
  ids: RequestIds,
  payload: RequestOpenedPayload,
): ThreadView {
  const itemDetail = payload.toolDetail === undefined ? findItem(thread, places, ids.itemId)?.toolDetail : undefined;
  return withRequests(
    thread,
    upsertLast(
      thread.requests,
      (r) => r.requestId === ids.requestId,
      (r) =>
        compact<RequestView>({
          requestId: ids.requestId,
          requestType: payload.requestType,
          title: payload.title ?? r?.title,
          detail: payload.detail ?? r?.detail,
          toolDetail: payload.toolDetail ?? r?.toolDetail ?? itemDetail,
          itemId: ids.itemId ?? r?.itemId,
          turnId: ids.turnId ?? r?.turnId,
          // Opened again after its decision (out of order): the decision stands.
          status: r?.status ?? 'pending',
          decision: r?.decision,
        }),
      VIEW_LIMITS.requests,
    ),
  );
}

export function resolveRequest(thread: ThreadView, ids: RequestIds, payload: RequestResolvedPayload): ThreadView {
  return withRequests(
    thread,
    upsertLast(
      thread.requests,
      (r) => r.requestId === ids.requestId,
      (r) =>
        compact<RequestView>({
          ...r,
          requestId: ids.requestId,
          requestType: r?.requestType ?? payload.requestType,
          itemId: r?.itemId ?? ids.itemId,
          turnId: r?.turnId ?? ids.turnId,
          status: 'resolved',
          decision: payload.decision ?? r?.decision,
        }),
      VIEW_LIMITS.requests,
    ),
  );
}

export function requestUserInput(thread: ThreadView, ids: RequestIds, payload: UserInputRequestedPayload): ThreadView {
  return withUserInputs(
    thread,
    upsertLast(
      thread.userInputs,
      (u) => u.requestId === ids.requestId,
      (u) =>
        compact<UserInputView>({
          ...u,
          requestId: ids.requestId,
          questions: payload.questions,
          status: u?.status ?? 'pending',
          itemId: ids.itemId ?? u?.itemId,
          turnId: ids.turnId ?? u?.turnId,
        }),
      VIEW_LIMITS.requests,
    ),
  );
}

export function resolveUserInput(thread: ThreadView, ids: RequestIds, payload: UserInputResolvedPayload): ThreadView {
  return withUserInputs(
    thread,
    upsertLast(
      thread.userInputs,
      (u) => u.requestId === ids.requestId,
      (u) =>
        compact<UserInputView>({
          questions: [],
          ...u,
          requestId: ids.requestId,
          answers: payload.answers,
          status: 'resolved',
          itemId: u?.itemId ?? ids.itemId,
          turnId: u?.turnId ?? ids.turnId,
        }),
      VIEW_LIMITS.requests,
    ),
  );
}

function withRequests(thread: ThreadView, next: { list: readonly RequestView[]; dropped: number }): ThreadView {
  if (next.list === thread.requests) return thread;
  const droppedRequests = plus(thread.droppedRequests, next.dropped);
  return { ...thread, requests: next.list, ...(droppedRequests === undefined ? {} : { droppedRequests }) };
}

function withUserInputs(thread: ThreadView, next: { list: readonly UserInputView[]; dropped: number }): ThreadView {
  if (next.list === thread.userInputs) return thread;
  const droppedUserInputs = plus(thread.droppedUserInputs, next.dropped);
  return { ...thread, userInputs: next.list, ...(droppedUserInputs === undefined ? {} : { droppedUserInputs }) };
}
