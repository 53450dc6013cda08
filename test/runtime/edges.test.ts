// Hand-made edges of the Codex runtime: what the real transcripts do not show.
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer } from '../../runtime/index.ts';
import { loose } from './loose.ts';

const T = 'thread-1';
const U = 'turn-1';
const lines = {
  turnStarted: {
    method: 'turn/started',
    params: { threadId: T, turn: { id: U, items: [], status: 'inProgress', error: null } },
  },
  itemStarted: {
    method: 'item/started',
    params: { threadId: T, turnId: U, item: { type: 'agentMessage', id: 'msg-1', text: '' } },
  },
  commandStarted: {
    method: 'item/started',
    params: {
      threadId: T,
      turnId: U,
      item: {
        type: 'commandExecution',
        id: 'call-1',
        command: 'sleep 100',
        cwd: '/',
        status: 'inProgress',
        commandActions: [],
      },
    },
  },
  approval: {
    method: 'item/commandExecution/requestApproval',
    id: 7,
    params: { threadId: T, turnId: U, itemId: 'call-1', reason: 'needs network' },
  },
  interrupted: {
    method: 'turn/completed',
    params: { threadId: T, turn: { id: U, items: [], status: 'interrupted', error: null } },
  },
  lateResolved: { method: 'serverRequest/resolved', params: { threadId: T, requestId: 7 } },
};

function normalize(...messages: unknown[]) {
  // The app's answers are passed (observesReplies): a request its turn left open was not answered.
  const n = createNormalizer('codex-app-server', { clock: () => 0, observesReplies: true });
  return loose(messages.flatMap((m) => n.push(m as never)));
}

describe('when a turn ends', () => {
  const events = normalize(
    lines.turnStarted,
    lines.itemStarted,
    lines.commandStarted,
    lines.approval,
    lines.interrupted,
    lines.lateResolved,
  );

  it('closes the items it left open, with a status that says why', () => {
    const closed = events.filter((e) => e.type === 'item.completed');
    expect(closed.map((e) => [e.providerRefs?.providerItemId, e.payload.itemType, e.payload.status])).toEqual([
      ['msg-1', 'assistant_message', 'interrupted'],
      ['call-1', 'command_execution', 'interrupted'],
    ]);
    expect(closed.every((e) => e.raw.source === 'eventmap.synthetic')).toBe(true);
  });

  it('resolves the requests still pending as cancelled, and only once', () => {
    const resolved = events.filter((e) => e.type === 'request.resolved');
    expect(resolved).toHaveLength(1);
    expect(resolved[0]!.payload).toMatchObject({ requestType: 'command_execution_approval', decision: 'cancelled' });
    expect(resolved[0]!.providerRefs).toMatchObject({
      providerRequestId: '7',
      providerItemId: 'call-1',
      providerTurnId: U,
    });
  });

  it('emits only valid events', () => {
    expect(events.filter((e) => !validateProviderRuntimeEvent(e))).toEqual([]);
  });
});

describe('unknown and invalid input', () => {
  it('turns an unknown method into runtime.warning with raw', () => {
    const msg = { method: 'thread/teleported', params: { threadId: T } };
    const [w, ...rest] = normalize(msg);
    expect(rest).toEqual([]);
    expect(w!.type).toBe('runtime.warning');
    expect(w!.payload.detail).toMatchObject({ kind: 'unknown-message', name: 'thread/teleported' });
    expect(w!.raw.payload).toBe(msg);
  });

  it('turns a line that is not JSON into runtime.warning with the line as raw', () => {
    const [w] = normalize('{"method":');
    expect(w!.type).toBe('runtime.warning');
    expect(w!.raw.payload).toBe('{"method":');
  });

  it('turns a message missing a required field into runtime.warning, never a throw', () => {
    const [w] = normalize({ method: 'turn/diff/updated', params: { threadId: T, turnId: U } });
    expect(w!.type).toBe('runtime.warning');
    expect(w!.payload.detail).toMatchObject({ kind: 'invalid-message', field: 'unifiedDiff' });
  });

  it('resolves a request the client answered with a JSON-RPC error as failed (RequestDecision)', () => {
    const answer = { dir: 'c2s', line: JSON.stringify({ id: 7, error: { code: -32000, message: 'ui closed' } }) };
    const events = normalize(lines.approval, answer);
    expect(events.map((e) => e.type)).toEqual(['request.opened', 'request.resolved']);
    expect(events[1]!.payload).toMatchObject({
      requestType: 'command_execution_approval',
      decision: 'failed',
      resolution: { message: 'ui closed' },
    });
    expect(events[1]!.raw.source).toBe('codex.app-server.response');
  });

  it('keeps the JSON-RPC id and the item id apart', () => {
    const events = normalize(lines.approval);
    expect(events[0]!.providerRefs).toEqual({
      providerThreadId: T,
      providerTurnId: U,
      providerItemId: 'call-1',
      providerRequestId: '7',
    });
    expect(events[0]!.requestId).not.toBe(events[0]!.itemId);
  });

  it('derives the same canonical ids for the same input with deriveSessionId, and new ones by default', () => {
    const derive = () =>
      loose(
        createNormalizer('codex-app-server', { clock: () => 0, deriveSessionId: true }).push(
          lines.turnStarted as never,
        ),
      );
    expect(derive()[0]).toEqual(derive()[0]);
    const [a, b] = [normalize(lines.turnStarted)[0]!, normalize(lines.turnStarted)[0]!];
    expect([a.threadId, a.type]).toEqual([b.threadId, b.type]);
    for (const key of ['eventId', 'sessionId', 'turnId'] as const) expect(a[key]).not.toBe(b[key]);
  });
});
