// Inside the namespace: the scripted Messages server here, and the Claude driver in a child Node
// process (drivers/claude-child.ts) that runs the real SDK against it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClaudeChildConfig } from '../drivers/claude-child.ts';
import { CLAUDE_HELPER_SCRIPTS } from '../scenarios/claude.ts';
import { ALL_CLAUDE_SCENARIOS } from '../scenarios/index.ts';
import { setUpClaude } from './setup.ts';
import { selectScenarios, type InsideConfig, type RunSummary } from './types.ts';

const CAPTURE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHILD_TIMEOUT_MS = 10 * 60_000;

export async function captureClaude(cfg: InsideConfig, log: (line: string) => void): Promise<RunSummary> {
  const scenarios = selectScenarios(ALL_CLAUDE_SCENARIOS, cfg.scenarios);
  const { dirs, server, env, settings } = await setUpClaude(
    cfg.workRoot,
    [...CLAUDE_HELPER_SCRIPTS, ...scenarios],
    cfg.version,
  );
  const sdkDir = join(cfg.installDir, 'node_modules', '@anthropic-ai', 'claude-agent-sdk');
  const pkg = JSON.parse(readFileSync(join(sdkDir, 'package.json'), 'utf8')) as { claudeCodeVersion?: string };
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
    // The driver in its own Node process (the SDK spawns the CLI from there).
    const p = spawn(process.execPath, ['--import', 'tsx', join(CAPTURE, 'drivers', 'claude-child.ts'), childConfig], {
      cwd: resolve(CAPTURE, '..'),
      stdio: 'inherit',
      env: { PATH: process.env.PATH, HOME: dirs.home },
      timeout: CHILD_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    const [exit, signal] = (await once(p, 'exit')) as [number | null, NodeJS.Signals | null];
    const code = exit ?? (signal ? 128 : 1);
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
