// The capture process inside the loopback-only network namespace (started by capture/cli.ts).
// It refuses to run when it can see any network interface but loopback: /proc/net/dev lists the
// interfaces of this process's network namespace (/sys/class/net may not).
import { readFileSync, writeFileSync } from 'node:fs';
import { captureAcp } from './run/acp.ts';
import { captureClaude } from './run/claude.ts';
import { captureCodex } from './run/codex.ts';
import { captureCodexSdk } from './run/codex-sdk.ts';
import type { InsideConfig } from './run/types.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);

try {
  const others = readFileSync('/proc/net/dev', 'utf8')
    .split('\n')
    .slice(2)
    .map((l) => l.split(':')[0]!.trim())
    .filter((i) => i && i !== 'lo');
  if (others.length > 0)
    throw new Error(
      `refusing to run upstream binaries: network interfaces other than loopback are visible (${others.join(', ')}); run through \`npm run capture\`, which uses \`unshare -n\``,
    );
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
