// What a UI shows, typed and provider-neutral (issue 27): item text, tool detail and titles,
// approvals' detail, questions and answers, the context-window snapshot, plans. Real recordings of
// the Codex sources first (test/parity asserts the rows across every source); hand-made messages
// in the upstreams' own shapes for the edges no recording shows.
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer } from '../../runtime/index.ts';
import { titleOf } from '../../runtime/titles.ts';
import { TOOL_ITEM_TYPES as TOOL_ITEMS } from '../../runtime/tool-items.ts';
import { userInputAnswers, userInputQuestions } from '../../runtime/helpers/user-input.ts';
import { acpElicitationAnswers } from '../../runtime/helpers/acp.ts';
import { codexTokenUsage } from '../../runtime/helpers/usage.ts';
import { fileChanges, joinedText } from '../../runtime/helpers/tool-detail.ts';
import { todoListPlan } from '../../runtime/helpers/plans.ts';
import { transcripts } from '../conformance/transcripts.ts';
import { loose, type CanonicalEvent } from './loose.ts';

type Msg = Record<string, any>;
const TOOL_TYPES: ReadonlySet<string> = new Set(TOOL_ITEMS);
// Helpers read no context for these shapes.
const none = undefined as never;

function run(source: string, lines: string[]): CanonicalEvent[] {
  const n = createNormalizer(source as never, { clock: () => 0, deriveSessionId: true });
  const out = lines.flatMap((l) => loose(n.push(l)));
  return [...out, ...loose(n.end().events)];
}

describe('codex-app-server recordings', () => {
  for (const t of transcripts('codex-app-server').filter((t) => t.file.endsWith('.server.jsonl'))) {
    const events = run(t.source, t.lines);
    const messages = t.records as Msg[];
    const completed = messages.filter((m) => m.method === 'item/completed').map((m) => m.params.item as Msg);

    it(`${t.file}: messages and reasoning complete with the upstream's text`, () => {
      for (const item of completed.filter((i) => i.type === 'agentMessage' || i.type === 'reasoning')) {
        const e = events.find((e) => e.type === 'item.completed' && e.providerRefs?.providerItemId === item.id)!;
        const want =
          item.type === 'agentMessage' ? item.text : [...item.summary].join('\n\n') || item.content.join('\n\n');
        expect(e.payload.text, item.id).toBe(want);
      }
    });

    it(`${t.file}: tool items carry a title and typed detail`, () => {
      const tools = events.filter((e) => e.type.startsWith('item.') && TOOL_TYPES.has(e.payload.itemType as string));
      for (const e of tools) {
        expect(e.payload.title, `${e.type} ${e.payload.itemType}`).toMatch(/\S/);
        const d = e.payload.toolDetail as Msg | undefined;
        if (e.raw.source === 'eventmap.synthetic') continue;
        if (e.payload.itemType === 'command_execution') expect(d?.command).toMatch(/\S/);
        if (e.payload.itemType === 'file_change') expect(d?.changes?.length).toBeGreaterThan(0);
      }
      for (const item of completed.filter((i) => i.type === 'commandExecution')) {
        const e = events.find((e) => e.type === 'item.completed' && e.providerRefs?.providerItemId === item.id)!;
        expect(e.payload.toolDetail).toMatchObject({ command: item.command, cwd: item.cwd, exitCode: item.exitCode });
        if (typeof item.aggregatedOutput === 'string')
          expect((e.payload.toolDetail as Msg).output).toBe(item.aggregatedOutput);
      }
    });

    it(`${t.file}: every request carries a title; command approvals the command to approve`, () => {
      for (const e of events.filter((e) => e.type === 'request.opened')) {
        expect(e.payload.title).toMatch(/\S/);
        if (e.payload.requestType === 'command_execution_approval')
          expect((e.payload.toolDetail as Msg).command).toBe((e.raw.payload as Msg).params.command);
      }
    });

    it(`${t.file}: questions keep their id, header and options`, () => {
      for (const m of messages.filter((m) => m.method === 'item/tool/requestUserInput')) {
        const e = events.find(
          (e) => e.type === 'user-input.requested' && e.providerRefs?.providerRequestId === String(m.id),
        )!;
        expect(e.payload.questions).toEqual(
          m.params.questions.map((q: Msg) => ({
            id: q.id,
            header: q.header,
            question: q.question,
            options: q.options.map((o: Msg) => ({ label: o.label, description: o.description })),
          })),
        );
      }
    });

    it(`${t.file}: the context window is one typed snapshot`, () => {
      const usage = messages.filter((m) => m.method === 'thread/tokenUsage/updated');
      const out = events.filter((e) => e.type === 'thread.token-usage.updated');
      expect(out).toHaveLength(usage.length);
      out.forEach((e, i) => {
        const u = usage[i]!.params.tokenUsage;
        expect(e.payload.usage).toMatchObject({ usedTokens: u.last.totalTokens, maxTokens: u.modelContextWindow });
      });
    });
  }
});

describe('codex-sdk recordings', () => {
  for (const t of transcripts('codex-sdk')) {
    const events = run(t.source, t.lines);
    it(`${t.file}: messages complete with their text, tools with detail, todo lists are the plan`, () => {
      const messages = t.records as Msg[];
      // Item ids restart with every run (item_0…): pair them in order.
      const sent = messages.filter((m) => m.type === 'item.completed' && m.item.type === 'agent_message');
      const got = events.filter((e) => e.type === 'item.completed' && e.payload.itemType === 'assistant_message');
      expect(got.map((e) => e.payload.text)).toEqual(sent.map((m) => m.item.text));
      for (const e of events.filter((e) => e.type === 'item.completed' && e.payload.itemType === 'command_execution'))
        expect((e.payload.toolDetail as Msg).command).toMatch(/\S/);
      const todos = messages.filter((m) => m.type?.startsWith('item.') && m.item?.type === 'todo_list');
      expect(events.filter((e) => e.type === 'turn.plan.updated')).toHaveLength(todos.length);
    });
  }
});

describe('hand-made edges (codex-app-server)', () => {
  const note = (method: string, params: Msg) => JSON.stringify({ method, params });
  const base = { threadId: 't1', turnId: 'u1' };

  it.each([
    ['succeeds', { success: true, error: null }, [['session.state.changed', 'ready']]],
    [
      'fails',
      { success: false, error: 'no admin rights' },
      [
        ['session.state.changed', 'error'],
        ['runtime.warning', 'no admin rights'],
      ],
    ],
  ] as const)('the Windows sandbox setup %s', (_name, params, want) => {
    const events = run('codex-app-server', [note('windowsSandbox/setupCompleted', { mode: 'elevated', ...params })]);
    expect(events.map((e) => [e.type, e.payload.state ?? e.payload.message])).toEqual(want);
    expect(events.filter((e) => !validateProviderRuntimeEvent(e))).toEqual([]);
  });

  it('a plan item is the proposed plan, as Claude ExitPlanMode is', () => {
    const plan = { type: 'plan', id: 'p1', text: '1. Read\n2. Fix' };
    const events = run('codex-app-server', [
      note('turn/started', { threadId: 't1', turn: { id: 'u1', items: [], status: 'inProgress' } }),
      note('item/started', { ...base, item: { ...plan, text: '' } }),
      note('item/plan/delta', { ...base, itemId: 'p1', delta: '1. Read\n2. Fix' }),
      note('item/completed', { ...base, item: plan }),
    ]);
    expect(events.filter((e) => e.type === 'turn.proposed.completed').map((e) => e.payload)).toEqual([
      { planMarkdown: '1. Read\n2. Fix' },
    ]);
    expect(events.find((e) => e.type === 'item.completed')!.payload.text).toBe('1. Read\n2. Fix');
  });

  it('an item its turn cut off completes with the text streamed so far', () => {
    const events = run('codex-app-server', [
      note('turn/started', { threadId: 't1', turn: { id: 'u1', items: [], status: 'inProgress' } }),
      note('item/started', { ...base, item: { type: 'agentMessage', id: 'm1', text: '' } }),
      note('item/agentMessage/delta', { ...base, itemId: 'm1', delta: 'Hel' }),
      note('item/agentMessage/delta', { ...base, itemId: 'm1', delta: 'lo' }),
      note('turn/completed', { threadId: 't1', turn: { id: 'u1', items: [], status: 'interrupted', error: null } }),
    ]);
    const closed = events.find((e) => e.type === 'item.completed')!;
    expect([closed.raw.source, closed.payload.status, closed.payload.text]).toEqual([
      'eventmap.synthetic',
      'interrupted',
      'Hello',
    ]);
  });

  it('an item its turn cut off keeps its title: the MCP server and tool, not the generic label', () => {
    const call = { type: 'mcpToolCall', id: 'c1', server: 'docs', tool: 'search', status: 'inProgress', arguments: {} };
    const events = run('codex-app-server', [
      note('turn/started', { threadId: 't1', turn: { id: 'u1', items: [], status: 'inProgress' } }),
      note('item/started', { ...base, item: call }),
      note('turn/completed', { threadId: 't1', turn: { id: 'u1', items: [], status: 'interrupted', error: null } }),
    ]);
    const titles = events.filter((e) => e.type.startsWith('item.')).map((e) => [e.type, e.payload.title]);
    expect(titles).toEqual([
      ['item.started', 'docs: search'],
      ['item.completed', 'docs: search'],
    ]);
  });
});

describe('every recording', () => {
  for (const t of transcripts()) {
    it(`${t.file}: an item eventmap closes keeps the title its events last had`, () => {
      const last = new Map<string, unknown>();
      for (const e of run(t.source, t.lines).filter((e) => e.type.startsWith('item.') && e.itemId !== undefined)) {
        if (e.raw.source === 'eventmap.synthetic' && last.has(e.itemId!))
          expect(e.payload.title).toBe(last.get(e.itemId!));
        if (e.payload.title !== undefined) last.set(e.itemId!, e.payload.title);
      }
    });
  }
  for (const t of transcripts('acp')) {
    it(`${t.file}: a tool item has one title, the rule's, on all its events; the agent's label is its detail`, () => {
      const tools = run(t.source, t.lines).filter(
        (e) => e.type.startsWith('item.') && TOOL_TYPES.has(e.payload.itemType as string),
      );
      expect(tools.length).toBeGreaterThan(0);
      const started = new Map(tools.filter((e) => e.type === 'item.started').map((e) => [e.itemId, e.payload]));
      for (const e of tools) expect(e.payload.title, e.type).toBe(titleOf(started.get(e.itemId)!));
      const labels = t.records.flatMap((r) => {
        const update = (r as Msg).params?.update as Msg | undefined;
        return typeof update?.title === 'string' && /^tool_call/.test(update.sessionUpdate) ? [update.title] : [];
      });
      expect(tools.map((e) => e.payload.detail)).toEqual(expect.arrayContaining(labels));
    });
  }
});

describe('rules, given → want', () => {
  it('every tool item type has a title', () => {
    for (const itemType of TOOL_ITEMS) expect(titleOf({ itemType }), itemType).toMatch(/\S/);
  });

  it.each([
    [{ itemType: 'command_execution', toolDetail: { command: 'ls' } }, 'Command'],
    [{ itemType: 'file_change' }, 'File change'],
    [{ itemType: 'mcp_tool_call', toolDetail: { server: 'docs', name: 'search' } }, 'docs: search'],
    [{ itemType: 'dynamic_tool_call', toolDetail: { name: 'Read' } }, 'Read'],
    [
      { itemType: 'collab_agent_tool_call', toolDetail: { name: 'Task', input: { description: 'Explore the repo' } } },
      'Explore the repo',
    ],
    [{ itemType: 'web_search', toolDetail: { url: 'https://example.com' } }, 'Web fetch'],
    [{ itemType: 'assistant_message' }, undefined],
    [{ requestType: 'command_execution_approval', toolDetail: { command: 'rm x' } }, 'Command'],
    [{ requestType: 'file_read_approval', toolDetail: { name: 'Grep' } }, 'Grep'],
    [{ requestType: 'tool_user_input' }, 'Question'],
  ])('title of %j is %j', (payload, want) => expect(titleOf(payload)).toBe(want));

  // An item's later event with less detail keeps the title its item had; more detail still tells more.
  it.each([
    [{ itemType: 'dynamic_tool_call' }, 'ToolSearch', 'ToolSearch'],
    [{ itemType: 'mcp_tool_call' }, 'docs: search', 'docs: search'],
    [{ itemType: 'plan' }, 'TodoWrite', 'TodoWrite'],
    [{ itemType: 'collab_agent_tool_call', toolDetail: { input: { description: 'Explore' } } }, 'Task', 'Explore'],
    [{ itemType: 'dynamic_tool_call', toolDetail: { name: 'Read' } }, 'Tool call', 'Read'],
  ])('title of %j, the item titled %j so far, is %j', (payload, kept, want) =>
    expect(titleOf(payload, kept)).toBe(want),
  );

  it.each([
    ['codex', { color: { answers: ['Blue'] } }, { color: ['Blue'] }],
    ['claude', { 'Which language?': 'Python' }, { 'Which language?': ['Python'] }],
    ['nothing', undefined, {}],
    ['a value that is no answer', { q: { answers: [1] } }, {}],
  ])('answers (%s)', (_n, given, want) => expect(userInputAnswers(none, {}, given)).toEqual(want));

  it.each([
    ['codex', userInputAnswers, '{"__proto__": {"answers": ["Blue"]}}'],
    ['claude', userInputAnswers, '{"__proto__": "Blue"}'],
    ['acp', acpElicitationAnswers, '{"__proto__": "Blue"}'],
  ] as const)('answers (%s): a question id `__proto__` keeps its answer', (_n, answers, json) => {
    const got = answers(none, {}, JSON.parse(json));
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    expect(Object.entries(got)).toEqual([['__proto__', ['Blue']]]);
  });

  it('questions: Claude has no id, so the question text is one; options keep their description', () => {
    expect(
      userInputQuestions(none, {}, [
        {
          question: 'Which language?',
          header: 'Lang',
          multiSelect: false,
          options: [{ label: 'Python', description: 'snakes' }],
        },
        { header: 'no text' },
      ]),
    ).toEqual([
      {
        id: 'Which language?',
        header: 'Lang',
        question: 'Which language?',
        multiSelect: false,
        options: [{ label: 'Python', description: 'snakes' }],
      },
    ]);
  });

  it.each([
    [
      'full',
      {
        total: {
          totalTokens: 500,
          inputTokens: 400,
          cachedInputTokens: 100,
          outputTokens: 100,
          reasoningOutputTokens: 20,
        },
        last: { totalTokens: 120, inputTokens: 100, cachedInputTokens: 0, outputTokens: 20, reasoningOutputTokens: 5 },
        modelContextWindow: 258400,
      },
      {
        usedTokens: 120,
        maxTokens: 258400,
        totalProcessedTokens: 500,
        inputTokens: 400,
        cachedInputTokens: 100,
        outputTokens: 100,
        reasoningOutputTokens: 20,
        lastInputTokens: 100,
        lastCachedInputTokens: 0,
        lastOutputTokens: 20,
        lastReasoningOutputTokens: 5,
      },
    ],
    ['no window size', { last: { totalTokens: 7 }, modelContextWindow: null }, { usedTokens: 7 }],
    ['no last request', { total: { totalTokens: 7 } }, undefined],
  ])('context window (%s)', (_n, given, want) => expect(codexTokenUsage(none, {}, given)).toEqual(want));

  it.each([
    [
      [{ path: 'a', kind: { type: 'update', move_path: 'b' }, diff: '@@' }],
      [{ path: 'a', kind: 'update', movePath: 'b', diff: '@@' }],
    ],
    [[{ path: 'a', kind: 'add' }], [{ path: 'a', kind: 'add' }]],
    [[{ path: 'a', kind: 'rename' }, { kind: 'add' }], []],
  ])('file changes %j', (given, want) => expect(fileChanges(given)).toEqual(want));

  it.each([
    [['**A**', 'B'], ['raw'], '**A**\n\nB'],
    [[], ['raw'], 'raw'],
    [undefined, [{ type: 'text', text: 'typed by the user' }], 'typed by the user'],
    [[], [], undefined],
  ])('joined text of %j / %j', (summary, content, want) => expect(joinedText(none, {}, summary, content)).toBe(want));

  it('todo lists become plan steps; a step with no text is labelled by its place, not dropped', () =>
    expect(
      todoListPlan(none, {}, [{ text: 'a', completed: true }, { text: ' ', completed: false }, { nope: 1 }]),
    ).toEqual([
      { step: 'a', status: 'completed' },
      { step: 'Step 2', status: 'pending' },
      { step: 'Step 3', status: 'pending' },
    ]));
});
