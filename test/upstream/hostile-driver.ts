// The eventmap side of test/upstream/hostile-binary.test.ts, run as its own process so that it can
// hold what a real eventmap process may hold: a secret in its environment and a descriptor its
// parent left open without close-on-exec (fd 100, a unix socket to the test). It runs the hostile
// stand-in exactly as `upstream add` runs codex: ingestCodexAppServer.ingest → runConfined.
// Then it reads the output as `upstream add` does (read-output.ts), and says why that refused.
// Prints { confinement, report, outputError } or { error: <diagnostic code> } as JSON.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EventmapError } from '../../generator/shared/diagnostics.ts';
import { ingestCodexAppServer } from '../../generator/upstream/codex-app-server.ts';
import { readUpstreamOutput } from '../../generator/upstream/read-output.ts';

interface DriverConfig {
  scratch: string;
  install: string;
  out: string;
  unconfined: boolean;
  targets: Record<string, unknown>;
}

const cfg = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as DriverConfig;
// The binary attacks this process: its pid is the one to reach through /proc.
writeFileSync(join(cfg.install, 'targets.json'), JSON.stringify({ ...cfg.targets, hostPid: process.pid }));
try {
  const { confinement } = ingestCodexAppServer.ingest(
    {
      scratch: cfg.install,
      packageDir: join(cfg.install, 'node_modules', '@openai', 'codex'),
      integrity: 'x',
      resolved: {},
    },
    cfg.out,
    cfg.scratch,
    { unconfined: cfg.unconfined },
  );
  const report = JSON.parse(readFileSync(join(cfg.out, 'report.json'), 'utf8')) as unknown;
  let outputError: string | undefined;
  try {
    readUpstreamOutput(cfg.out);
  } catch (err) {
    outputError = err instanceof EventmapError ? err.diagnostics[0]?.code : String(err);
  }
  process.stdout.write(JSON.stringify({ confinement, report, outputError }));
} catch (err) {
  process.stdout.write(
    JSON.stringify({ error: err instanceof EventmapError ? err.diagnostics[0]?.code : String(err) }),
  );
}
