// Where each parity row (docs/parity.md) shows in codex-app-server traffic, and what it must become.
// Situations are found by content: the upstream's own messages, never the scenario names.
import { expect } from 'vitest';
import type { CanonicalEvent } from '../runtime/loose.ts';
import { eventAfter, outOf, type Msg, type Occurrence, type Recording } from './recording.ts';
import { changeOccurrence, commandOccurrence, text, type ChangeReport, type CommandReport } from './tool-rows.ts';

type Finder = (r: Recording) => Occurrence[];

const lines = (r: Recording, match: (m: Msg, i: number) => boolean) =>
  r.messages.flatMap((m, i) => (match(m, i) ? [i] : []));
const turnEnd = (r: Recording, turn: string) =>
  eventAfter(r, 0, (e) => e.type === 'turn.completed' && e.providerRefs?.providerTurnId === turn);
const errorsOf = (r: Recording, turn: string) =>
  r.events.filter((e) => e.type === 'runtime.error' && e.providerRefs?.providerTurnId === turn);

/** The server request a client answer (line i) answers, and its line. */
function requestOf(r: Recording, i: number): { m: Msg; at: number } | undefined {
  const id = r.messages[i]!.id;
  for (let j = i - 1; j >= 0; j--)
    if (r.dirs[j] === 's2c' && r.messages[j]!.method !== undefined && r.messages[j]!.id === id)
      return { m: r.messages[j]!, at: j };
  return undefined;
}

/** Client answers to requests of `method`, with the request. */
function answers(r: Recording, method: RegExp): { i: number; request: Msg; result: Msg }[] {
  return lines(r, (m, i) => r.dirs[i] === 'c2s' && m.method === undefined && m.result !== undefined).flatMap((i) => {
    const req = requestOf(r, i);
    return req && method.test(req.m.method) ? [{ i, request: req.m, result: r.messages[i]!.result as Msg }] : [];
  });
}

const decisionWord = (d: unknown) =>
  typeof d === 'string' ? d : d !== null && typeof d === 'object' ? Object.keys(d)[0] : undefined;

/** Interrupted turns, with the items (by type) and server requests still open when they ended. */
function interrupted(r: Recording): { i: number; turn: string; open: Map<string, string>; pending: Msg[] }[] {
  const out: { i: number; turn: string; open: Map<string, string>; pending: Msg[] }[] = [];
  const open = new Map<string, Map<string, string>>();
  const pending = new Map<unknown, Msg>();
  // Without the client's side, whether a request was answered cannot be told.
  const answersSeen = r.dirs.includes('c2s');
  r.messages.forEach((m, i) => {
    const p = m.params ?? {};
    if (r.dirs[i] === 'c2s') return void pending.delete(m.id);
    if (m.method === 'serverRequest/resolved') pending.delete(p.requestId);
    if (m.method === 'item/started')
      (open.get(p.turnId) ?? open.set(p.turnId, new Map()).get(p.turnId)!).set(p.item.id, p.item.type);
    if (m.method === 'item/completed') open.get(p.turnId)?.delete(p.item.id);
    if (answersSeen && m.method !== undefined && m.id !== undefined && p.turnId !== undefined) pending.set(m.id, m);
    if (m.method === 'turn/completed' && p.turn.status === 'interrupted')
      out.push({
        i,
        turn: p.turn.id,
        open: open.get(p.turn.id) ?? new Map(),
        pending: [...pending.values()].filter((q) => q.params.turnId === p.turn.id),
      });
  });
  return out;
}

function checkInterrupted(r: Recording, i: number, turn: string): CanonicalEvent[] {
  const events = outOf(r, i);
  const end = events.at(-1)!;
  expect(end.type).toBe('turn.completed');
  expect(end.payload.state).toBe('interrupted');
  expect(end.payload).not.toHaveProperty('errorMessage');
  expect(errorsOf(r, turn)).toEqual([]);
  return events;
}

/** An interrupted turn that left an item of `type` open (and no approval pending): the item closes `interrupted`. */
function interruptedWith(type: string): { signals: string[]; find: Finder } {
  return {
    signals: ['notification:turn/completed'],
    find: (r) =>
      interrupted(r)
        .filter((x) => [...x.open.values()].includes(type) && x.pending.length === 0)
        .map(({ i, turn, open }) => ({
          where: `line ${i + 1}`,
          check: () => {
            const events = checkInterrupted(r, i, turn);
            for (const [item, t] of open)
              if (t === type)
                expect(events.find((e) => e.providerRefs?.providerItemId === item)?.payload.status).toBe('interrupted');
          },
        })),
  };
}

/** Codex's `diff` of a FileUpdateChange: a unified diff for an update, the whole text of an added or deleted file. */
const codexChange = (c: Msg): ChangeReport =>
  c.kind?.type === 'add' || c.kind === 'add'
    ? { path: c.path, newText: c.diff }
    : c.kind?.type === 'delete' || c.kind === 'delete'
      ? { path: c.path, oldText: c.diff }
      : { path: c.path, diff: c.diff };

const completedItems = (r: Recording, type: string) =>
  lines(r, (m, i) => r.dirs[i] === 's2c' && m.method === 'item/completed' && m.params?.item?.type === type);

export const CODEX: Record<string, { signals: string[]; find: Finder }> = {
  'turn completed': {
    signals: ['notification:turn/completed'],
    find: (r) =>
      lines(r, (m) => m.method === 'turn/completed' && m.params.turn.status === 'completed').map((i) => ({
        where: `line ${i + 1}`,
        check: () => {
          expect(outOf(r, i).at(-1)!.payload.state).toBe('completed');
          expect(errorsOf(r, r.messages[i]!.params.turn.id)).toEqual([]);
        },
      })),
  },
  'API error': {
    signals: ['notification:error'],
    find: (r) =>
      lines(r, (m) => m.method === 'error' && m.params.willRetry === false).map((i) => ({
        where: `line ${i + 1}`,
        check: () => {
          const p = r.messages[i]!.params;
          expect(outOf(r, i).map((e) => [e.type, e.payload.message])).toEqual([['runtime.error', p.error.message]]);
          expect(errorsOf(r, p.turnId)).toHaveLength(1);
          expect(turnEnd(r, p.turnId)?.payload).toMatchObject({ state: 'failed', errorMessage: expect.any(String) });
        },
      })),
  },
  retry: {
    signals: ['notification:error'],
    find: (r) =>
      lines(r, (m) => m.method === 'error' && m.params.willRetry === true).map((i) => ({
        where: `line ${i + 1}`,
        check: () => {
          const [w, ...rest] = outOf(r, i);
          // Besides the warning, only the messages the retried request was streaming close: superseded copies.
          for (const e of rest)
            expect([e.type, e.payload.status, e.payload.text]).toEqual(['item.completed', 'failed', '']);
          expect(w!.type).toBe('runtime.warning');
          const [, n, max] = /(\d+)\/(\d+)/.exec(r.messages[i]!.params.error.message)!;
          expect(w!.payload.retry).toMatchObject({
            attempt: Number(n),
            limit: Number(max),
            message: expect.any(String),
          });
        },
      })),
  },
  'interrupt during streaming': interruptedWith('agentMessage'),
  'interrupt during a tool': interruptedWith('commandExecution'),
  'cut-off stream': {
    signals: ['notification:item/agentMessage/delta'],
    find: (r) => {
      // agentMessage items a turn that was not interrupted ended without completing; those a retry
      // gave up first are superseded copies, closed failed with no text at the retry.
      const found: Occurrence[] = [];
      const open = new Map<string, string>();
      r.messages.forEach((m, i) => {
        const p = m.params ?? {};
        if (m.method === 'item/started' && p.item?.type === 'agentMessage') open.set(p.item.id, p.turnId);
        if (m.method === 'item/completed') open.delete(p.item?.id);
        if (m.method === 'error' && p.willRetry === true)
          for (const [item, turn] of open) {
            if (turn !== p.turnId) continue;
            open.delete(item);
            found.push({
              where: `line ${i + 1}`,
              check: () =>
                expect(
                  outOf(r, i).find((e) => e.type === 'item.completed' && e.providerRefs?.providerItemId === item)
                    ?.payload,
                ).toMatchObject({ status: 'failed', text: '' }),
            });
          }
        if (m.method !== 'turn/completed' || p.turn.status === 'interrupted') return;
        for (const [item, turn] of open) {
          if (turn !== p.turn.id) continue;
          open.delete(item);
          found.push({
            where: `line ${i + 1}`,
            check: () =>
              expect(
                outOf(r, i).find((e) => e.type === 'item.completed' && e.providerRefs?.providerItemId === item)?.payload
                  .status,
              ).toBe('failed'),
          });
        }
      });
      return found;
    },
  },
  'interrupt with an approval pending': {
    signals: ['notification:turn/completed'],
    find: (r) =>
      interrupted(r)
        .filter((x) => x.pending.length > 0)
        .map(({ i, turn, pending }) => ({
          where: `line ${i + 1}`,
          check: () => {
            const events = checkInterrupted(r, i, turn);
            for (const q of pending)
              expect(
                events.find((e) => e.type === 'request.resolved' && e.providerRefs?.providerRequestId === String(q.id))
                  ?.payload.decision,
              ).toBe('cancelled');
          },
        })),
  },
  ...Object.fromEntries(
    (
      [
        ['approval granted', /^accept|^approved/, ['accepted', 'accepted_for_session']],
        ['approval declined', /^decline$|^denied$/, ['declined']],
        ['approval cancelled', /^cancel$|^abort$/, ['aborted']],
      ] as const
    ).map(([row, words, decisions]) => [
      row,
      {
        signals: [
          'request:item/commandExecution/requestApproval',
          'request:item/fileChange/requestApproval',
          'request:execCommandApproval',
          'request:applyPatchApproval',
        ],
        find: (r: Recording) =>
          answers(r, /requestApproval$|^execCommandApproval$|^applyPatchApproval$/)
            .filter(
              (a) =>
                a.request.method !== 'item/permissions/requestApproval' &&
                words.test(decisionWord(a.result.decision) ?? ''),
            )
            .map(({ i, request }) => ({
              where: `line ${i + 1}`,
              check: () => {
                const resolved = outOf(r, i).find((e) => e.type === 'request.resolved')!;
                expect(decisions).toContain(resolved.payload.decision);
                const item = request.params.itemId ?? request.params.callId;
                const done = eventAfter(
                  r,
                  i,
                  (e) => e.type === 'item.completed' && e.providerRefs?.providerItemId === item,
                );
                if (row !== 'approval granted') expect(done?.payload.status).toBe('declined');
                else if (done) expect(done.payload.status).not.toBe('declined');
                if (row === 'approval cancelled')
                  expect(
                    turnEnd(r, request.params.turnId ?? resolved.providerRefs?.providerTurnId)?.payload.state,
                  ).toBe('interrupted');
              },
            })),
      },
    ]),
  ),
  'permissions granted in full, in part, not at all': {
    signals: ['request:item/permissions/requestApproval'],
    find: (r) =>
      answers(r, /^item\/permissions\/requestApproval$/).map(({ i, request, result }) => ({
        where: `line ${i + 1}`,
        check: () => {
          const asked = Object.entries(request.params.permissions ?? {}).filter(([, v]) => v != null);
          const granted = asked.filter(([k, v]) => JSON.stringify(result.permissions?.[k]) === JSON.stringify(v));
          const any = asked.filter(([k]) => result.permissions?.[k] != null);
          const want =
            granted.length === asked.length
              ? result.scope === 'session'
                ? 'accepted_for_session'
                : 'accepted'
              : any.length === 0
                ? 'declined'
                : 'partially_accepted';
          expect(outOf(r, i).find((e) => e.type === 'request.resolved')?.payload.decision).toBe(want);
        },
      })),
  },
  ...Object.fromEntries(
    (['user input answered', 'user input declined'] as const).map((row) => [
      row,
      {
        signals: ['request:item/tool/requestUserInput'],
        find: (r: Recording) =>
          answers(r, /^item\/tool\/requestUserInput$/)
            .filter((a) => Object.keys(a.result.answers ?? {}).length > 0 === (row === 'user input answered'))
            .map(({ i, result }) => ({
              where: `line ${i + 1}`,
              check: () => {
                // One answer shape for every provider: question id → the chosen labels.
                const answers = Object.fromEntries(
                  Object.entries((result.answers ?? {}) as Record<string, { answers: string[] }>).map(([id, a]) => [
                    id,
                    a.answers,
                  ]),
                );
                expect(outOf(r, i).map((e) => [e.type, e.payload.answers ?? e.payload.decision])).toEqual([
                  ['user-input.resolved', answers],
                  ['request.resolved', row === 'user input answered' ? 'answered' : 'declined'],
                ]);
                // …keyed by the ids of the questions asked.
                const asked = r.events.find(
                  (e) => e.type === 'user-input.requested' && e.requestId === outOf(r, i)[0]!.requestId,
                );
                const ids = (asked!.payload.questions as { id: string }[]).map((q) => q.id);
                for (const id of Object.keys(answers)) expect(ids).toContain(id);
              },
            })),
      },
    ]),
  ),
  'budget limit': {
    signals: ['notification:error'],
    find: (r) =>
      lines(
        r,
        (m) =>
          m.method === 'error' &&
          m.params.willRetry === false &&
          ['usageLimitExceeded', 'sessionBudgetExceeded'].includes(m.params.error.codexErrorInfo),
      ).map((i) => ({
        where: `line ${i + 1}`,
        check: () => {
          expect(outOf(r, i).map((e) => e.type)).toEqual(['runtime.error']);
          expect(turnEnd(r, r.messages[i]!.params.turnId)?.payload.state).toBe('failed');
        },
      })),
  },
  compaction: {
    signals: ['thread-item:contextCompaction', 'notification:thread/compacted'],
    find: (r) =>
      lines(
        r,
        (m) =>
          m.method === 'thread/compacted' ||
          (m.method === 'item/completed' && m.params.item.type === 'contextCompaction'),
      ).map((i) => ({
        where: `line ${i + 1}`,
        check: () =>
          expect(outOf(r, i).find((e) => e.type === 'thread.state.changed')?.payload.state).toBe('compacted'),
      })),
  },
  'tool progress': {
    signals: ['notification:item/mcpToolCall/progress'],
    find: (r) =>
      lines(r, (m) => m.method === 'item/mcpToolCall/progress').map((i) => ({
        where: `line ${i + 1}`,
        check: () => {
          const item = r.messages[i]!.params.itemId;
          const progress = outOf(r, i).find((e) => e.type === 'tool.progress')!;
          expect(progress.providerRefs?.providerItemId).toBe(item);
          const started = r.events.find((e) => e.type === 'item.started' && e.providerRefs?.providerItemId === item);
          if (started) expect(progress.itemId).toBe(started.itemId);
        },
      })),
  },
  'goal set and cleared': {
    signals: ['notification:thread/goal/updated', 'notification:thread/goal/cleared'],
    find: (r) =>
      lines(r, (m) => m.method === 'thread/goal/updated' || m.method === 'thread/goal/cleared').map((i) => ({
        where: `line ${i + 1}`,
        check: () => {
          const m = r.messages[i]!;
          const [e] = outOf(r, i);
          expect(e!.type).toBe('thread.metadata.updated');
          expect((e!.payload.metadata as Msg).goal).toEqual(m.method === 'thread/goal/cleared' ? null : m.params.goal);
        },
      })),
  },
  'command output': {
    signals: ['thread-item:commandExecution'],
    find: (r) =>
      completedItems(r, 'commandExecution').map((i) => {
        const item = r.messages[i]!.params.item as Msg;
        const report: CommandReport = {};
        if (text(item.aggregatedOutput) !== undefined) report.output = item.aggregatedOutput;
        if (typeof item.exitCode === 'number' || item.exitCode === null) report.exitCode = item.exitCode;
        return commandOccurrence(r, i, item.id, report);
      }),
  },
  'file edit': {
    signals: ['thread-item:fileChange'],
    find: (r) =>
      completedItems(r, 'fileChange').map((i) => {
        const item = r.messages[i]!.params.item as Msg;
        return changeOccurrence(r, i, item.id, (item.changes as Msg[]).map(codexChange));
      }),
  },
};
