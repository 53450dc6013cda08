// Inside the namespace: the scripted Responses server + the real codex app-server, driven through
// the codex scenarios; writes the `{dir,ts,line}` transcript.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { driveCodex } from '../drivers/codex.ts';
import { CODEX_HELPER_SCRIPTS } from '../scenarios/codex.ts';
import { CODEX_UNHAPPY_HELPER_SCRIPTS } from '../scenarios/codex-unhappy.ts';
import { ALL_CODEX_SCENARIOS } from '../scenarios/index.ts';
import { setUpCodex } from './setup.ts';
import { selectScenarios, type InsideConfig, type RunSummary } from './types.ts';

export async function captureCodex(cfg: InsideConfig, log: (line: string) => void): Promise<RunSummary> {
  const scenarios = selectScenarios(ALL_CODEX_SCENARIOS, cfg.scenarios);
  const { dirs, profile, state, server, env } = await setUpCodex(cfg, [
    ...CODEX_HELPER_SCRIPTS,
    ...CODEX_UNHAPPY_HELPER_SCRIPTS,
    ...scenarios,
  ]);
  try {
    const bin = join(cfg.installDir, 'node_modules', '.bin', 'codex');
    const args = profile.enable.flatMap((f) => ['--enable', f]);
    const result = await driveCodex({
      bin,
      args,
      env,
      workdir: dirs.work,
      model: profile.model,
      scenarios,
      offeredTools: () => state.tools,
      log,
    });
    writeFileSync(cfg.rawOut, result.transcript.map((e) => `${JSON.stringify(e)}\n`).join(''));
    return {
      recorded: result.recorded,
      skipped: result.skipped,
      requests: server.log,
      settings: { model: profile.model, enable: profile.enable },
    };
  } finally {
    await server.close();
  }
}
