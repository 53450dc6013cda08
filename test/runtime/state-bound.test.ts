// A session's state has one bound in bytes, whatever the upstream sends (issue 29): pending
// requests with what they asked, open items with their text, Claude's blocks, held results and
// per-thread state and the duplicate sets. Each hostile shape below grew without
// bound before; held() (accounted bytes) stays under SESSION_STATE_BYTES, and what a bound lets go
// is said (a state-limit warning), never dropped in silence.
import { describe, expect, it } from 'vitest';
import { createNormalizer } from '../../runtime/index.ts';
import { SCRATCH_THREADS, SESSION_STATE_BYTES, STATE_BYTES } from '../../runtime/lifecycle.ts';

function heldBytes(n: ReturnType<typeof createNormalizer>): number {
  return n.held().bytes;
}

const stateLimit = (events: { type: string; payload: unknown }[]) =>
  events.filter(
    (e) => e.type === 'runtime.warning' && (e.payload as { detail?: { kind?: string } }).detail?.kind === 'state-limit',
  );

describe('the session state bound', () => {
  it('3,000 unanswered approvals with 100 KB commands', () => {
    const n = createNormalizer('codex-app-server', { sessionId: 's' });
    const command = 'x'.repeat(100_000);
    let warned = 0;
    for (let i = 0; i < 3000; i++) {
      const out = n.push({
        method: 'item/commandExecution/requestApproval',
        id: i,
        params: { threadId: 't', turnId: 'u', itemId: `i${i}`, command, cwd: '/', reason: null },
      });
      warned += stateLimit(out).length;
    }
    expect(heldBytes(n)).toBeLessThanOrEqual(SESSION_STATE_BYTES);
    // What each asked counts: only as many stay pending as their commands fit in the bound.
    expect(n.held().pendingRequests).toBeLessThanOrEqual(Math.ceil(STATE_BYTES.requests / 200_000));
    expect(warned).toBeGreaterThan(0);
  });

  const claude = (session: string, event: unknown) =>
    ({ type: 'stream_event', session_id: session, parent_tool_use_id: null, uuid: 'u', event }) as never;

  it('50,000 content blocks started in one message', () => {
    const n = createNormalizer('claude-agent-sdk', { sessionId: 's' });
    n.push(claude('s1', { type: 'message_start', message: { id: 'msg_1', content: [], usage: {} } }));
    let warned = 0;
    for (let i = 0; i < 50_000; i++)
      warned += stateLimit(
        n.push(claude('s1', { type: 'content_block_start', index: i, content_block: { type: 'text', text: '' } })),
      ).length;
    expect(heldBytes(n)).toBeLessThanOrEqual(SESSION_STATE_BYTES);
    expect(warned).toBeGreaterThan(0);
  });

  it('20,000 user messages with error tool results: held, then let go as failed within the bound', () => {
    const n = createNormalizer('claude-agent-sdk', { sessionId: 's' });
    let completed = 0;
    for (let i = 0; i < 20_000; i++) {
      const out = n.push({
        type: 'user',
        session_id: 's1',
        parent_tool_use_id: null,
        uuid: `u${i}`,
        message: {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: `toolu_${i}`, is_error: true, content: 'e'.repeat(100) }],
        },
      });
      completed += out.filter((e) => e.type === 'item.completed').length;
    }
    expect(heldBytes(n)).toBeLessThanOrEqual(SESSION_STATE_BYTES);
    // Not one event at the end: results are let go as the bound fills.
    expect(completed).toBeGreaterThan(10_000);
  });

  it('900 Claude threads, each with state of its own', () => {
    const n = createNormalizer('claude-agent-sdk', { sessionId: 's' });
    for (let t = 0; t < 900; t++) {
      n.push(claude(`session-${t}`, { type: 'message_start', message: { id: `msg_${t}`, content: [], usage: {} } }));
      for (let i = 0; i < 20; i++)
        n.push(
          claude(`session-${t}`, { type: 'content_block_start', index: i, content_block: { type: 'text', text: '' } }),
        );
    }
    expect(heldBytes(n)).toBeLessThanOrEqual(SESSION_STATE_BYTES);
    // Helper state is kept for the most recently active threads only.
    expect(n.held().turnState).toBeLessThanOrEqual(SCRATCH_THREADS);
  });
});

describe('a turn end touches only its own thread', () => {
  it('closes thread B’s turn without looking at the 8,000 items thread A holds open', async () => {
    const { MapContext } = await import('../../runtime/context.ts');
    const { closeTurn } = await import('../../runtime/helpers/close.ts');
    const { itemKey } = await import('../../runtime/lifecycle.ts');
    const ctx = new MapContext({ provider: 'codex', source: 'codex-app-server', sessionId: 's', clock: () => 0 });
    for (let i = 0; i < 8000; i++)
      ctx.lifecycle.openItem(itemKey('A', `i${i}`), {
        ids: { thread: 'A', turn: 'a1', item: `i${i}` },
        itemType: 'reasoning',
      });
    ctx.lifecycle.openItem(itemKey('B', 'b0'), { ids: { thread: 'B', turn: 'b1', item: 'b0' }, itemType: 'reasoning' });
    // Reading every open item (what each turn end did) now throws.
    const items = ctx.lifecycle.items as unknown as Record<string, unknown>;
    items.values =
      items.entries =
      items.keys =
        () => {
          throw new Error('scanned every thread');
        };
    ctx.currentThread = 'B';
    ctx.lifecycle.thread('B').turn = 'b1';
    closeTurn(ctx, { thread: 'B', turn: 'b1' }, undefined);
    expect(ctx.out.map((e) => [e.type, e.providerRefs?.providerItemId])).toEqual([
      ['item.completed', 'b0'],
      ['turn.completed', undefined],
    ]);
    expect(ctx.lifecycle.held().openItems).toBe(8000);
  });
});

describe("the app's own requests (ACP)", () => {
  it('1,000 unanswered session/prompt requests naming a 100 KB session id', () => {
    const n = createNormalizer('acp');
    const sessionId = 's'.repeat(100_000);
    let warned = 0;
    for (let i = 0; i < 1000; i++)
      warned += stateLimit(
        n.reply({ jsonrpc: '2.0', id: i, method: 'session/prompt', params: { sessionId, prompt: [] } } as never),
      ).length;
    expect(heldBytes(n)).toBeLessThanOrEqual(SESSION_STATE_BYTES);
    // What is let go is said, never dropped in silence.
    expect(warned).toBeGreaterThan(0);
  });
});
