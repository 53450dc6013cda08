// acp: the Agent Client Protocol's JSON Schema, as `@agentclientprotocol/sdk` ships it. The stable
// v1 file is copied byte for byte (`schema/v1/schema.json` from 2.0.0 on, `schema/schema.json`
// before): nothing is run, so no sandbox is needed. The unstable file and v2 are not vendored
// (docs/decisions.md, "ACP: the stable v1 schema only").
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { EventmapError } from '../shared/diagnostics.ts';
import type { Ingester } from './ingester.ts';

/** Where the stable v1 schema lives in the package, newest layout first. */
const SCHEMA_PATHS = ['schema/v1/schema.json', 'schema/schema.json'];

/** The file of the snapshot (upstream-schemas/acp/<version>/). */
export const ACP_SCHEMA = 'schema.json';

export const ingestAcp: Ingester = {
  npmPackage: '@agentclientprotocol/sdk',
  npmInstallArgs: [],
  verbatim: true,
  ingest(installed, outDir) {
    const rel = SCHEMA_PATHS.find((p) => existsSync(join(installed.packageDir, p)));
    if (rel === undefined)
      throw new EventmapError({
        code: 'upstream/missing-schema',
        message: `the package ships none of ${SCHEMA_PATHS.join(', ')}`,
        hint: 'check the version: every @agentclientprotocol/sdk release from 0.4.5 on ships its schema',
      });
    mkdirSync(outDir, { recursive: true });
    copyFileSync(join(installed.packageDir, rel), join(outDir, ACP_SCHEMA));
    return { command: `copy ${rel} from the package (no upstream code run)` };
  },
};
