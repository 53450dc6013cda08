// Inside the namespace: the scripted Responses server + the real `@openai/codex-sdk`, which spawns
// `codex exec --experimental-json` from its own `@openai/codex` dependency. One thread; one
// `runStreamed()` turn per scenario; every ThreadEvent it yields is recorded verbatim, one a line.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { skips, type DriveResult } from '../drivers/codex.ts';
import { ALL_CODEX_SDK_SCENARIOS } from '../scenarios/index.ts';
import { setUpCodex } from './setup.ts';
import { selectScenarios, type InsideConfig, type RunSummary } from './types.ts';

/** The part of the SDK's API the driver uses (0.163.0's dist/index.d.ts). */
interface Thread {
  runStreamed(input: string): Promise<{ events: AsyncGenerator<Record<string, unknown>> }>;
}
interface CodexClass {
  new (options: { env: Record<string, string>; config: Record<string, unknown> }): {
    startThread(options: Record<string, unknown>): Thread;
  };
}

const THREAD = { sandboxMode: 'workspace-write', approvalPolicy: 'never', skipGitRepoCheck: true };
const MCP_SERVER = join(dirname(fileURLToPath(import.meta.url)), '..', 'drivers', 'mcp-server.mjs');

/** `--config` overrides: update_plan is off by default (todo_list items need it); an MCP server with one tool. */
const config = () => ({
  tools: { update_plan: { enabled: true } },
  mcp_servers: { glossary: { command: process.execPath, args: [MCP_SERVER] } },
});

export async function captureCodexSdk(cfg: InsideConfig, log: (line: string) => void): Promise<RunSummary> {
  const scenarios = selectScenarios(ALL_CODEX_SDK_SCENARIOS, cfg.scenarios);
  const { dirs, profile, state, server, env } = await setUpCodex(cfg, scenarios);
  const lines: string[] = [];
  const result: Pick<DriveResult, 'recorded' | 'skipped'> = { recorded: [], skipped: [] };
  try {
    // `env` replaces the child's whole environment (the SDK adds CODEX_INTERNAL_ORIGINATOR_OVERRIDE).
    const sdk = (await import(
      pathToFileURL(join(cfg.installDir, 'node_modules', '@openai', 'codex-sdk', 'dist', 'index.js')).href
    )) as { Codex: CodexClass };
    const thread = new sdk.Codex({ env, config: config() }).startThread({
      ...THREAD,
      model: profile.model,
      workingDirectory: dirs.work,
    });
    for (const scenario of scenarios) {
      if (skips(result, scenario.name, scenario.unsupported?.(state.tools), log)) continue;
      const t = Date.now();
      let ending = 'ok';
      try {
        const { events } = await thread.runStreamed(`SCENARIO:${scenario.name} ${scenario.prompt}`);
        for await (const event of events) lines.push(JSON.stringify(event));
      } catch (err) {
        // A failed turn: the SDK throws once codex exits non-zero (after yielding turn.failed).
        ending = `threw: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}`;
      }
      log(`  ${scenario.name}: ${ending} (${Date.now() - t} ms)`);
      result.recorded.push(scenario.name);
    }
    writeFileSync(cfg.rawOut, lines.map((l) => `${l}\n`).join(''));
    return {
      ...result,
      requests: server.log,
      settings: {
        model: profile.model,
        thread: THREAD,
        config: {
          ...config(),
          mcp_servers: { glossary: { command: 'node', args: ['capture/drivers/mcp-server.mjs'] } },
        },
      },
    };
  } finally {
    await server.close();
  }
}
