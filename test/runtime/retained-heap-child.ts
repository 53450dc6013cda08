// Run by test/runtime/retained-heap.test.ts in a fresh `node --expose-gc` process: one hostile
// stream into a live normalizer, then what the heap keeps of it after a full collection and what
// held() accounts. Prints {retainedBytes, heldBytes, events}.
import { createNormalizer } from '../../runtime/index.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('test/runtime/retained-heap-child.ts needs node --expose-gc');
const heap = () => {
  gc();
  gc();
  // External too: Node makes a string of a large buffer (flat, below) an external string.
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};

type Normalizer = ReturnType<typeof createNormalizer>;
const CHUNKS = 2000;
const CHUNK = 50_000;
/**
 * A flat string of its own each time: `'x'.repeat(n)` and `padEnd` build their strings from shared
 * pieces, which would keep far less than they say.
 */
const flat = (length: number, seed: number) =>
  Buffer.alloc(length, `${seed}:abcdefghijklmnopqrstuvwxyz`).toString('latin1');
const chunk = (i: number) => flat(CHUNK, i);

const acpUpdate = (sessionId: string, update: Record<string, unknown>) =>
  ({ jsonrpc: '2.0', method: 'session/update', params: { sessionId, update } }) as never;

/** Each scenario pushes its stream and returns the normalizers it keeps alive. */
const SCENARIOS: Record<string, () => Normalizer[]> = {
  /** 2,000 × 50 KB: a 100 MB agent message streamed over ACP. */
  'acp-message': () => {
    const n = createNormalizer('acp', { clock: () => 0 });
    for (let i = 0; i < CHUNKS; i++)
      count(
        n.push(acpUpdate('s', { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: chunk(i) } })),
      );
    return [n];
  },
  /** The same over Codex: item/agentMessage/delta. */
  'codex-message': () => {
    const n = createNormalizer('codex-app-server', { clock: () => 0 });
    count(
      n.push({
        method: 'turn/started',
        params: { threadId: 't', turn: { id: 'u', items: [], status: 'inProgress', error: null } },
      } as never),
    );
    count(
      n.push({
        method: 'item/started',
        params: { threadId: 't', turnId: 'u', item: { type: 'agentMessage', id: 'm', text: '' } },
      } as never),
    );
    for (let i = 0; i < CHUNKS; i++)
      count(
        n.push({
          method: 'item/agentMessage/delta',
          params: { threadId: 't', turnId: 'u', itemId: 'm', delta: chunk(i) },
        } as never),
      );
    return [n];
  },
  /** Eight ACP sessions whose first chunk has a 16 MB messageId (each its own string). */
  'acp-message-ids': () => {
    const n = createNormalizer('acp', { clock: () => 0 });
    for (let s = 0; s < 8; s++)
      count(
        n.push(
          acpUpdate(`session-${s}`, {
            sessionUpdate: 'agent_message_chunk',
            messageId: flat(16_000_000, s),
            content: { type: 'text', text: 'hi' },
          }),
        ),
      );
    return [n];
  },
  /** Eight Claude threads whose stream's message_start names a 16 MB message id. */
  'claude-message-ids': () => {
    const n = createNormalizer('claude-agent-sdk', { clock: () => 0 });
    for (let s = 0; s < 8; s++)
      count(
        n.push({
          type: 'stream_event',
          session_id: `session-${s}`,
          parent_tool_use_id: null,
          uuid: `u${s}`,
          event: { type: 'message_start', message: { id: flat(16_000_000, s), content: [], usage: {} } },
        } as never),
      );
    return [n];
  },
};

let events = 0;
function count(out: unknown[]): void {
  events += out.length; // the events are let go: an app would hand them on
}

const scenario = SCENARIOS[process.argv[2] ?? ''];
if (!scenario) throw new Error(`unknown scenario ${process.argv[2]}`);
const before = heap();
const live = scenario();
const retainedBytes = heap() - before;
const heldBytes = live.reduce((n, x) => n + x.held().bytes, 0);
process.stdout.write(JSON.stringify({ retainedBytes, heldBytes, events }));
