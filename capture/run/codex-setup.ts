// What a codex capture (app-server or SDK) sets up inside the namespace: a scratch HOME, the
// scripted Responses server, a private CODEX_HOME pointing at it, and the child's environment.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeCodexConfig } from '../drivers/codex-config.ts';
import { responsesHandler, type ResponsesState } from '../model-server/responses.ts';
import { startModelServer, type ModelServer } from '../model-server/server.ts';
import { codexProfile, type CodexProfile } from '../scenarios/codex-profile.ts';
import type { ModelScript } from '../scenarios/types.ts';
import type { InsideConfig } from './types.ts';

export interface CodexSetup {
  dirs: { home: string; codexHome: string; work: string; tmp: string; dump: string };
  profile: CodexProfile;
  /** What the model server saw offered last (the tools this version gives the model). */
  state: ResponsesState;
  server: ModelServer;
  /** The whole environment of the codex child. */
  env: Record<string, string>;
}

/** Close `server` when done. */
export async function setUpCodex(cfg: InsideConfig, scripts: ModelScript[]): Promise<CodexSetup> {
  const profile = codexProfile(cfg.version);
  // The scratch root is HOME (recorded paths become /home/dev/...).
  const dirs = {
    home: cfg.workRoot,
    codexHome: join(cfg.workRoot, '.codex'),
    work: join(cfg.workRoot, 'work'),
    tmp: join(cfg.workRoot, 'tmp'),
    dump: join(cfg.workRoot, 'requests'),
  };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  const state: ResponsesState = { tools: new Set() };
  const server = await startModelServer(
    responsesHandler(new Map(scripts.map((s) => [s.name, s])), state, dirs.work, cfg.version),
    dirs.dump,
  );
  writeCodexConfig(dirs.codexHome, { model: profile.model, serverUrl: server.url, workdir: dirs.work });
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
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
  return { dirs, profile, state, server, env };
}
