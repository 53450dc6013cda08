// Where each parity row (docs/parity.md) shows in ACP traffic (JSON-RPC both ways, c2s: the
// client's side), and what it must become. A turn ends in the agent's answer to the client's
// session/prompt; the client interrupts it with session/cancel. Found by content, never by name.
import { expect } from 'vitest';
import { eventAfter, outOf, type Msg, type Occurrence, type Recording } from './recording.ts';
import { codexAcpFailure } from '../conformance/transcripts.ts';
import { itemOf } from './view.ts';
import { changeOccurrence, commandOccurrence, text, type CommandReport } from './tool-rows.ts';

type Finder = (r: Recording) => Occurrence[];

/**
 * The agent's answers to the client's session/prompt requests: the lines where turns end, with the
 * failure the TypeScript codex-acp reported in the turn's `_meta.codex` (its answer says `end_turn`).
 */
function promptEnds(r: Recording): { i: number; result?: Msg; error?: Msg; codexFailed?: { reason?: string } }[] {
  const prompts = new Set<string>();
  let updates: unknown[] = [];
  return r.messages.flatMap((m, i) => {
    if (r.dirs[i] === 'c2s' && m.method === 'session/prompt') {
      prompts.add(JSON.stringify(m.id));
      updates = [];
    }
    if (r.dirs[i] === 's2c' && m.method === 'session/update') updates.push(m.params?.update);
    if (r.dirs[i] !== 's2c' || m.method !== undefined || !prompts.has(JSON.stringify(m.id))) return [];
    const codexFailed = m.error === undefined ? codexAcpFailure(updates) : undefined;
    return [{ i, result: m.result, error: m.error, ...(codexFailed ? { codexFailed } : {}) }];
  });
}

/** The turn a line's events end (its turn.completed), and the runtime.errors of that turn. */
const endOf = (r: Recording, i: number) => outOf(r, i).find((e) => e.type === 'turn.completed')!;
const errorsOf = (r: Recording, turnId: string | undefined) =>
  r.events.filter((e) => e.type === 'runtime.error' && e.turnId === turnId);

/** Turns the client cancelled: what was open when it ended (message items, tools) and the permission requests unanswered. */
function cancelled(r: Recording): { i: number; streaming: boolean; tools: string[]; pending: Msg[] }[] {
  const out: { i: number; streaming: boolean; tools: string[]; pending: Msg[] }[] = [];
  const tools = new Set<string>();
  const pending = new Map<string, Msg>();
  let streaming = false;
  const ends = new Set(promptEnds(r).map((e) => e.i));
  r.messages.forEach((m, i) => {
    const u = m.params?.update;
    if (r.dirs[i] === 'c2s' && m.method === undefined) pending.delete(JSON.stringify(m.id));
    if (r.dirs[i] === 's2c' && m.method === 'session/request_permission') pending.set(JSON.stringify(m.id), m);
    if (u) streaming = u.sessionUpdate === 'agent_message_chunk';
    if (u?.sessionUpdate === 'tool_call') tools.add(u.toolCallId);
    if (u?.sessionUpdate === 'tool_call_update' && ['completed', 'failed'].includes(u.status))
      tools.delete(u.toolCallId);
    if (!ends.has(i)) return;
    if (m.result?.stopReason === 'cancelled')
      out.push({ i, streaming, tools: [...tools], pending: [...pending.values()] });
    tools.clear();
    pending.clear();
    streaming = false;
  });
  return out;
}

function checkInterrupted(r: Recording, i: number) {
  const end = endOf(r, i);
  expect(end.payload.state).toBe('interrupted');
  expect(end.payload).not.toHaveProperty('errorMessage');
  expect(errorsOf(r, end.turnId)).toEqual([]);
  return end;
}

/** The client's answers to session/request_permission, with the option it selected (its kind from the request). */
function permissionAnswers(r: Recording): { i: number; request: Msg; outcome: Msg; kind?: string }[] {
  return r.messages.flatMap((m, i) => {
    if (r.dirs[i] !== 'c2s' || m.method !== undefined || m.result?.outcome === undefined) return [];
    const request = r.messages.find(
      (q, j) => j < i && r.dirs[j] === 's2c' && q.method === 'session/request_permission' && q.id === m.id,
    );
    if (!request) return [];
    const outcome = m.result.outcome as Msg;
    const kind = (request.params.options as Msg[]).find((o) => o.optionId === outcome.optionId)?.kind as string;
    return [{ i, request, outcome, kind }];
  });
}

/** A tool call as the agent reports it (a session/update's tool_call or tool_call_update, or a permission request's toolCall), with its line. */
function toolCalls(r: Recording): { i: number; call: Msg }[] {
  return r.messages.flatMap((m, i) => {
    if (r.dirs[i] !== 's2c') return [];
    const u = m.params?.update;
    if (u?.sessionUpdate === 'tool_call' || u?.sessionUpdate === 'tool_call_update') return [{ i, call: u as Msg }];
    return m.method === 'session/request_permission' ? [{ i, call: m.params.toolCall as Msg }] : [];
  });
}

/** The text of a rawOutput: a text, text blocks, or a command record's output field. */
function rawText(raw: unknown): string | undefined {
  if (Array.isArray(raw)) {
    const texts = (raw as Msg[]).flatMap((b) => (typeof b.text === 'string' ? [b.text] : []));
    return texts.length ? texts.join('\n') : undefined;
  }
  if (raw === null || typeof raw !== 'object') return text(raw);
  const o = raw as Msg;
  return [o.aggregated_output, o.formatted_output, o.stdout, o.output].map(text).find((t) => t !== undefined);
}

/** An argv as a POSIX shell line (the oracle of "the command as the agent ran it"). */
const shellLine = (argv: string[]) =>
  argv.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replaceAll("'", `'"'"'`)}'`)).join(' ');

/**
 * Commands the agent reported ending (status completed or failed, its kind `execute`): what it
 * reported of the output (rawOutput, else the terminal extension's chunks) and the exit code
 * (rawOutput's, else `_meta.terminal_exit`'s), and the argv it ran, if it gave one.
 */
function commandEnds(r: Recording): { i: number; id: string; report: CommandReport; argv?: string[] }[] {
  const kinds = new Map<string, string>();
  const streamed = new Map<string, string>();
  const structured = new Map<string, string>();
  const argvs = new Map<string, string[]>();
  return toolCalls(r).flatMap(({ i, call }) => {
    const id = call.toolCallId as string;
    if (typeof call.kind === 'string') kinds.set(id, call.kind);
    if (Array.isArray(call.rawInput?.command)) argvs.set(id, call.rawInput.command as string[]);
    // claude-agent-acp's structured shell result (stdout then stderr), on an update before the end, comes first.
    const told = call._meta?.claudeCode?.toolResponse;
    if (typeof told?.stdout === 'string' && typeof told?.stderr === 'string' && told.backgroundTaskId === undefined)
      structured.set(id, [told.stdout, told.stderr].filter((t: string) => t !== '').join('\n'));
    const chunk = text(call._meta?.terminal_output_delta?.data);
    if (chunk !== undefined) streamed.set(id, (streamed.get(id) ?? '') + chunk);
    if (kinds.get(id) !== 'execute' || !['completed', 'failed'].includes(call.status)) return [];
    const report: CommandReport = {};
    const output = structured.get(id) ?? rawText(call.rawOutput) ?? streamed.get(id);
    if (output !== undefined) report.output = output;
    const exit = call.rawOutput?.exit_code ?? call.rawOutput?.exitCode ?? call._meta?.terminal_exit?.exit_code;
    if (typeof exit === 'number' || exit === null) report.exitCode = exit;
    return [{ i, id, report, argv: argvs.get(id) }];
  });
}

const PROMPT = ['agent-response:session/prompt'];
const PERMISSION = ['request:session/request_permission'];

export const ACP: Record<string, { signals: string[]; find: Finder }> = {
  'turn completed': {
    signals: PROMPT,
    find: (r) =>
      promptEnds(r)
        .filter((e) => e.result?.stopReason === 'end_turn' && e.codexFailed === undefined)
        .map(({ i }) => ({
          where: `line ${i + 1}`,
          check: () => {
            const end = endOf(r, i);
            expect(end.payload.state).toBe('completed');
            expect(errorsOf(r, end.turnId)).toEqual([]);
          },
        })),
  },
  'API error': {
    signals: PROMPT,
    find: (r) =>
      promptEnds(r)
        .filter((e) => e.error !== undefined || e.codexFailed !== undefined)
        .map(({ i, error, codexFailed }) => ({
          where: `line ${i + 1}`,
          check: () => {
            const end = endOf(r, i);
            expect(end.payload.state).toBe('failed');
            expect(errorsOf(r, end.turnId)).toHaveLength(1);
            // The agent's own reason: `data.message` (Zed's codex-acp), else the error's message; the
            // TypeScript codex-acp's is codex's error (codexAcpFailure), or the turn says it gave none.
            if (codexFailed !== undefined) {
              if (codexFailed.reason !== undefined) expect(end.payload.errorMessage).toBe(codexFailed.reason);
              else expect(end.payload.errorMessage).toEqual(expect.any(String));
              return;
            }
            const data = error!.data as { message?: unknown } | string | undefined;
            const reason =
              typeof data === 'string' ? data : typeof data?.message === 'string' ? data.message : undefined;
            expect(end.payload.errorMessage).toBe(reason ?? error!.message);
          },
        })),
  },
  'max-turns limit': {
    signals: PROMPT,
    find: (r) =>
      promptEnds(r)
        .filter((e) => e.result?.stopReason === 'max_turn_requests')
        .map(({ i }) => ({
          where: `line ${i + 1}`,
          check: () => {
            const end = endOf(r, i);
            expect(end.payload).toMatchObject({
              state: 'failed',
              errorMessage: expect.stringContaining('max_turn_requests'),
            });
            expect(errorsOf(r, end.turnId)).toHaveLength(1);
          },
        })),
  },
  'interrupt during streaming': {
    signals: PROMPT,
    find: (r) =>
      cancelled(r)
        .filter((c) => c.streaming && c.pending.length === 0)
        .map(({ i }) => ({
          where: `line ${i + 1}`,
          check: () => {
            checkInterrupted(r, i);
            const message = outOf(r, i).find(
              (e) => e.type === 'item.completed' && e.payload.itemType === 'assistant_message',
            );
            expect(['interrupted', 'completed']).toContain(message?.payload.status);
          },
        })),
  },
  'interrupt during a tool': {
    signals: PROMPT,
    find: (r) =>
      cancelled(r)
        .filter((c) => c.tools.length > 0 && c.pending.length === 0)
        .map(({ i, tools }) => ({
          where: `line ${i + 1}`,
          check: () => {
            checkInterrupted(r, i);
            for (const tool of tools)
              expect(outOf(r, i).find((e) => e.providerRefs?.providerItemId === tool)?.payload.status).toBe(
                'interrupted',
              );
          },
        })),
  },
  'interrupt with an approval pending': {
    signals: PERMISSION,
    find: (r) =>
      // Permission requests still unanswered when the client sends session/cancel. ACP has the
      // client answer them `cancelled`; an agent may withdraw them first ($/cancel_request), and
      // the answer may come after the turn's end: the request resolves `cancelled` once, wherever.
      r.messages.flatMap((m, c) => {
        if (r.dirs[c] !== 'c2s' || m.method !== 'session/cancel') return [];
        return r.messages.flatMap((q, j) => {
          if (j > c || r.dirs[j] !== 's2c' || q.method !== 'session/request_permission') return [];
          const answered = r.messages.some((a, k) => k > j && k < c && r.dirs[k] === 'c2s' && a.id === q.id);
          if (answered) return [];
          return [
            {
              where: `line ${j + 1}`,
              check: () => {
                const opened = outOf(r, j).find((e) => e.type === 'request.opened')!;
                const resolved = eventAfter(
                  r,
                  j,
                  (e) => e.type === 'request.resolved' && e.requestId === opened.requestId,
                );
                expect(resolved?.payload.decision).toBe('cancelled');
                const item = q.params.toolCall.toolCallId;
                const done = eventAfter(
                  r,
                  j,
                  (e) => e.type === 'item.completed' && e.providerRefs?.providerItemId === item,
                );
                expect(done?.payload.status).toBe('interrupted');
                const end = eventAfter(r, c, (e) => e.type === 'turn.completed');
                expect(end?.payload.state).toBe('interrupted');
              },
            },
          ];
        });
      }),
  },
  ...Object.fromEntries(
    (
      [
        ['approval granted', /^allow_/, ['accepted', 'accepted_for_session']],
        ['approval declined', /^reject_/, ['declined']],
      ] as const
    ).map(([row, kinds, decisions]) => [
      row,
      {
        signals: PERMISSION,
        find: (r: Recording) =>
          permissionAnswers(r)
            .filter((a) => a.outcome.outcome === 'selected' && kinds.test(a.kind ?? ''))
            .map(({ i, request }) => ({
              where: `line ${i + 1}`,
              check: () => {
                expect(decisions).toContain(outOf(r, i).find((e) => e.type === 'request.resolved')?.payload.decision);
                const item = request.params.toolCall.toolCallId;
                const done = eventAfter(
                  r,
                  i,
                  (e) => e.type === 'item.completed' && e.providerRefs?.providerItemId === item,
                );
                if (row === 'approval declined') expect(done?.payload.status).toBe('declined');
                else if (done) expect(done.payload.status).not.toBe('declined');
              },
            })),
      },
    ]),
  ),
  ...Object.fromEntries(
    (['user input answered', 'user input declined'] as const).map((row) => [
      row,
      {
        signals: ['request:elicitation/create', 'request:session/elicitation'],
        find: (r: Recording) =>
          r.messages.flatMap((m, i) => {
            if (r.dirs[i] !== 'c2s' || m.method !== undefined || m.result === undefined) return [];
            const request = r.messages.find(
              (q, j) =>
                j < i &&
                r.dirs[j] === 's2c' &&
                /elicitation$|^elicitation\/create$/.test(q.method ?? '') &&
                q.id === m.id,
            );
            // Form elicitations only (a URL one asks no questions); 0.18.2 nests the action.
            if (!request?.params.requestedSchema) return [];
            const action = (m.result.action?.action ?? m.result.action) as string;
            const content = (m.result.action?.content ?? m.result.content ?? {}) as Msg;
            if ((action === 'accept') !== (row === 'user input answered')) return [];
            return [
              {
                where: `line ${i + 1}`,
                check: () => {
                  const answers = Object.fromEntries(Object.entries(content).map(([k, v]) => [k, [String(v)]]));
                  expect(outOf(r, i).map((e) => [e.type, e.payload.answers ?? e.payload.decision])).toEqual([
                    ['user-input.resolved', row === 'user input answered' ? answers : {}],
                    ['request.resolved', row === 'user input answered' ? 'answered' : 'declined'],
                  ]);
                  // …keyed by the ids of the questions asked: the form's fields.
                  const asked = r.events.find(
                    (e) => e.type === 'user-input.requested' && e.requestId === outOf(r, i)[0]!.requestId,
                  );
                  expect((asked!.payload.questions as { id: string }[]).map((q) => q.id)).toEqual(
                    Object.keys(request.params.requestedSchema.properties),
                  );
                },
              },
            ];
          }),
      },
    ]),
  ),
  compaction: {
    signals: ['session-update:compaction_update'],
    find: (r) =>
      r.messages.flatMap((m, i) =>
        m.params?.update?.sessionUpdate === 'compaction_update' && m.params.update.status === 'completed'
          ? [
              {
                where: `line ${i + 1}`,
                check: () =>
                  expect(outOf(r, i).find((e) => e.type === 'thread.state.changed')?.payload.state).toBe('compacted'),
              },
            ]
          : [],
      ),
  },
  'command output': {
    signals: ['session-update:tool_call_update', 'session-update:tool_call'],
    find: (r) =>
      commandEnds(r).map(({ i, id, report, argv }) => {
        const o = commandOccurrence(r, i, id, report);
        return {
          where: o.where,
          check: () => {
            o.check();
            // An approval asks; its text (codex-acp's "Available Decisions: …", a tool's description) is no output.
            for (const e of r.events.filter(
              (x) => x.type === 'request.opened' && x.providerRefs?.providerItemId === id,
            ))
              expect(e.payload.toolDetail ?? {}).not.toHaveProperty('output');
            const end = eventAfter(r, i, (e) => e.type === 'item.completed' && e.providerRefs?.providerItemId === id);
            if (argv) expect(itemOf(r, end!)?.toolDetail?.command).toBe(shellLine(argv));
          },
        };
      }),
  },
  'file edit': {
    signals: ['session-update:tool_call_update', 'session-update:tool_call'],
    find: (r) =>
      toolCalls(r).flatMap(({ i, call }) => {
        const diffs = (Array.isArray(call.content) ? (call.content as Msg[]) : []).filter((c) => c.type === 'diff');
        if (diffs.length === 0) return [];
        const changes = diffs.map((d) => ({
          path: d.path as string,
          ...(text(d.oldText) !== undefined ? { oldText: d.oldText as string } : {}),
          newText: d.newText as string,
        }));
        return [changeOccurrence(r, i, call.toolCallId, changes)];
      }),
  },
};
