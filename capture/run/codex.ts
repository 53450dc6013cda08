// Inside the namespace: the scripted Responses server + the real codex app-server, driven through
// the codex scenarios; writes the `{dir,ts,line}` transcript.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeCodexConfig } from '../drivers/codex-config.ts';
import { driveCodex } from '../drivers/codex.ts';
import { responsesHandler, type ResponsesState } from '../model-server/responses.ts';
import { startModelServer } from '../model-server/server.ts';
import { codexProfile } from '../scenarios/codex-profile.ts';
import { CODEX_HELPER_SCRIPTS, CODEX_SCENARIOS } from '../scenarios/codex.ts';
import type { ModelScript } from '../scenarios/types.ts';
import { selectScenarios, type InsideConfig, type RunSummary } from './types.ts';

export async function captureCodex(cfg: InsideConfig, log: (line: string) => void): Promise<RunSummary> {
  const scenarios = selectScenarios(CODEX_SCENARIOS, cfg.scenarios);
  const profile = codexProfile(cfg.version);
  // The scratch root is HOME (recorded paths become /home/dev/...).
  const dirs = { home: cfg.workRoot, codexHome: join(cfg.workRoot, '.codex'), work: join(cfg.workRoot, 'work'), tmp: join(cfg.workRoot, 'tmp'), dump: join(cfg.workRoot, 'requests') };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  const state: ResponsesState = { tools: new Set() };
  const scripts = new Map<string, ModelScript>([...CODEX_HELPER_SCRIPTS, ...scenarios].map((s) => [s.name, s]));
  const server = await startModelServer(responsesHandler(scripts, state, dirs.work), dirs.dump);
  try {
    writeCodexConfig(dirs.codexHome, { model: profile.model, serverUrl: server.url, workdir: dirs.work });
    const env = {
      PATH: process.env.PATH,
      HOME: dirs.home,
      CODEX_HOME: dirs.codexHome,
      TMPDIR: dirs.tmp,
      FAKE_API_KEY: 'fake-key',
      // Anything that tries an outside host goes to the local server, which logs and refuses it.
      HTTP_PROXY: server.url,
      HTTPS_PROXY: server.url,
      ALL_PROXY: server.url,
      NO_PROXY: '127.0.0.1,localhost',
    };
    const bin = join(cfg.installDir, 'node_modules', '.bin', 'codex');
    const args = profile.enable.flatMap((f) => ['--enable', f]);
    const result = await driveCodex({ bin, args, env, workdir: dirs.work, model: profile.model, scenarios, offeredTools: () => state.tools, log });
    writeFileSync(cfg.rawOut, result.transcript.map((e) => `${JSON.stringify(e)}\n`).join(''));
    return { recorded: result.recorded, skipped: result.skipped, requests: server.log, settings: { model: profile.model, enable: profile.enable } };
  } finally {
    await server.close();
  }
}
