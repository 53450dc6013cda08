// What a Claude capture (claude-agent-sdk, or claude-agent-acp, which drives the same SDK) sets up
// inside the namespace: a scratch HOME with its folders, and the CLI's environment, pointed at the
// scripted Messages server with nothing phoning home.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

export interface ClaudeDirs {
  home: string;
  config: string;
  work: string;
  tmp: string;
  hooks: string;
  dump: string;
}

/** The scratch root is HOME (recorded paths become /home/dev/...); the work dir has a file to read. */
export function claudeDirs(workRoot: string): ClaudeDirs {
  const dirs = {
    home: workRoot,
    config: join(workRoot, '.claude'),
    work: join(workRoot, 'work'),
    tmp: join(workRoot, 'tmp'),
    hooks: join(workRoot, 'hooks'),
    dump: join(workRoot, 'requests'),
  };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  writeFileSync(join(dirs.work, 'notes.txt'), 'These are notes for the Read tool.\n');
  return dirs;
}

/** Settings worth naming in the fixture's note, for a given claude-agent-sdk version. */
export function claudeSettings(sdkVersion: string): Record<string, string> {
  return {
    CLAUDE_CODE_MAX_RETRIES: '1', // a model error fails the turn after one visible retry (api_retry), not many
    CLAUDE_CODE_ENABLE_TODO_TOOLS: '1', // TodoWrite is off by default on 0.3.x
    ...(semver.lt(sdkVersion, '0.3.0') ? { CLAUDE_CODE_CONTAINER_ID: 'eventmap-capture' } : {}), // tool_progress on 0.2.x
  };
}

/** The CLI's whole environment (the SDK's `env` replaces process.env, so PATH is passed too). */
export function claudeEnv(
  dirs: ClaudeDirs,
  serverUrl: string,
  settings: Record<string, string>,
): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dirs.home,
    CLAUDE_CONFIG_DIR: dirs.config,
    TMPDIR: dirs.tmp,
    CLAUDE_CODE_TMPDIR: dirs.tmp,
    ANTHROPIC_BASE_URL: serverUrl,
    ANTHROPIC_API_KEY: 'fake-key',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    // Anything that tries an outside host goes to the local server, which logs and refuses it.
    HTTP_PROXY: serverUrl,
    HTTPS_PROXY: serverUrl,
    ALL_PROXY: serverUrl,
    NO_PROXY: '127.0.0.1,localhost',
    ...settings,
  };
}
