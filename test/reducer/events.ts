// Hand-made canonical events for the reducer's rule tables: `ev(type, payload, ids)` with the
// envelope filled in (the reducer reads only the ids and the payload).
import type {
  CanonicalRuntimeEventType,
  EventId,
  ProviderRuntimeEvent,
  ProviderRuntimeEventOfType,
  RuntimeEventPayloadByType,
  RuntimeItemId,
  RuntimeRequestId,
  RuntimeSessionId,
  ThreadId,
  TurnId,
} from '../../runtime/index.ts';

export interface Ids {
  thread?: string | null; // null: no threadId
  turn?: string;
  item?: string;
  request?: string;
  /** createdAt (default AT). */
  at?: string;
}

/** The createdAt of every event that names no other. */
export const AT = '2026-01-01T00:00:00.000Z';

let seq = 0;

export function ev<T extends CanonicalRuntimeEventType>(
  type: T,
  payload: RuntimeEventPayloadByType[T],
  ids: Ids = {},
): ProviderRuntimeEventOfType<T> {
  const event = {
    eventId: `e${++seq}` as EventId,
    provider: 'codex',
    sessionId: 's1' as RuntimeSessionId,
    createdAt: ids.at ?? AT,
    type,
    payload,
    ...(ids.thread === null ? {} : { threadId: (ids.thread ?? 't1') as ThreadId }),
    ...(ids.turn === undefined ? {} : { turnId: ids.turn as TurnId }),
    ...(ids.item === undefined ? {} : { itemId: ids.item as RuntimeItemId }),
    ...(ids.request === undefined ? {} : { requestId: ids.request as RuntimeRequestId }),
  };
  return event as unknown as ProviderRuntimeEventOfType<T>;
}

/** A turn with one item: turn.started, then the given events for item `i1`. */
export const inTurn = (...events: ProviderRuntimeEvent[]): ProviderRuntimeEvent[] => [
  ev('turn.started', {}, { turn: 'u1' }),
  ...events,
];
