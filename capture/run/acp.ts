// Inside the namespace: one real ACP agent, driven by the ACP client driver (drivers/acp.ts) through
// the acp scenarios, its model requests answered by the scripted server of the upstream it wraps:
// claude-agent-acp runs the Claude Agent SDK (the Messages server, set up as the claude-agent-sdk
// capture does), codex-acp (Zed's Rust binary) and codex-acp-ts (the TypeScript one, over the
// `codex app-server` of its `@openai/codex`) run codex (the Responses server and CODEX_HOME of the
// codex captures).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { claudeAgentSdk, codexAcpBinary, codexAcpTs } from '../acp-agents.ts';
import { driveAcp, type AcpDriveOptions } from '../drivers/acp.ts';
import type { ResponsesState } from '../model-server/responses.ts';
import type { ModelServer } from '../model-server/server.ts';
import { ACP_SCENARIOS } from '../scenarios/acp.ts';
import { setUpClaude, setUpCodex } from './setup.ts';
import { selectScenarios, type InsideConfig, type RunSummary } from './types.ts';

/** How one agent is started and served; `settings` go into the fixture's note. */
interface AgentSetup {
  server: ModelServer;
  state: ResponsesState;
  workdir: string;
  spawn: Pick<AcpDriveOptions, 'command' | 'args' | 'env' | 'mode'>;
  settings: Record<string, unknown>;
}

export async function captureAcp(cfg: InsideConfig, log: (line: string) => void): Promise<RunSummary> {
  const scenarios = selectScenarios(ACP_SCENARIOS, cfg.scenarios);
  const agent = cfg.agent;
  if (!agent) throw new Error('an acp capture needs an agent (--agent <name>@<version>)');
  const setUp = { 'claude-agent-acp': claudeAgentAcp, 'codex-acp': codexAcp, 'codex-acp-ts': codexAcpTypeScript }[
    agent.name
  ];
  if (!setUp) throw new Error(`no set-up for the ACP agent ${agent.name}`);
  const a = await setUp(cfg);
  try {
    const result = await driveAcp({
      ...a.spawn,
      workdir: a.workdir,
      scenarios,
      offeredTools: () => a.state.tools,
      log,
    });
    writeFileSync(cfg.rawOut, result.transcript.map((e) => `${JSON.stringify(e)}\n`).join(''));
    return {
      recorded: result.recorded,
      skipped: result.skipped,
      requests: a.server.log,
      settings: { agentInfo: result.agentInfo, protocolVersion: result.protocolVersion, ...a.settings },
    };
  } finally {
    await a.server.close();
  }
}

/** claude-agent-acp in Node, its Claude CLI pointed at the Messages server; mode `default` (it asks). */
async function claudeAgentAcp(cfg: InsideConfig): Promise<AgentSetup> {
  const sdk = claudeAgentSdk(cfg.installDir);
  const { dirs, server, state, env, settings } = await setUpClaude(cfg.workRoot, ACP_SCENARIOS, sdk.version);
  const entry = join(cfg.installDir, 'node_modules', '@agentclientprotocol', 'claude-agent-acp', 'dist', 'index.js');
  return {
    server,
    state,
    workdir: dirs.work,
    spawn: {
      command: process.execPath,
      args: [entry],
      env,
      // The agent's own mode `auto` lets Claude decide permissions itself; `default` asks the client.
      mode: 'default',
    },
    settings: { claudeAgentSdk: sdk.version, claudeCode: sdk.claudeCodeVersion, env: settings, mode: 'default' },
  };
}

/** The codex-acp binary with the private CODEX_HOME of the codex captures (provider on loopback). */
async function codexAcp(cfg: InsideConfig): Promise<AgentSetup> {
  const { dirs, profile, state, server, env } = await setUpCodex(
    { ...cfg, version: cfg.agent!.version },
    ACP_SCENARIOS,
  );
  return {
    server,
    state,
    workdir: dirs.work,
    spawn: { command: codexAcpBinary(cfg.installDir), args: [], env },
    settings: { model: profile.model },
  };
}

/** codex-acp-ts in Node; the app-server it starts reads the same private CODEX_HOME (its codex's version picks the profile). */
async function codexAcpTypeScript(cfg: InsideConfig): Promise<AgentSetup> {
  const { entry, codexVersion } = codexAcpTs(cfg.installDir);
  const { dirs, profile, state, server, env } = await setUpCodex({ ...cfg, version: codexVersion }, ACP_SCENARIOS);
  return {
    server,
    state,
    workdir: dirs.work,
    // Its own mode `agent` ("Auto review") has a Codex reviewer model decide approvals; `workspace-write` asks the client.
    spawn: { command: process.execPath, args: [entry], env, mode: 'workspace-write' },
    settings: { codex: codexVersion, model: profile.model, mode: 'workspace-write' },
  };
}
