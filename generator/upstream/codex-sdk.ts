// codex-sdk ingestion (being written).
import { EventmapError } from '../diagnostics.ts';
import type { Ingester } from './ingester.ts';

export const ingestCodexSdk: Ingester = {
  npmInstallArgs: [],
  ingest() {
    throw new EventmapError({ code: 'upstream/not-implemented', message: 'codex-sdk ingestion is not implemented yet' });
  },
};
