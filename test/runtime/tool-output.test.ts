// The edges of "command output" and "file edit" (docs/parity.md) no recording shows, in the
// upstreams' own shapes: the terminal extension claude-agent-acp and the TypeScript codex-acp send
// (`_meta.terminal_output_delta`, `_meta.terminal_exit`), a fenced text content, an approval's
// text, an argv with quotes, Codex's added and deleted files. Each is checked on the events and in
// the provider-blind view. The recorded cases are the parity rows' (test/parity/).
import { describe, expect, it } from 'vitest';
import { createNormalizer, type ProviderRuntimeEvent } from '../../runtime/index.ts';
import { reduceEvents, type ItemView } from '../../runtime/reducer/index.ts';
import { commandLine, unfenced } from '../../runtime/helpers/tool-detail.ts';
import { KEPT_OUTPUT_UNITS } from '../../runtime/open-item.ts';
import { loose } from './loose.ts';

type Rec = Record<string, unknown>;

const update = (u: Rec) => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: { sessionId: 's', update: u },
});

/** The events of agent messages (s2c), and of client answers (`reply`) where given. */
function acp(...lines: { s2c?: Rec; c2s?: Rec }[]): ProviderRuntimeEvent[] {
  const n = createNormalizer('acp', { clock: () => 0 });
  return lines.flatMap((l) => (l.s2c ? n.push(l.s2c as never) : n.reply(l.c2s as never)));
}

/** The view's item of the upstream's item `id`. */
function viewItem(events: ProviderRuntimeEvent[], id: string): ItemView | undefined {
  const itemId = loose(events).find((e) => e.providerRefs?.providerItemId === id)?.itemId;
  const thread = reduceEvents(events).threads[0];
  return [...(thread?.turns.flatMap((t) => t.items) ?? []), ...(thread?.items ?? [])].find((i) => i.itemId === itemId);
}

const completion = (events: ProviderRuntimeEvent[]) =>
  loose(events).find((e) => e.type === 'item.completed')?.payload.toolDetail as Rec | undefined;

const start = (extra: Rec = {}) =>
  update({
    sessionUpdate: 'tool_call',
    toolCallId: 'c1',
    kind: 'execute',
    status: 'in_progress',
    title: 'ls',
    rawInput: { command: 'ls', cwd: '/w' },
    content: [{ type: 'terminal', terminalId: 'c1' }],
    ...extra,
  });
const chunk = (data: string) =>
  update({
    sessionUpdate: 'tool_call_update',
    toolCallId: 'c1',
    _meta: { terminal_output_delta: { data, terminal_id: 'c1' } },
  });
const exit = (code: number | null, extra: Rec = {}) =>
  update({
    sessionUpdate: 'tool_call_update',
    toolCallId: 'c1',
    status: code === 0 || code === null ? 'completed' : 'failed',
    _meta: { terminal_exit: { exit_code: code, signal: code === null ? 'SIGKILL' : null, terminal_id: 'c1' } },
    ...extra,
  });

/** claude-agent-acp's update with the tool's structured result (`_meta.claudeCode.toolResponse`), before the end. */
const response = (toolResponse: Rec) =>
  update({
    sessionUpdate: 'tool_call_update',
    toolCallId: 'c1',
    _meta: { claudeCode: { toolResponse, toolName: 'Bash' } },
  });
const ended = (rawOutput: string) =>
  update({ sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'completed', rawOutput });

describe('ACP: a command output and exit code, wherever the agent puts them', () => {
  const cases: [string, Rec[], { output?: string; exitCode?: number | null }][] = [
    [
      'streamed chunks, then terminal_exit alone (claude-agent-acp)',
      [start(), chunk('a.ts\n'), chunk('b.ts'), exit(0)],
      { output: 'a.ts\nb.ts', exitCode: 0 },
    ],
    [
      'a failed command: the exit code terminal_exit states',
      [start(), chunk('Exit code 1\nboom'), exit(1)],
      { output: 'Exit code 1\nboom', exitCode: 1 },
    ],
    ['killed by a signal: exit code null', [start(), exit(null)], { exitCode: null }],
    [
      'chunks, then rawOutput with the whole (TypeScript codex-acp): the whole, once',
      [start(), chunk('hi\n'), exit(0, { rawOutput: { formatted_output: 'hi\n', exit_code: 0 } })],
      { output: 'hi\n', exitCode: 0 },
    ],
    [
      "Zed codex-acp's rawOutput record: aggregated_output and exit_code",
      [
        start({ rawInput: { command: ['/bin/bash', '-lc', 'echo hi'], cwd: '/w' }, content: [] }),
        update({
          sessionUpdate: 'tool_call_update',
          toolCallId: 'c1',
          status: 'completed',
          rawOutput: { stdout: 'hi\n', stderr: '', aggregated_output: 'hi\n', exit_code: 0, formatted_output: 'hi' },
        }),
      ],
      { output: 'hi\n', exitCode: 0 },
    ],
    [
      "the whole output in _meta.terminal_output at the end (claude-agent-acp's result in terminal mode)",
      [
        start(),
        exit(0, { _meta: { terminal_output: { data: 'a.ts', terminal_id: 'c1' }, terminal_exit: { exit_code: 0 } } }),
      ],
      { output: 'a.ts', exitCode: 0 },
    ],
    [
      'rawOutput as content blocks: their text',
      [
        start({ content: [] }),
        update({
          sessionUpdate: 'tool_call_update',
          toolCallId: 'c1',
          status: 'completed',
          rawOutput: [
            { type: 'text', text: 'one' },
            { type: 'text', text: 'two' },
          ],
        }),
      ],
      { output: 'one\ntwo' },
    ],
    [
      'a fenced text content at the end (claude-agent-acp without the extension): the fence taken off',
      [
        start({ content: [] }),
        update({
          sessionUpdate: 'tool_call_update',
          toolCallId: 'c1',
          status: 'completed',
          content: [{ type: 'content', content: { type: 'text', text: '```console\na.ts\nb.ts\n```' } }],
        }),
      ],
      { output: 'a.ts\nb.ts' },
    ],
    [
      "a description in the text content before the end is not output; the end's rawOutput is",
      [
        start({ content: [{ type: 'content', content: { type: 'text', text: 'List the files' } }] }),
        update({ sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'completed', rawOutput: 'a.ts' }),
      ],
      { output: 'a.ts' },
    ],
    [
      "claude-agent-acp's structured result before the end: an empty command's empty output, not rawOutput's placeholder",
      [
        start({ content: [] }),
        response({ stdout: '', stderr: '', interrupted: false }),
        ended('(Bash completed with no output)'),
      ],
      { output: '' },
    ],
    [
      "claude-agent-acp's structured result: stdout, then stderr, a line apart",
      [start({ content: [] }), response({ stdout: 'out', stderr: 'err', interrupted: false }), ended('out\nerr')],
      { output: 'out\nerr' },
    ],
    [
      "a structured result that is no shell's (claude-agent-acp's Write): rawOutput's text",
      [start({ content: [] }), response({ type: 'create', filePath: '/w/a', content: 'x' }), ended('File created')],
      { output: 'File created' },
    ],
    [
      'a command moved to the background: its text, not the empty stdout of a command still running',
      [
        start({ content: [] }),
        response({ stdout: '', stderr: '', backgroundTaskId: 'b1' }),
        ended('Running in background'),
      ],
      { output: 'Running in background' },
    ],
  ];

  it.each(cases)('%s', (_name, messages, expected) => {
    const events = acp(...messages.map((s2c) => ({ s2c })));
    const detail = completion(events);
    const shown = viewItem(events, 'c1')?.toolDetail;
    for (const d of [detail, shown]) {
      expect(d).toMatchObject(expected);
      if (!('output' in expected)) expect(d).not.toHaveProperty('output');
    }
    expect(shown?.command).toBeDefined();
  });

  it('streamed output too long to keep: the completion carries none (never a cut one), the view all of it', () => {
    const part = 'x'.repeat(1000) + '\n';
    const parts = Math.ceil(KEPT_OUTPUT_UNITS / part.length) + 1;
    const events = acp({ s2c: start() }, ...Array.from({ length: parts }, () => ({ s2c: chunk(part) })), {
      s2c: exit(0),
    });
    expect(completion(events)).toEqual({ exitCode: 0 });
    expect(viewItem(events, 'c1')?.toolDetail?.output).toBe(part.repeat(parts));
  });

  it('no exit code the agent did not state, and a description is never the output', () => {
    const events = acp(
      { s2c: start({ content: [{ type: 'content', content: { type: 'text', text: 'Create a marker file' } }] }) },
      { s2c: update({ sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'completed' }) },
    );
    for (const d of [completion(events), viewItem(events, 'c1')?.toolDetail]) {
      expect(d ?? {}).not.toHaveProperty('output');
      expect(d ?? {}).not.toHaveProperty('exitCode');
    }
  });

  it("an approval's prompt (Zed codex-acp) is no output, and the argv shows as its shell line", () => {
    const argv = ['/bin/bash', '-lc', "echo 'it''s' && touch a.txt"];
    const toolCall = {
      toolCallId: 'c1',
      kind: 'execute',
      status: 'pending',
      title: 'touch a.txt',
      content: [
        { type: 'content', content: { type: 'text', text: 'Make a file\nAvailable Decisions: Approved\nAbort' } },
      ],
      rawInput: { command: argv, cwd: '/w' },
    };
    const events = acp(
      {
        s2c: {
          jsonrpc: '2.0',
          id: 7,
          method: 'session/request_permission',
          params: {
            sessionId: 's',
            toolCall,
            options: [{ optionId: 'approved', name: 'Yes', kind: 'allow_once' }],
          },
        },
      },
      { c2s: { jsonrpc: '2.0', id: 7, result: { outcome: { outcome: 'selected', optionId: 'approved' } } } },
      {
        s2c: update({
          sessionUpdate: 'tool_call_update',
          toolCallId: 'c1',
          status: 'completed',
          rawOutput: { aggregated_output: '', exit_code: 0, command: argv },
        }),
      },
    );
    const opened = loose(events).find((e) => e.type === 'request.opened')!;
    expect(opened.payload.toolDetail).not.toHaveProperty('output');
    const shown = viewItem(events, 'c1')?.toolDetail;
    expect(shown).toMatchObject({
      output: '',
      exitCode: 0,
      command: `/bin/bash -lc 'echo '"'"'it'"'"''"'"'s'"'"' && touch a.txt'`,
    });
    expect(reduceEvents(events).threads[0]!.requests[0]!.toolDetail).not.toHaveProperty('output');
  });
});

describe('a command line as the agent ran it (commandLine)', () => {
  it.each([
    [['/bin/bash', '-lc', 'echo hi'], "/bin/bash -lc 'echo hi'"],
    [['ls', '-la', '/tmp/a_b.txt'], 'ls -la /tmp/a_b.txt'],
    [['echo', ''], "echo ''"],
    [['printf', "it's"], `printf 'it'"'"'s'`],
    ['already a line', 'already a line'],
    [['a', 1], undefined],
  ] as [unknown, string | undefined][])('%j → %s', (command, line) => expect(commandLine(command)).toBe(line));
});

describe('the Markdown fence an agent puts around a result (unfenced)', () => {
  it.each([
    ['```\nUser refused\n```', 'User refused'],
    ['```console\na\nb\n```', 'a\nb'],
    ['````\n```\ninner\n```\n````', '```\ninner\n```'],
    ['```\n```', ''],
    ['no fence', 'no fence'],
    ['```\nopen only', '```\nopen only'],
    ['```\na\n```\ntext after', '```\na\n```\ntext after'],
    ['```\na\n```\nb\n```', '```\na\n```\nb\n```'],
    ['text before\n```\na\n```', 'text before\n```\na\n```'],
  ])('%j → %j', (text, out) => expect(unfenced(text)).toBe(out));
});

describe('a file change with the content the upstream sent', () => {
  it('ACP diff content: no oldText is an added file; with it, an update with both texts', () => {
    const events = acp({
      s2c: update({
        sessionUpdate: 'tool_call',
        toolCallId: 'e1',
        kind: 'edit',
        status: 'completed',
        title: 'Edit',
        content: [
          { type: 'diff', path: '/w/new.txt', newText: 'n\n' },
          { type: 'diff', path: '/w/old.txt', oldText: 'a\n', newText: 'b\n' },
        ],
      }),
    });
    const expected = [
      { path: '/w/new.txt', kind: 'add', newText: 'n\n' },
      { path: '/w/old.txt', kind: 'update', oldText: 'a\n', newText: 'b\n' },
    ];
    expect(completion(events)?.changes).toEqual(expected);
    expect(viewItem(events, 'e1')?.toolDetail?.changes).toEqual(expected);
  });

  it("Codex: an update's diff is a unified diff; an added or deleted file's is its text", () => {
    const n = createNormalizer('codex-app-server', { clock: () => 0 });
    const changes = [
      { path: '/w/a', kind: { type: 'add' }, diff: 'new text\n' },
      { path: '/w/d', kind: { type: 'delete' }, diff: 'old text\n' },
      { path: '/w/u', kind: { type: 'update', move_path: null }, diff: '@@ -1 +1 @@\n-a\n+b\n' },
    ];
    const events = loose(
      n.push({
        method: 'item/completed',
        params: { threadId: 't', turnId: 'u', item: { id: 'f', type: 'fileChange', status: 'completed', changes } },
      } as never),
    );
    expect(events.find((e) => e.type === 'item.completed')?.payload.toolDetail).toEqual({
      changes: [
        { path: '/w/a', kind: 'add', newText: 'new text\n' },
        { path: '/w/d', kind: 'delete', oldText: 'old text\n' },
        { path: '/w/u', kind: 'update', diff: '@@ -1 +1 @@\n-a\n+b\n' },
      ],
    });
  });
});
