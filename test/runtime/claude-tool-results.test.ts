// A Claude tool result, by the upstream's structure, never its wording: a tool the CLI says never
// executed (0.3.x `tool_result_meta.non_execution_kind`) has no output, and one a permission
// decision refused (a PreToolUse hook's block) is declined like a tool canUseTool denied; a shell's
// structured result (`tool_use_result` {stdout, stderr}) is its output, not the CLI's placeholder
// sentence. On every recording that holds the situation, then the edges no recording shows.
import { describe, expect, it } from 'vitest';
import { createNormalizer } from '../../runtime/index.ts';
import { shellOutput } from '../../runtime/helpers/tool-detail.ts';
import { RECORDINGS, type Msg, type Recording } from '../parity/recording.ts';
import { itemOf } from '../parity/view.ts';
import { loose, type CanonicalEvent } from './loose.ts';

const claude = RECORDINGS.filter((r) => r.source === 'claude-agent-sdk');

/** Each tool result of a user message, with the message's line and its tool_result_meta entry. */
function results(r: Recording): { i: number; m: Msg; block: Msg; meta: Msg | undefined }[] {
  return r.messages.flatMap((m, i) =>
    m.type === 'user' && Array.isArray(m.message?.content)
      ? (m.message.content as Msg[])
          .filter((b) => b.type === 'tool_result')
          .map((block) => ({
            i,
            m,
            block,
            meta: (m.tool_result_meta as Msg[] | undefined)?.find((x) => x.id === block.tool_use_id),
          }))
      : [],
  );
}

const completion = (r: Recording, id: string): CanonicalEvent | undefined =>
  r.events.find((e) => e.type === 'item.completed' && e.providerRefs?.providerItemId === id);

describe('Claude: a tool that never ran, on the recordings', () => {
  const skipped = claude.flatMap((r) =>
    results(r)
      .filter((x) => typeof x.meta?.non_execution_kind === 'string')
      .map((x) => ({ r, ...x })),
  );

  it('the recordings hold tools the CLI says never executed', () => {
    expect(skipped.length).toBeGreaterThan(0);
  });

  for (const { r, i, block, meta } of skipped)
    it(`${r.file} line ${i + 1}: no output, its text is the error${meta?.permission_decision?.decision === 'reject' ? ', declined' : ''}`, () => {
      const end = completion(r, block.tool_use_id as string)!;
      expect(end).toBeDefined();
      const detail = end.payload.toolDetail as Msg;
      expect(detail.output).toBeUndefined();
      expect(detail.error).toBe(block.content);
      const view = itemOf(r, end);
      expect(view?.toolDetail?.output).toBeUndefined();
      if (meta?.permission_decision?.decision === 'reject') expect(end.payload.status).toBe('declined');
    });

  it('a hook-blocked command and a canUseTool-denied one end the same way', () => {
    const ends = claude.flatMap((r) =>
      results(r)
        .filter((x) => x.meta?.permission_decision?.decision === 'reject')
        .map((x) => completion(r, x.block.tool_use_id as string)!),
    );
    const sources = new Set(
      claude.flatMap((r) => results(r).map((x) => x.meta?.permission_decision?.source as unknown)),
    );
    // Both a hook's block and a user's (canUseTool) reject are recorded.
    expect(sources).toContain('hook');
    expect(sources).toContain('user_reject');
    expect(new Set(ends.map((e) => e.payload.status))).toEqual(new Set(['declined']));
  });
});

describe('Claude: a shell command output from its structured result, on the recordings', () => {
  const structured = claude.flatMap((r) =>
    results(r)
      .filter((x) => {
        const one = (x.m.message.content as Msg[]).filter((b) => b.type === 'tool_result').length === 1;
        return one && shellOutput(x.m.tool_use_result) !== undefined;
      })
      .map((x) => ({ r, ...x })),
  );

  it('the recordings hold a command that printed nothing, whose text is a placeholder', () => {
    expect(structured.some((x) => x.m.tool_use_result.stdout === '' && x.block.content !== '')).toBe(true);
  });

  for (const { r, i, m, block } of structured)
    it(`${r.file} line ${i + 1}: stdout then stderr, as the structured result states`, () => {
      const end = completion(r, block.tool_use_id as string)!;
      const shown = [m.tool_use_result.stdout, m.tool_use_result.stderr].filter((t: string) => t !== '').join('\n');
      expect((end.payload.toolDetail as Msg).output).toBe(shown);
      expect(itemOf(r, end)?.toolDetail?.output).toBe(shown);
    });
});

describe('Claude tool result edges', () => {
  const S = 's';
  const use = (id: string, command: string) => ({
    type: 'assistant',
    session_id: S,
    parent_tool_use_id: null,
    message: {
      id: `msg-${id}`,
      type: 'message',
      role: 'assistant',
      model: 'm',
      content: [{ type: 'tool_use', id, name: 'Bash', input: { command } }],
      stop_reason: null,
      usage: {},
    },
  });
  const result = (blocks: Msg[], extra: Msg = {}) => ({
    type: 'user',
    session_id: S,
    parent_tool_use_id: null,
    message: { role: 'user', content: blocks },
    ...extra,
  });
  const block = (id: string, content: string, isError = false) => ({
    type: 'tool_result',
    tool_use_id: id,
    content,
    is_error: isError,
  });
  const run = (...records: unknown[]) => {
    const n = createNormalizer('claude-agent-sdk', { clock: () => 0 });
    return loose(records.flatMap((r) => n.push(r as never)));
  };
  const end = (events: CanonicalEvent[], id: string) =>
    events.find((e) => e.type === 'item.completed' && e.providerRefs?.providerItemId === id)?.payload;

  it('stdout and stderr both: stdout, then stderr, a line apart', () => {
    const events = run(
      use('t1', 'x'),
      result([block('t1', 'out\nerr')], { tool_use_result: { stdout: 'out', stderr: 'err', interrupted: false } }),
    );
    expect((end(events, 't1')?.toolDetail as Msg).output).toBe('out\nerr');
  });

  it('two results in one message: the message-level structured result belongs to neither', () => {
    const events = run(
      use('t1', 'a'),
      use('t2', 'b'),
      result([block('t1', '(Bash completed with no output)'), block('t2', 'b')], {
        tool_use_result: { stdout: '', stderr: '' },
      }),
    );
    expect((end(events, 't1')?.toolDetail as Msg).output).toBe('(Bash completed with no output)');
    expect((end(events, 't2')?.toolDetail as Msg).output).toBe('b');
  });

  it('a command moved to the background: its text, not the empty stdout of a command still running', () => {
    const events = run(
      use('t1', 'sleep 9'),
      result([block('t1', 'Command running in background with ID: b1.')], {
        tool_use_result: { stdout: '', stderr: '', backgroundTaskId: 'b1' },
      }),
    );
    expect((end(events, 't1')?.toolDetail as Msg).output).toBe('Command running in background with ID: b1.');
  });

  it('never executed without a refusal (an interrupt): no output, the text is the error, not declined', () => {
    // An error result waits for the next message (an interrupt's marker, or not) before it closes.
    const after = run(
      use('t1', 'x'),
      result([block('t1', 'rejected', true)], {
        tool_result_meta: [{ id: 't1', non_execution_kind: 'user-rejected' }],
      }),
      use('t2', 'y'),
    );
    const closed = end(after, 't1')!;
    expect(closed.status).toBe('failed');
    expect(closed.toolDetail).toMatchObject({ error: 'rejected' });
    expect((closed.toolDetail as Msg).output).toBeUndefined();
  });

  it('an executed tool whose meta only records an accept keeps its output', () => {
    const events = run(
      use('t1', 'x'),
      result([block('t1', 'hi')], {
        tool_result_meta: [{ id: 't1', permission_decision: { decision: 'accept', source: 'config' } }],
      }),
    );
    expect(end(events, 't1')).toMatchObject({ status: 'completed', toolDetail: { output: 'hi' } });
  });
});

describe('Claude 0.2.62: a hook-blocked tool, with no signal to read', () => {
  // The scripted model names the scenario in its tool ids; the runtime never reads that.
  const blocked = claude.flatMap((r) =>
    results(r)
      .filter((x) => String(x.block.tool_use_id).includes('hook_block') && x.m.tool_result_meta === undefined)
      .map((x) => ({ r, ...x })),
  );

  it('the 0.2.62 recording holds one', () => {
    expect(blocked.length).toBeGreaterThan(0);
  });

  // 0.2.62 sends no tool_result_meta, no hook_response for the blocking hook and no
  // permission_denials entry for it: the tool reads as one that ran and failed (docs/parity.md).
  for (const { r, i, block } of blocked)
    it(`${r.file} line ${i + 1}: failed, the hook's text as its output`, () => {
      const end = completion(r, block.tool_use_id as string)!;
      expect(end.payload.status).toBe('failed');
      expect((end.payload.toolDetail as Msg).output).toBe(block.content);
    });
});
