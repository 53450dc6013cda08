// Every committed codex-app-server transcript (recorded from the real binaries) through the
// generated mappers: the invariants every app relies on. Transcripts are found by globbing;
// assertions about particular traffic pick the transcripts that carry it, by content.
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { validateUpstream } from '../../generated/codex-app-server/upstream-validators.js';
import { createNormalizer } from '../../runtime/index.ts';
import { loose, type CanonicalEvent } from '../runtime/loose.ts';
import { invariant, knownFailuresAreUsed } from './known-failures.ts';
import { clientMessages, serverMessages, transcripts, type Transcript } from './transcripts.ts';

const ALL = transcripts('codex-app-server');

function run(t: Transcript): CanonicalEvent[] {
  const normalizer = createNormalizer('codex-app-server', { clock: () => 0, deriveSessionId: true });
  return loose(t.lines.flatMap((l) => normalizer.push(l)));
}

const RUNS = new Map(ALL.map((t) => [t.file, run(t)]));
const eventsOf = (t: Transcript) => RUNS.get(t.file)!;

it('finds the committed transcripts', () => {
  expect(ALL.length).toBeGreaterThanOrEqual(2);
  expect(new Set(ALL.map((t) => t.version)).size).toBeGreaterThanOrEqual(2);
});

describe.each(ALL.map((t) => [t.file, t] as const))('codex-app-server %s', (file, t) => {
  const events = eventsOf(t);

  invariant(file, 'maps every message without an exception or an unknown-type warning', () => {
    // Not vacuous: at least 10 events per turn the server started.
    expect(events.length).toBeGreaterThan(10 * Math.max(1, startedTurns(t).size));
    // Codex `warning` notifications are runtime.warning too, but carry no detail.kind.
    const unknown = events.filter(
      (e) => e.type === 'runtime.warning' && (e.payload.detail as { kind?: string } | undefined)?.kind !== undefined,
    );
    expect(unknown.map((e) => e.payload.message)).toEqual([]);
  });

  invariant(file, 'produces only events the canonical validator accepts', () => {
    const invalid = events
      .filter((e) => !validateProviderRuntimeEvent(e))
      .map((e) => ({ type: e.type, errors: validateProviderRuntimeEvent.errors }));
    expect(invalid).toEqual([]);
  });

  invariant(file, 'puts raw on every event and keeps provider ids out of canonical ids', () => {
    for (const e of events) {
      expect(e.raw).toBeDefined();
      if (e.itemId !== undefined) expect(e.itemId).not.toBe(e.providerRefs?.providerItemId);
      if (e.threadId !== undefined) expect(e.threadId).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  invariant(file, 'completes every started item and resolves every opened request', () => {
    const started = new Set(events.filter((e) => e.type === 'item.started').map((e) => e.itemId));
    const completed = new Set(events.filter((e) => e.type === 'item.completed').map((e) => e.itemId));
    expect([...started].filter((id) => !completed.has(id))).toEqual([]);
    const opened = events.filter((e) => e.type === 'request.opened').map((e) => e.requestId);
    const resolved = events.filter((e) => e.type === 'request.resolved').map((e) => e.requestId);
    expect(opened.length).toBeGreaterThan(0);
    expect([...resolved].sort()).toEqual([...opened].sort());
  });

  invariant(file, 'emits one turn.completed per turn', () => {
    // Counted independently: the turns the server started (subagent threads' turns included).
    const turns = startedTurns(t).size;
    // At least one per turn/start the client sent (none in a bare server transcript).
    expect(turns).toBeGreaterThanOrEqual(
      Math.max(1, clientMessages(t).filter((m) => m.method === 'turn/start').length),
    );
    expect(events.filter((e) => e.type === 'turn.completed')).toHaveLength(turns);
  });

  // 0.105.0 announces a spawned agent's turn only with legacy `codex/event/task_started` (no v2
  // `turn/started`) and ends it with a v2 `turn/completed`: the mapping must still start it.
  invariant(file, 'starts every turn it completes', () => {
    const started = new Set(events.filter((e) => e.type === 'turn.started').map((e) => e.turnId));
    expect(
      events
        .filter((e) => e.type === 'turn.completed' && !started.has(e.turnId))
        .map((e) => e.providerRefs?.providerTurnId),
    ).toEqual([]);
  });

  invariant(file, 'streams assistant text that adds up to the final message', () => {
    const deltas = new Map<string, string>();
    for (const e of events) {
      if (e.type === 'content.delta' && e.payload.streamKind === 'assistant_text')
        deltas.set(e.itemId!, (deltas.get(e.itemId!) ?? '') + String(e.payload.delta));
    }
    const finals = events.filter(
      (e) =>
        e.type === 'item.completed' &&
        e.payload.itemType === 'assistant_message' &&
        e.payload.status === 'completed' &&
        e.raw.source !== 'eventmap.synthetic',
    );
    expect(finals.length).toBeGreaterThan(0);
    let compared = 0;
    for (const f of finals) {
      const text = (f.payload.data as { text?: string }).text;
      const streamed = deltas.get(f.itemId!);
      if (streamed === undefined) continue; // some messages arrive whole, with no deltas
      expect(streamed).toBe(text);
      compared++;
    }
    expect(compared).toBeGreaterThan(0);
  });

  invariant(file, 'is deterministic', () => {
    expect(JSON.stringify(run(t))).toBe(JSON.stringify(events));
  });
});

/**
 * The turns the server started: `turn/started`, and (0.105.0) legacy `codex/event/task_started`,
 * which is the only announcement of a spawned agent's turn there.
 */
function startedTurns(t: Transcript): Set<string> {
  const ids = new Set<string>();
  for (const m of serverMessages(t)) {
    const params = m.params as
      { turn?: { id?: string }; msg?: { type?: string; turn_id?: string }; id?: string } | undefined;
    if (m.method === 'turn/started' && params?.turn?.id) ids.add(params.turn.id);
    if (m.method === 'codex/event/task_started') ids.add(params?.msg?.turn_id ?? params?.id ?? '?');
  }
  return ids;
}

/** The approval requests the client answered, with its decision, in the order it answered. */
function answeredApprovals(t: Transcript): { method: string; id: unknown; decision: string }[] {
  const requests = new Map(
    serverMessages(t)
      .filter((m) => typeof m.method === 'string' && m.method.endsWith('/requestApproval') && m.id !== undefined)
      .map((m) => [m.id, m.method as string]),
  );
  return clientMessages(t).flatMap((m) => {
    const method = requests.get(m.id);
    const decision = (m.result as { decision?: unknown } | undefined)?.decision;
    return method !== undefined && typeof decision === 'string' ? [{ method, id: m.id, decision }] : [];
  });
}

const REQUEST_TYPE: Record<string, string> = {
  'item/commandExecution/requestApproval': 'command_execution_approval',
  'item/fileChange/requestApproval': 'file_change_approval',
};
const DECISION: Record<string, string> = { accept: 'accepted', decline: 'declined', cancel: 'aborted' };
const WITH_APPROVALS = ALL.filter((t) => answeredApprovals(t).some((a) => a.method in REQUEST_TYPE));

describe('codex-app-server approvals', () => {
  it.each(WITH_APPROVALS.map((t) => [t.file, t] as const))(
    '%s: the client’s answer becomes the decision, once per request',
    (_file, t) => {
      const events = eventsOf(t);
      const answered = answeredApprovals(t).filter((a) => a.method in REQUEST_TYPE);
      const ids = new Set(answered.map((a) => String(a.id)));
      const resolved = events.filter(
        (e) => e.type === 'request.resolved' && ids.has(String(e.providerRefs?.providerRequestId)),
      );
      expect(resolved.map((e) => [e.payload.requestType, e.payload.decision, e.raw.source])).toEqual(
        answered.map((a) => [REQUEST_TYPE[a.method], DECISION[a.decision], 'codex.app-server.response']),
      );
      // The JSON-RPC id is the request's provider id; the business item id stays the item's.
      const opened = events.filter(
        (e) => e.type === 'request.opened' && ids.has(String(e.providerRefs?.providerRequestId)),
      );
      for (const o of opened) expect(o.providerRefs?.providerRequestId).toMatch(/^\d+$/);
      expect(opened.every((o) => o.providerRefs?.providerItemId?.startsWith('call_'))).toBe(true);
    },
  );

  it('the corpus has approvals both granted and declined, for commands and for file changes', () => {
    const seen = new Set(WITH_APPROVALS.flatMap((t) => answeredApprovals(t).map((a) => `${a.method} ${a.decision}`)));
    for (const method of Object.keys(REQUEST_TYPE))
      for (const d of ['accept', 'decline']) expect(seen, `${method} ${d}`).toContain(`${method} ${d}`);
  });
});

describe('codex-app-server turn endings in the corpus', () => {
  const states = ALL.flatMap((t) =>
    eventsOf(t)
      .filter((e) => e.type === 'turn.completed')
      .map((e) => e.payload.state),
  );
  it('has interrupted turns and failed ones (a model error), besides completed ones', () => {
    expect(states).toContain('completed');
    expect(states).toContain('interrupted');
    expect(states).toContain('failed');
  });
});

describe('codex-app-server legacy events (0.105.0 sends every event twice)', () => {
  const legacy = ALL.filter((t) =>
    serverMessages(t).some((m) => typeof m.method === 'string' && m.method.startsWith('codex/event/')),
  );

  it.each(legacy.map((t) => [t.file, t] as const))(
    '%s: never emits an event twice for the v2 and the codex/event/* copy',
    (_file, t) => {
      const deltas = eventsOf(t).filter((e) => e.type === 'content.delta' && e.payload.streamKind === 'assistant_text');
      const v2 = serverMessages(t).filter((m) => m.method === 'item/agentMessage/delta');
      expect(v2.length).toBeGreaterThan(0);
      expect(deltas).toHaveLength(v2.length);
    },
  );

  it('some transcript has them', () => expect(legacy.length).toBeGreaterThan(0));
});

describe('opt-in upstream validation', () => {
  const line = JSON.stringify(ALL.flatMap(serverMessages).find((m) => m.method === 'item/agentMessage/delta'));

  it('passes real messages without a warning', () => {
    const normalizer = createNormalizer('codex-app-server', { clock: () => 0, validateUpstream });
    expect(normalizer.push(line).map((e) => e.type)).toEqual(['content.delta']);
  });

  it('still maps a message that fails its schema, and adds a warning with the errors and raw', () => {
    const msg = JSON.parse(line) as { params: Record<string, unknown> };
    msg.params.turnId = 42; // retyped
    const normalizer = createNormalizer('codex-app-server', { clock: () => 0, validateUpstream });
    const events = loose(normalizer.push(msg as never));
    expect(events.map((e) => e.type)).toEqual(['runtime.warning', 'content.delta']);
    expect(events[0]!.payload.detail).toMatchObject({ kind: 'upstream-validation' });
    expect(JSON.stringify(events[0]!.payload.detail)).toContain('/params/turnId');
    expect(events[0]!.raw.payload).toBe(msg);
    expect(events[1]!.payload.delta).toBe(msg.params.delta);
  });
});

knownFailuresAreUsed('codex-app-server');
