// The capture process inside the loopback-only network namespace (started by capture/cli.ts).
// It refuses to run when it can see any network interface but loopback.
import { readFileSync, writeFileSync } from 'node:fs';
import { assertLoopbackOnly } from './isolation-check.ts';
import { captureAcp } from './run/acp.ts';
import { captureClaude } from './run/claude.ts';
import { captureCodex } from './run/codex.ts';
import { captureCodexSdk } from './run/codex-sdk.ts';
import type { InsideConfig } from './run/types.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);

try {
  assertLoopbackOnly();
  const cfg = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as InsideConfig;
  const capture = {
    'codex-app-server': captureCodex,
    'claude-agent-sdk': captureClaude,
    'codex-sdk': captureCodexSdk,
    acp: captureAcp,
  }[cfg.source];
  const summary = await capture(cfg, log);
  writeFileSync(cfg.summaryOut, `${JSON.stringify(summary, null, 2)}\n`);
} catch (err) {
  log(`capture failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
}
