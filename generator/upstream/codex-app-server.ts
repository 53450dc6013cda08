// codex-app-server: the schema bundle the real Codex binary writes, kept exactly as written. The
// binary runs in the sandbox (runConfined): it reads the installed package, writes only in scratch.
import { join } from 'node:path';
import { runConfined } from './isolate.ts';
import type { Ingester } from './ingester.ts';

export const ingestCodexAppServer: Ingester = {
  npmPackage: '@openai/codex',
  npmInstallArgs: [],
  runsUpstreamCode: true,
  ingest(installed, outDir, scratch, options = {}) {
    const bin = join(installed.scratch, 'node_modules', '.bin', 'codex');
    const { confinement } = runConfined(bin, ['app-server', 'generate-json-schema', '--out', outDir], {
      scratch,
      cwd: installed.scratch,
      readOnly: [installed.scratch],
      unconfined: options.unconfined,
    });
    return { command: 'codex app-server generate-json-schema --out <snapshot>', confinement };
  },
};
