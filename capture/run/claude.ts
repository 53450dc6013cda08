// Inside the namespace: the scripted Messages server here, and the Claude driver in a child Node
// process (drivers/claude-child.ts) that runs the real SDK against it.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClaudeChildConfig } from '../drivers/claude-child.ts';
import { messagesHandler } from '../model-server/messages.ts';
import { startModelServer } from '../model-server/server.ts';
import { CLAUDE_HELPER_SCRIPTS } from '../scenarios/claude.ts';
import { ALL_CLAUDE_SCENARIOS } from '../scenarios/index.ts';
import type { ModelScript } from '../scenarios/types.ts';
import { claudeDirs, claudeEnv, claudeSettings } from './claude-env.ts';
import { selectScenarios, type InsideConfig, type RunSummary } from './types.ts';

const CAPTURE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHILD_TIMEOUT_MS = 10 * 60_000;

export async function captureClaude(cfg: InsideConfig, log: (line: string) => void): Promise<RunSummary> {
  const scenarios = selectScenarios(ALL_CLAUDE_SCENARIOS, cfg.scenarios);
  const dirs = claudeDirs(cfg.workRoot);
  const scripts = new Map<string, ModelScript>([...CLAUDE_HELPER_SCRIPTS, ...scenarios].map((s) => [s.name, s]));
  const server = await startModelServer(messagesHandler(scripts, dirs.work, cfg.version), dirs.dump);
  const sdkDir = join(cfg.installDir, 'node_modules', '@anthropic-ai', 'claude-agent-sdk');
  const pkg = JSON.parse(readFileSync(join(sdkDir, 'package.json'), 'utf8')) as { claudeCodeVersion?: string };
  const settings = claudeSettings(cfg.version);
  const env = claudeEnv(dirs, server.url, settings);
  // Session-wide query() options the scenarios ask for (their recording holds only scenarios that agree).
  const queryOptions = Object.assign({}, ...scenarios.map((s) => s.queryOptions ?? {})) as Record<string, unknown>;
  const child: ClaudeChildConfig = {
    sdkEntry: join(sdkDir, 'sdk.mjs'),
    version: cfg.version,
    claudeCodeVersion: pkg.claudeCodeVersion ?? 'unknown',
    workdir: dirs.work,
    hooksDir: dirs.hooks,
    env,
    scenarios: scenarios.map((s) => s.name),
    queryOptions,
    eventsOut: cfg.rawOut,
    summaryOut: join(cfg.workRoot, 'child-summary.json'),
    stderrOut: join(cfg.workRoot, 'claude-stderr.txt'),
  };
  const childConfig = join(cfg.workRoot, 'claude-child.json');
  writeFileSync(childConfig, JSON.stringify(child));
  try {
    const t = Date.now();
    const code = await runChild(childConfig, dirs.home);
    const result = JSON.parse(readFileSync(child.summaryOut, 'utf8')) as {
      recorded: string[];
      skipped: { name: string; why: string }[];
    };
    log(`  claude driver exited with ${code} after ${Date.now() - t} ms: ${result.recorded.join(', ')}`);
    if (code !== 0)
      throw new Error(
        `the claude driver failed (exit ${code}); see ${child.stderrOut} and the meta records in ${cfg.rawOut}`,
      );
    return {
      ...result,
      requests: server.log,
      settings: { env: settings, ...(Object.keys(queryOptions).length ? { queryOptions } : {}) },
    };
  } finally {
    await server.close();
  }
}

/** The driver in its own Node process (the SDK spawns the CLI from there). */
function runChild(configFile: string, home: string): Promise<number> {
  return new Promise((resolvePromise) => {
    const p = spawn(process.execPath, ['--import', 'tsx', join(CAPTURE, 'drivers', 'claude-child.ts'), configFile], {
      cwd: resolve(CAPTURE, '..'),
      stdio: 'inherit',
      env: { PATH: process.env.PATH, HOME: home },
    });
    const timer = setTimeout(() => p.kill('SIGKILL'), CHILD_TIMEOUT_MS);
    p.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolvePromise(code ?? (signal ? 128 : 1));
    });
  });
}
