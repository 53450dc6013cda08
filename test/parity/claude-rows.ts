// Where each parity row (docs/parity.md) shows in claude-agent-sdk traffic, and what it must become.
// Situations are found by content: the SDK's own messages and the canUseTool records.
import { expect } from 'vitest';
import type { CanonicalEvent } from '../runtime/loose.ts';
import { eventAfter, outOf, type Msg, type Occurrence, type Recording } from './recording.ts';
import { changeOccurrence, commandOccurrence, text, type ChangeReport } from './tool-rows.ts';

type Finder = (r: Recording) => Occurrence[];

const MARKER = /^\[Request interrupted by user/;
const lines = (r: Recording, match: (m: Msg, i: number) => boolean) =>
  r.messages.flatMap((m, i) => (match(m, i) ? [i] : []));
const textOf = (m: Msg) =>
  Array.isArray(m.message?.content)
    ? m.message.content.map((b: Msg) => (typeof b.text === 'string' ? b.text : '')).join('')
    : '';
const isMarker = (m: Msg) => m.type === 'user' && MARKER.test(textOf(m));
/** The line of the `result` that ends the turn line i is in. */
const resultAfter = (r: Recording, i: number) => r.messages.findIndex((m, j) => j >= i && m.type === 'result');
/** The interrupt marker of the turn that result line i ends, if any. */
const markerBefore = (r: Recording, i: number) => {
  for (let j = i - 1; j >= 0 && r.messages[j]!.type !== 'result'; j--)
    if (isMarker(r.messages[j]!)) return r.messages[j]!;
  return undefined;
};

/** Whether the app cancelled a permission (`deny` with `interrupt: true`) in the turn before line i: that is the `approval cancelled` row. */
const cancelledBefore = (r: Recording, i: number) => {
  for (let j = i - 1; j >= 0 && r.messages[j]!.type !== 'result'; j--)
    if (r.messages[j]!.kind === 'permission' && r.messages[j]!.decision?.interrupt === true) return true;
  return false;
};

function result(r: Recording, i: number, state: string): CanonicalEvent[] {
  const events = outOf(r, i);
  const end = events.at(-1)!;
  expect(end.type).toBe('turn.completed');
  expect(end.payload.state).toBe(state);
  const errors = events.filter((e) => e.type === 'runtime.error');
  if (state === 'failed') {
    expect(errors).toHaveLength(1);
    expect(end.payload.errorMessage).toEqual(expect.stringMatching(/\S/));
    expect(end.payload.errorMessage).not.toMatch(/diagnostic\]/);
    expect(errors[0]!.payload.message).toBe(end.payload.errorMessage);
  } else {
    expect(errors).toEqual([]);
    expect(end.payload).not.toHaveProperty('errorMessage');
  }
  return events;
}

const permission = (r: Recording, match: (rec: Msg) => boolean) =>
  lines(r, (m) => m.kind === 'permission' && m.decision !== undefined && match(m));
const resolvedOf = (r: Recording, i: number) => outOf(r, i).find((e) => e.type === 'request.resolved')!;
const itemEnd = (r: Recording, i: number, item: string) =>
  eventAfter(r, i, (e) => e.type === 'item.completed' && e.providerRefs?.providerItemId === item);

/** The tool_use blocks of `assistant` messages, each once (its first message), with their line. */
function toolUses(r: Recording, names: readonly string[]): { i: number; block: Msg }[] {
  const seen = new Set<string>();
  return r.messages.flatMap((m, i) =>
    m.type === 'assistant' && Array.isArray(m.message?.content)
      ? (m.message.content as Msg[]).flatMap((b) =>
          b.type === 'tool_use' && names.includes(b.name) && !seen.has(b.id) && seen.add(b.id) ? [{ i, block: b }] : [],
        )
      : [],
  );
}

/** A tool_result's content as text: a string, or its text blocks joined. */
/**
 * What a finished shell command printed, as its structured result states it: stdout then stderr,
 * each when non-empty, a line apart; only where the message answers that one tool.
 */
function shellShown(m: Msg, toolUseId: string): string | undefined {
  const results = (m.message.content as Msg[]).filter((b) => b.type === 'tool_result');
  const r = m.tool_use_result as Msg | undefined;
  if (results.length !== 1 || results[0]!.tool_use_id !== toolUseId || typeof r !== 'object' || r === null)
    return undefined;
  if (typeof r.stdout !== 'string' || typeof r.stderr !== 'string' || r.backgroundTaskId !== undefined)
    return undefined;
  return [r.stdout, r.stderr].filter((t: string) => t !== '').join('\n');
}

const resultText = (content: unknown): string | undefined =>
  Array.isArray(content)
    ? (content as Msg[]).flatMap((b) => (typeof b.text === 'string' ? [b.text] : [])).join('\n')
    : text(content);

/** What a file tool's input states of its change (Write: the new text; Edit, MultiEdit: old → new). */
const inputChanges = (input: Msg): ChangeReport[] =>
  (Array.isArray(input.edits) && input.edits.length ? (input.edits as Msg[]) : [input]).map((e) => ({
    path: input.file_path,
    ...(text(e.old_string) !== undefined ? { oldText: e.old_string } : {}),
    newText: e.new_string ?? e.content,
  }));

export const CLAUDE: Record<string, { signals: string[]; find: Finder }> = {
  'turn completed': {
    signals: ['sdk-message:result:success'],
    find: (r) =>
      lines(
        r,
        (m, i) => m.type === 'result' && m.subtype === 'success' && m.is_error === false && !markerBefore(r, i),
      ).map((i) => ({ where: `line ${i + 1}`, check: () => void result(r, i, 'completed') })),
  },
  'API error': {
    signals: ['sdk-message:result:success'],
    find: (r) =>
      lines(r, (m) => m.type === 'result' && m.subtype === 'success' && m.is_error === true).map((i) => ({
        where: `line ${i + 1}`,
        check: () => {
          const events = result(r, i, 'failed');
          expect(events.at(-1)!.payload.errorMessage).toBe(r.messages[i]!.result);
          // The CLI's own API-error message is no item: the turn states that error once.
          const synthetic = lines(
            r,
            (m, j) => j < i && m.type === 'assistant' && m.message?.model === '<synthetic>' && m.error !== undefined,
          ).at(-1);
          if (synthetic !== undefined) expect(outOf(r, synthetic)).toEqual([]);
        },
      })),
  },
  retry: {
    signals: ['sdk-message:system:api_retry'],
    find: (r) =>
      lines(r, (m) => m.type === 'system' && m.subtype === 'api_retry').map((i) => ({
        where: `line ${i + 1}`,
        check: () => {
          const m = r.messages[i]!;
          expect(outOf(r, i).map((e) => [e.type, e.payload.retry])).toEqual([
            [
              'runtime.warning',
              {
                attempt: m.attempt,
                limit: m.max_retries,
                ...(m.error_status !== undefined ? { status: m.error_status } : {}),
                message: m.error,
              },
            ],
          ]);
        },
      })),
  },
  'interrupt during streaming': {
    signals: ['sdk-message:result:error_during_execution'],
    find: (r) =>
      lines(r, (m) => isMarker(m) && !/for tool use/.test(textOf(m))).map((i) => ({
        where: `line ${i + 1}`,
        check: () => {
          const end = resultAfter(r, i);
          const events = result(r, end, 'interrupted');
          // The message being streamed closes as interrupted (or completed, when the CLI finished it), never as failed.
          const texts = r.events.filter(
            (e) =>
              e.type === 'item.completed' &&
              e.payload.itemType === 'assistant_message' &&
              e.turnId === events.at(-1)!.turnId,
          );
          expect(texts.length).toBeGreaterThan(0);
          for (const t of texts) expect(['interrupted', 'completed']).toContain(t.payload.status);
        },
      })),
  },
  'interrupt during a tool': {
    signals: ['sdk-message:result:error_during_execution'],
    find: (r) =>
      lines(r, (m, i) => isMarker(m) && /for tool use/.test(textOf(m)) && !cancelledBefore(r, i)).map((i) => ({
        where: `line ${i + 1}`,
        check: () => {
          result(r, resultAfter(r, i), 'interrupted');
          // The tool the interrupt killed answered with an error just before the marker.
          const killed = r.messages
            .slice(0, i)
            .findLast(
              (m) =>
                m.type === 'user' &&
                Array.isArray(m.message?.content) &&
                m.message.content.some((b: Msg) => b.type === 'tool_result'),
            );
          for (const b of killed!.message.content.filter((x: Msg) => x.type === 'tool_result' && x.is_error))
            expect(itemEnd(r, 0, b.tool_use_id)?.payload.status).toBe('interrupted');
        },
      })),
  },
  'cut-off stream': {
    signals: ['stream-event:message_stop'],
    find: (r) => {
      // Streamed text blocks the CLI abandoned (0.3.x `abandoned_blocks`) or never stopped (0.2.62), in turns not interrupted.
      const found: Occurrence[] = [];
      let message: string | undefined;
      const open = new Map<number, string>();
      const stopped = new Set<number>();
      const cut: string[] = [];
      r.messages.forEach((m, i) => {
        const ev = m.type === 'stream_event' && m.parent_tool_use_id == null ? m.event : undefined;
        if (ev?.type === 'message_start') ((message = ev.message?.id), open.clear(), stopped.clear());
        if (ev?.type === 'content_block_start' && ev.content_block?.type === 'text')
          open.set(ev.index, `${message}#${ev.index}`);
        if (ev?.type === 'content_block_stop') stopped.add(ev.index);
        if (ev?.type === 'message_stop') {
          const from = m.abandoned_blocks?.from_block_index ?? Infinity;
          for (const [index, item] of open) if (index >= from) cut.push(item);
          for (const index of [...open.keys()]) if (index >= from || stopped.has(index)) open.delete(index);
        }
        if (m.type === 'result') {
          // A block the CLI stopped is whole even when the message never got its message_stop (0.2.62 budget stop).
          const items = [...cut, ...[...open].filter(([index]) => !stopped.has(index)).map(([, item]) => item)];
          cut.length = 0;
          open.clear();
          if (markerBefore(r, i)) return;
          for (const item of items)
            found.push({
              where: `line ${i + 1}`,
              check: () =>
                expect(
                  eventAfter(r, 0, (e) => e.type === 'item.completed' && e.providerRefs?.providerItemId === item)
                    ?.payload.status,
                ).toBe('failed'),
            });
        }
      });
      return found;
    },
  },
  'interrupt with an approval pending': {
    signals: ['permission:canUseTool'],
    find: (r) =>
      lines(
        r,
        (m) =>
          m.kind === 'permission' &&
          (m.decision === undefined || m.options?.signal?.aborted === true) &&
          m.toolName !== 'AskUserQuestion',
      ).map((i) => ({
        where: `line ${i + 1}`,
        check: () => {
          const request = r.messages[i]!.options.toolUseID;
          const resolved = eventAfter(
            r,
            i,
            (e) => e.type === 'request.resolved' && e.providerRefs?.providerRequestId === request,
          );
          expect(resolved?.payload.decision).toBe('cancelled');
          result(r, resultAfter(r, i), 'interrupted');
        },
      })),
  },
  'approval granted': {
    signals: ['permission:canUseTool'],
    find: (r) =>
      permission(
        r,
        (p) =>
          p.decision.behavior === 'allow' && p.toolName !== 'AskUserQuestion' && p.options?.signal?.aborted !== true,
      ).map((i) => ({
        where: `line ${i + 1}`,
        check: () => {
          expect(['accepted', 'accepted_for_session']).toContain(resolvedOf(r, i).payload.decision);
          expect(itemEnd(r, i, r.messages[i]!.options.toolUseID)?.payload.status).not.toBe('declined');
        },
      })),
  },
  'approval declined': {
    signals: ['permission:canUseTool'],
    find: (r) =>
      permission(
        r,
        (p) =>
          p.decision.behavior === 'deny' &&
          p.decision.interrupt !== true &&
          p.toolName !== 'AskUserQuestion' &&
          p.options?.signal?.aborted !== true,
      ).map((i) => ({
        where: `line ${i + 1}`,
        check: () => {
          expect(resolvedOf(r, i).payload.decision).toBe('declined');
          expect(itemEnd(r, i, r.messages[i]!.options.toolUseID)?.payload.status).toBe('declined');
        },
      })),
  },
  'approval cancelled': {
    signals: ['permission:canUseTool'],
    find: (r) =>
      permission(r, (p) => p.decision.behavior === 'deny' && p.decision.interrupt === true).map((i) => ({
        where: `line ${i + 1}`,
        check: () => {
          expect(resolvedOf(r, i).payload.decision).toBe('aborted');
          expect(itemEnd(r, i, r.messages[i]!.options.toolUseID)?.payload.status).toBe('declined');
          result(r, resultAfter(r, i), 'interrupted');
        },
      })),
  },
  'user input answered': {
    signals: ['permission:canUseTool'],
    find: (r) =>
      permission(r, (p) => p.toolName === 'AskUserQuestion' && p.decision.behavior === 'allow').map((i) => ({
        where: `line ${i + 1}`,
        check: () => {
          const events = outOf(r, i).filter((e) => e.type.endsWith('.resolved'));
          // Keyed by the question (its text, for Claude), each answer a list of the chosen labels.
          const answers = Object.fromEntries(
            Object.entries(r.messages[i]!.decision.updatedInput.answers as Record<string, string>).map(([q, a]) => [
              q,
              [a],
            ]),
          );
          expect(events.map((e) => [e.type, e.payload.answers ?? e.payload.decision])).toEqual([
            ['user-input.resolved', answers],
            ['request.resolved', 'answered'],
          ]);
        },
      })),
  },
  'user input declined': {
    signals: ['permission:canUseTool'],
    find: (r) =>
      permission(r, (p) => p.toolName === 'AskUserQuestion' && p.decision.behavior === 'deny').map((i) => ({
        where: `line ${i + 1}`,
        check: () => {
          const events = outOf(r, i).filter((e) => e.type.endsWith('.resolved'));
          expect(events.map((e) => [e.type, e.payload.answers ?? e.payload.decision])).toEqual([
            ['user-input.resolved', {}],
            ['request.resolved', 'declined'],
          ]);
        },
      })),
  },
  'budget limit': {
    signals: ['sdk-message:result:error_max_budget_usd'],
    find: (r) =>
      lines(r, (m) => m.type === 'result' && m.subtype === 'error_max_budget_usd').map((i) => ({
        where: `line ${i + 1}`,
        check: () => void result(r, i, 'failed'),
      })),
  },
  'max-turns limit': {
    signals: ['sdk-message:result:error_max_turns'],
    find: (r) =>
      lines(r, (m) => m.type === 'result' && m.subtype === 'error_max_turns').map((i) => ({
        where: `line ${i + 1}`,
        check: () => void result(r, i, 'failed'),
      })),
  },
  compaction: {
    signals: ['sdk-message:system:compact_boundary'],
    find: (r) =>
      lines(r, (m) => m.type === 'system' && m.subtype === 'compact_boundary').map((i) => ({
        where: `line ${i + 1}`,
        check: () => {
          expect(outOf(r, i).map((e) => [e.type, e.payload.state ?? e.payload.itemType])).toEqual([
            ['thread.state.changed', 'compacted'],
            ['item.started', 'context_compaction'],
          ]);
          // The CLI's summary message after the boundary is the compaction item's text, not a user message.
          const item = outOf(r, i)[1]!.itemId;
          const done = r.events.find((e) => e.type === 'item.completed' && e.itemId === item);
          const next = r.messages[i + 1];
          if (next?.type === 'user' && next.isReplay !== true && typeof next.message?.content === 'string')
            expect(done?.payload.text).toBe(next.message.content);
          expect(done?.payload.status).toBe('completed');
        },
      })),
  },
  'tool progress': {
    signals: ['sdk-message:tool_progress'],
    find: (r) =>
      lines(r, (m) => m.type === 'tool_progress').map((i) => ({
        where: `line ${i + 1}`,
        check: () => {
          const m = r.messages[i]!;
          const running = m.parent_tool_use_id ?? m.tool_use_id;
          const progress = outOf(r, i).find((e) => e.type === 'tool.progress')!;
          expect(progress.providerRefs?.providerItemId).toBe(running);
          expect(progress.itemId).toBe(
            r.events.find((e) => e.type === 'item.started' && e.providerRefs?.providerItemId === running)?.itemId,
          );
        },
      })),
  },
  'background task': {
    signals: ['sdk-message:system:task_started'],
    find: (r) =>
      lines(
        r,
        (m) =>
          m.type === 'system' &&
          typeof m.subtype === 'string' &&
          m.subtype.startsWith('task_') &&
          (m.tool_use_id !== undefined || m.subtype === 'task_updated'),
      ).map((i) => ({
        where: `line ${i + 1}`,
        check: () => {
          const m = r.messages[i]!;
          const tool =
            m.tool_use_id ??
            r.messages.find((x) => x.task_id === m.task_id && x.tool_use_id !== undefined)?.tool_use_id;
          const task = outOf(r, i).find((e: CanonicalEvent) => e.type.startsWith('task.'))!;
          expect(task.providerRefs?.providerItemId).toBe(tool);
        },
      })),
  },
  'command output': {
    signals: ['content-block:tool_use'],
    // A Bash result states its output (tool_result content; its structured stdout and stderr where
    // the message gives them) but no exit code: none is shown. A command whose canUseTool answer
    // kept it from running (deny, or an answer after the abort signal fired), or that the CLI says
    // never executed (0.3.x tool_result_meta: a hook's block), has no output: its text is its error.
    find: (r) => {
      const commands = new Set(toolUses(r, ['Bash', 'PowerShell']).map(({ block }) => block.id as string));
      const notRun = new Set(
        permission(r, (p) => p.decision.behavior === 'deny' || p.options?.signal?.aborted === true).map(
          (i) => r.messages[i]!.options.toolUseID as string,
        ),
      );
      return r.messages.flatMap((m, i) =>
        m.type === 'user' && Array.isArray(m.message?.content)
          ? (m.message.content as Msg[]).flatMap((b) => {
              const said = resultText(b.content);
              if (b.type !== 'tool_result' || !commands.has(b.tool_use_id) || said === undefined) return [];
              const skipped = (m.tool_result_meta as Msg[] | undefined)?.some(
                (x) => x.id === b.tool_use_id && typeof x.non_execution_kind === 'string',
              );
              const report =
                notRun.has(b.tool_use_id) || skipped
                  ? { output: undefined, error: said }
                  : { output: shellShown(m, b.tool_use_id) ?? said };
              return [commandOccurrence(r, i, b.tool_use_id, report)];
            })
          : [],
      );
    },
  },
  'file edit': {
    signals: ['content-block:tool_use'],
    find: (r) =>
      toolUses(r, ['Write', 'Edit', 'MultiEdit']).map(({ i, block }) =>
        changeOccurrence(r, i, block.id, inputChanges(block.input as Msg)),
      ),
  },
};
