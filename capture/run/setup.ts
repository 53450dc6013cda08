// What a capture sets up inside the namespace before it starts the upstream: a scratch HOME with
// its folders, the scripted model server, and the child's whole environment, pointed at that
// server with nothing phoning home. Claude: claude-agent-sdk, or claude-agent-acp, which drives the
// same SDK. Codex: the app-server, the SDK, or codex-acp, each with a private CODEX_HOME.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { messagesHandler } from '../model-server/messages.ts';
import { responsesHandler, type ResponsesState } from '../model-server/responses.ts';
import { startModelServer } from '../model-server/server.ts';
import { codexProfile } from '../scenarios/codex-profile.ts';
import type { ModelScript } from '../scenarios/types.ts';
import type { InsideConfig } from './types.ts';

/** The scratch root is HOME (recorded paths become /home/dev/...); `more`: the upstream's own folders. */
function scratchDirs<T extends Record<string, string>>(workRoot: string, more: T) {
  const dirs = {
    home: workRoot,
    work: join(workRoot, 'work'),
    tmp: join(workRoot, 'tmp'),
    dump: join(workRoot, 'requests'),
    ...more,
  };
  for (const d of Object.values<string>(dirs)) mkdirSync(d, { recursive: true });
  return dirs;
}

/** PATH, the scratch HOME and TMPDIR; anything that tries an outside host goes to the local server, which logs and refuses it. */
function offlineEnv(dirs: { home: string; tmp: string }, serverUrl: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
    HTTP_PROXY: serverUrl,
    HTTPS_PROXY: serverUrl,
    ALL_PROXY: serverUrl,
    NO_PROXY: '127.0.0.1,localhost',
  };
}

/**
 * The Claude CLI (of claude-agent-sdk `sdkVersion`) against the Messages server; the work dir has
 * a file to read. `settings`: the variables worth naming in the fixture's note. `state`: what the
 * model server saw offered last (the tools this version gives the model). Close `server` when done.
 */
export async function setUpClaude(workRoot: string, scripts: ModelScript[], sdkVersion: string) {
  const dirs = scratchDirs(workRoot, { config: join(workRoot, '.claude'), hooks: join(workRoot, 'hooks') });
  writeFileSync(join(dirs.work, 'notes.txt'), 'These are notes for the Read tool.\n');
  const state: ResponsesState = { tools: new Set() };
  const handler = messagesHandler(new Map(scripts.map((s) => [s.name, s])), dirs.work, sdkVersion, state);
  const server = await startModelServer(handler, dirs.dump);
  const settings: Record<string, string> = {
    CLAUDE_CODE_MAX_RETRIES: '1', // a model error fails the turn after one visible retry (api_retry), not many
    CLAUDE_CODE_ENABLE_TODO_TOOLS: '1', // TodoWrite is off by default on 0.3.x
    ...(semver.lt(sdkVersion, '0.3.0') ? { CLAUDE_CODE_CONTAINER_ID: 'eventmap-capture' } : {}), // tool_progress on 0.2.x
  };
  // The SDK's `env` replaces process.env, so PATH is passed too.
  const env = {
    ...offlineEnv(dirs, server.url),
    CLAUDE_CONFIG_DIR: dirs.config,
    CLAUDE_CODE_TMPDIR: dirs.tmp,
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: 'fake-key',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    ...settings,
  };
  return { dirs, server, state, env, settings };
}

/**
 * Codex against the Responses server, through a private CODEX_HOME whose config points it there,
 * with one retry (a model error fails the turn after one visible retry, not after many) and
 * nothing phoning home. Close `server` when done.
 */
export async function setUpCodex(cfg: InsideConfig, scripts: ModelScript[]) {
  const profile = codexProfile(cfg.version);
  const dirs = scratchDirs(cfg.workRoot, { codexHome: join(cfg.workRoot, '.codex') });
  const state: ResponsesState = { tools: new Set() };
  const server = await startModelServer(
    responsesHandler(new Map(scripts.map((s) => [s.name, s])), state, dirs.work, cfg.version),
    dirs.dump,
  );
  const toml = [
    `model = ${JSON.stringify(profile.model)}`,
    'model_provider = "fake"',
    'check_for_update_on_startup = false',
    'model_reasoning_summary = "detailed"',
    '',
    '[model_providers.fake]',
    'name = "fake"',
    `base_url = ${JSON.stringify(`${server.url}/v1`)}`,
    'wire_api = "responses"',
    'env_key = "FAKE_API_KEY"',
    'request_max_retries = 1',
    'stream_max_retries = 1',
    'stream_idle_timeout_ms = 300000',
    '',
    '[analytics]',
    'enabled = false',
    '',
    `[projects.${JSON.stringify(dirs.work)}]`,
    'trust_level = "trusted"',
    '',
  ];
  writeFileSync(join(dirs.codexHome, 'config.toml'), toml.join('\n'));
  const env = { ...offlineEnv(dirs, server.url), CODEX_HOME: dirs.codexHome, FAKE_API_KEY: 'fake-key' };
  return { dirs, profile, state, server, env };
}
