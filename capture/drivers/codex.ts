// Drives the real `codex app-server` over stdio JSON-RPC: initialize (experimentalApi), initialized,
// thread/start, then one turn/start per scenario, each awaited to turn/completed. Server requests
// are answered as the scenario says; `turn/interrupt` is sent where the scenario asks for it.
import type { CodexScenario, Decision } from '../scenarios/codex-types.ts';
import { JsonRpcPeer, type Envelope, type Message } from './jsonrpc.ts';
import { spawnStdio } from './stdio-child.ts';

export interface CodexDriveOptions {
  bin: string;
  /** Extra app-server arguments (e.g. `--enable request_permissions_tool`). */
  args: string[];
  env: NodeJS.ProcessEnv;
  workdir: string;
  model: string;
  scenarios: CodexScenario[];
  /** The tools the model server saw offered last (to skip what this version cannot reach). */
  offeredTools: () => ReadonlySet<string>;
  log: (line: string) => void;
}

export interface DriveResult {
  transcript: Envelope[];
  recorded: string[];
  skipped: { name: string; why: string }[];
}

const TURN_TIMEOUT_MS = 120_000;

/** Notes a scenario skipped for `why` (when there is a why); true when it is skipped. */
export function skips(
  result: Pick<DriveResult, 'skipped'>,
  name: string,
  why: string | undefined,
  log: (l: string) => void,
): boolean {
  if (!why) return false;
  result.skipped.push({ name, why });
  log(`  skip ${name}: ${why}`);
  return true;
}

export async function driveCodex(o: CodexDriveOptions): Promise<DriveResult> {
  const proc = spawnStdio(o.bin, ['app-server', ...o.args], { cwd: o.workdir, env: o.env });
  const peer = new JsonRpcPeer(proc.child);
  const result: DriveResult = { transcript: peer.transcript, recorded: [], skipped: [] };
  let current: { scenario: CodexScenario; decisions: Decision[] } | undefined;
  peer.onMessage((m) => {
    if (m.method !== undefined && m.id !== undefined) answer(peer, m, () => current?.decisions.shift() ?? 'accept');
  });
  await proc.drive('codex', async () => {
    const init = await peer.request('initialize', {
      clientInfo: { name: 'eventmap_capture', title: 'eventmap capture driver', version: '0.0.1' },
      capabilities: { experimentalApi: true },
    });
    if (init.error) throw new Error(`initialize failed: ${JSON.stringify(init.error)}`);
    await peer.quiet(500); // start-up notifications first, so that they do not race with ours
    peer.notify('initialized');
    const started = await peer.request('thread/start', {
      model: o.model,
      cwd: o.workdir,
      approvalPolicy: 'on-request',
      sandbox: 'workspace-write',
    });
    const threadId = (started.result as { thread?: { id?: string } } | undefined)?.thread?.id;
    if (!threadId) throw new Error(`thread/start failed: ${JSON.stringify(started.error ?? started.result)}`);
    // Start-up notifications (thread/started, warnings, MCP start-up) before the first turn, so
    // that they do not race with it and two recordings keep one order.
    await peer.quiet(500);
    for (const scenario of o.scenarios) {
      if (skips(result, scenario.name, scenario.unsupported?.(o.offeredTools()), o.log)) continue;
      current = { scenario, decisions: [...(scenario.decisions ?? [])] };
      const t = Date.now();
      if (scenario.requests) {
        if (skips(result, scenario.name, await runRequests(peer, threadId, scenario), o.log)) continue;
        o.log(`  ${scenario.name}: requests done (${Date.now() - t} ms)`);
      } else {
        const status = await runTurn(peer, threadId, scenario, o.model);
        o.log(`  ${scenario.name}: turn ${status} (${Date.now() - t} ms)`);
      }
      result.recorded.push(scenario.name);
    }
  });
  return result;
}

/** One turn: turn/start, then wait for its turn/completed; returns the turn's final status. */
async function runTurn(peer: JsonRpcPeer, threadId: string, s: CodexScenario, model: string): Promise<string> {
  let turnId: string | undefined;
  const completed = peer.waitFor(
    (m) => m.method === 'turn/completed' && m.params?.threadId === threadId,
    TURN_TIMEOUT_MS,
    `turn/completed of ${s.name}`,
  );
  let off = () => {};
  if (s.interruptOn) {
    off = peer.onMessage((m) => {
      if (!s.interruptOn!(m)) return;
      off();
      // A short pause so the interrupted work is visibly under way.
      setTimeout(
        () => void peer.request('turn/interrupt', { threadId, turnId: turnId ?? (m.params?.turnId as string) }),
        300,
      );
    });
  }
  const response = await peer.request('turn/start', {
    threadId,
    input: [{ type: 'text', text: `SCENARIO:${s.name} ${s.prompt}`, text_elements: [] }],
    ...(s.turn?.(model) ?? {}),
  });
  if (response.error) throw new Error(`turn/start (${s.name}) failed: ${JSON.stringify(response.error)}`);
  turnId = (response.result as { turn?: { id?: string } }).turn?.id;
  const done = await completed;
  off();
  // Let trailing notifications (serverRequest/resolved after an interrupt, token usage) arrive.
  await new Promise((r) => setTimeout(r, 300));
  return String((done.params?.turn as { status?: string } | undefined)?.status);
}

/**
 * A scenario's client requests, each followed by quiet (no turn running, no message for a while).
 * Returns why the version refused the first one (its traffic is then taken out of the transcript).
 */
async function runRequests(peer: JsonRpcPeer, threadId: string, s: CodexScenario): Promise<string | undefined> {
  const mark = peer.transcript.length;
  const running = new Set<string>();
  let lastAt = Date.now();
  const off = peer.onMessage((m) => {
    lastAt = Date.now();
    const turn = (m.params?.turn as { id?: string } | undefined)?.id;
    if (m.method === 'turn/started' && turn) running.add(turn);
    if (m.method === 'turn/completed' && turn) running.delete(turn);
  });
  try {
    for (const [i, r] of s.requests!(threadId).entries()) {
      const response = await peer.request(r.method, r.params);
      if (response.error && i === 0) {
        peer.transcript.splice(mark);
        // The message lists every method the version knows: its first clause is enough.
        const message = String(
          (response.error as { message?: unknown }).message ?? JSON.stringify(response.error),
        ).split(/, expected/)[0];
        return `the app-server refuses \`${r.method}\`: ${message}`;
      }
      if (response.error) throw new Error(`${r.method} (${s.name}) failed: ${JSON.stringify(response.error)}`);
      lastAt = Date.now(); // quiet is counted from the answer on (notifications may follow it)
      const until = Date.now() + TURN_TIMEOUT_MS;
      while ((running.size > 0 || Date.now() - lastAt < 1500) && Date.now() < until)
        await new Promise((res) => setTimeout(res, 100));
    }
    return undefined;
  } finally {
    off();
  }
}

const V1_DECISIONS: Record<Exclude<Decision, 'partial' | 'hold'>, string> = {
  accept: 'approved',
  decline: 'denied',
  cancel: 'abort',
};
const v1 = (d: Exclude<Decision, 'hold'>) => V1_DECISIONS[d === 'partial' ? 'accept' : d];

/** The client's answer to one server request. */
function answer(peer: JsonRpcPeer, m: Message, next: () => Decision): void {
  const params = m.params ?? {};
  const reply = (result: unknown) => peer.send({ id: m.id, result });
  switch (m.method) {
    case 'item/commandExecution/requestApproval':
    case 'item/fileChange/requestApproval': {
      const d = next();
      return d === 'hold' ? undefined : reply({ decision: d });
    }
    case 'execCommandApproval':
    case 'applyPatchApproval': {
      const d = next();
      return d === 'hold' ? undefined : reply({ decision: v1(d) });
    }
    case 'item/tool/requestUserInput': {
      // Pick the first option of every question (or answer "yes" to a free-form one); declined: no answer at all.
      const questions = (params.questions as { id: string; options?: { label: string }[] | null }[] | undefined) ?? [];
      if (next() === 'decline') return reply({ answers: {} });
      return reply({
        answers: Object.fromEntries(questions.map((q) => [q.id, { answers: [q.options?.[0]?.label ?? 'yes'] }])),
      });
    }
    case 'item/permissions/requestApproval': {
      // Granted: what was asked; in part: the network only; not at all: nothing.
      const asked = (params.permissions as Record<string, unknown> | undefined) ?? {};
      const granted = {
        accept: { fileSystem: asked.fileSystem ?? null, network: asked.network ?? null },
        partial: { network: asked.network ?? null },
      }[next() as string];
      return reply({ permissions: granted ?? {}, scope: 'turn' });
    }
    case 'mcpServer/elicitation/request':
      return reply({ action: 'decline', content: null });
    default:
      peer.send({ id: m.id, error: { code: -32601, message: `the capture driver does not answer ${m.method}` } });
  }
}
