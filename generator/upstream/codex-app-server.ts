// codex-app-server: the schema bundle the real Codex binary writes, kept exactly as written.
import { join } from 'node:path';
import { runConfined } from './isolate.ts';
import type { Ingester } from './ingester.ts';

export const ingestCodexAppServer: Ingester = {
  npmInstallArgs: [],
  ingest(installed, outDir, scratch) {
    const bin = join(installed.scratch, 'node_modules', '.bin', 'codex');
    const { notConfined } = runConfined(bin, ['app-server', 'generate-json-schema', '--out', outDir], {
      scratch,
      cwd: installed.scratch,
    });
    return { command: 'codex app-server generate-json-schema --out <snapshot>', notConfined };
  },
};
