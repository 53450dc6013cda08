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
import { compact, upsertLast } from './lists.ts';
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
export function openRequest(thread: ThreadView, ids: RequestIds, payload: RequestOpenedPayload): ThreadView {
  const itemDetail = payload.toolDetail === undefined ? findItem(thread, ids.itemId)?.toolDetail : undefined;
  const requests = upsertLast(
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
  );
  return { ...thread, requests };
}

export function resolveRequest(thread: ThreadView, ids: RequestIds, payload: RequestResolvedPayload): ThreadView {
  const requests = upsertLast(
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
  );
  return { ...thread, requests };
}

export function requestUserInput(thread: ThreadView, ids: RequestIds, payload: UserInputRequestedPayload): ThreadView {
  const userInputs = upsertLast(
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
  );
  return { ...thread, userInputs };
}

export function resolveUserInput(thread: ThreadView, ids: RequestIds, payload: UserInputResolvedPayload): ThreadView {
  const userInputs = upsertLast(
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
  );
  return { ...thread, userInputs };
}
