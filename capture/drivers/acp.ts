// Drives a real ACP agent over stdio, playing the client (the editor): initialize, session/new in
// the scratch work dir, then one session/prompt per scenario (after a session/set_mode where the
// scenario's mode differs), each awaited to its response (the turn's stopReason). Permission
// requests are answered by option kind as the scenario says; session/cancel is sent where it asks.
// The client advertises no fs or terminal capability, so the agent runs its tools itself.
import type { AcpDecision, AcpScenario } from '../scenarios/acp-types.ts';
import { skips, type DriveResult } from './codex.ts';
import { JsonRpcPeer, type Message } from './jsonrpc.ts';
import { spawnStdio } from './stdio-child.ts';

export interface AcpDriveOptions {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  workdir: string;
  scenarios: AcpScenario[];
  /** The session mode to prompt in (default: the agent's own), unless a scenario names another. */
  mode?: string;
  /** The tools the model server saw offered last (to skip what this agent cannot reach). */
  offeredTools: () => ReadonlySet<string>;
  log: (line: string) => void;
}

export interface AcpDriveResult extends DriveResult {
  /** `initialize`'s agentInfo, as the agent sent it. */
  agentInfo: unknown;
  protocolVersion: unknown;
}

interface SessionModes {
  currentModeId: string;
  availableModes: { id: string }[];
}

const TURN_TIMEOUT_MS = 120_000;
const QUIET_MS = 1500;
/** Between session/cancel and the `cancelled` answers: the agent sees the cancel first, every run. */
const CANCEL_ANSWER_MS = 300;
/** The option kind each answer picks (ACP `PermissionOptionKind`). */
const OPTION_KIND: Record<Exclude<AcpDecision, 'hold'>, string> = { allow: 'allow_once', reject: 'reject_once' };

export async function driveAcp(o: AcpDriveOptions): Promise<AcpDriveResult> {
  const proc = spawnStdio(o.command, o.args, { cwd: o.workdir, env: o.env });
  const peer = new JsonRpcPeer(proc.child, { jsonrpc: true, isoTimes: true });
  const result: AcpDriveResult = {
    transcript: peer.transcript,
    recorded: [],
    skipped: [],
    agentInfo: undefined,
    protocolVersion: undefined,
  };
  let decisions: AcpDecision[] = [];
  const held: Message[] = [];
  peer.onMessage((m) => {
    if (m.method === undefined || m.id === undefined) return;
    if (m.method !== 'session/request_permission')
      return peer.send({ id: m.id, error: { code: -32601, message: `the capture client does not offer ${m.method}` } });
    const d = decisions.shift() ?? 'allow';
    if (d === 'hold') held.push(m);
    else peer.send({ id: m.id, result: { outcome: selected(m, OPTION_KIND[d]) } });
  });
  await proc.drive('agent', async () => {
    const init = await peer.request('initialize', {
      protocolVersion: 1,
      clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
      clientInfo: { name: 'eventmap-capture', title: 'eventmap capture driver', version: '0.0.1' },
    });
    if (init.error) throw new Error(`initialize failed: ${JSON.stringify(init.error)}`);
    const info = init.result as { agentInfo?: unknown; protocolVersion?: unknown };
    result.agentInfo = info.agentInfo;
    result.protocolVersion = info.protocolVersion;
    const session = await peer.request('session/new', { cwd: o.workdir, mcpServers: [] });
    const sessionId = (session.result as { sessionId?: string } | undefined)?.sessionId;
    if (!sessionId) throw new Error(`session/new failed: ${JSON.stringify(session.error ?? session.result)}`);
    const modes = (session.result as { modes?: SessionModes }).modes;
    let mode = modes?.currentModeId;
    const offered = new Set(modes?.availableModes.map((m) => m.id));
    // Start-up notifications (commands, modes) before the first prompt, so two recordings keep one order.
    await peer.quiet(QUIET_MS);
    for (const scenario of o.scenarios) {
      if (skips(result, scenario.name, scenario.unsupported?.(o.offeredTools()), o.log)) continue;
      const want = scenario.mode && offered.has(scenario.mode) ? scenario.mode : (o.mode ?? modes?.currentModeId);
      if (want !== undefined && want !== mode) {
        const response = await peer.request('session/set_mode', { sessionId, modeId: want });
        if (response.error) throw new Error(`session/set_mode ${want} failed: ${JSON.stringify(response.error)}`);
        mode = want;
        await peer.quiet(QUIET_MS);
      }
      decisions = [...(scenario.decisions ?? [])];
      const t = Date.now();
      const stopReason = await prompt(peer, sessionId, scenario, held);
      o.log(`  ${scenario.name}: ${stopReason} (${Date.now() - t} ms)`);
      result.recorded.push(scenario.name);
    }
  });
  return result;
}

/** One turn: session/prompt, cancelled where the scenario says; returns its stopReason (or error). */
async function prompt(peer: JsonRpcPeer, sessionId: string, s: AcpScenario, held: Message[]): Promise<string> {
  let off = () => {};
  if (s.cancel) {
    const { on, delayMs } = s.cancel;
    off = peer.onMessage((m) => {
      if (!on(m)) return;
      off();
      setTimeout(() => {
        peer.notify('session/cancel', { sessionId });
        // ACP: the client answers every pending permission request of a cancelled turn `cancelled`.
        setTimeout(() => {
          for (const r of held.splice(0)) peer.send({ id: r.id, result: { outcome: { outcome: 'cancelled' } } });
        }, CANCEL_ANSWER_MS);
      }, delayMs);
    });
  }
  const response = await withTimeout(
    peer.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: `SCENARIO:${s.name} ${s.prompt}` }] }),
    `the session/prompt response of ${s.name}`,
  );
  off();
  // Trailing notifications (usage, titles) before the next prompt.
  await peer.quiet(QUIET_MS);
  const stop = (response.result as { stopReason?: string } | undefined)?.stopReason;
  return stop !== undefined ? `stopReason ${stop}` : `error ${JSON.stringify(response.error)}`;
}

/** `{outcome: "selected", optionId}` of the first option of `kind` (any option if none has it). */
function selected(request: Message, kind: string): { outcome: string; optionId: string } {
  const options = (request.params?.options as { optionId: string; kind: string }[] | undefined) ?? [];
  const option = options.find((x) => x.kind === kind) ?? options.find((x) => x.kind.startsWith(kind.split('_')[0]!));
  if (!option) throw new Error(`no ${kind} option in ${JSON.stringify(options)}`);
  return { outcome: 'selected', optionId: option.optionId };
}

function withTimeout<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`timed out after ${TURN_TIMEOUT_MS} ms waiting for ${what}`)),
      TURN_TIMEOUT_MS,
    );
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
