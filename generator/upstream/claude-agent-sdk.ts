// claude-agent-sdk ingestion (being written).
import { EventmapError } from '../diagnostics.ts';
import type { Ingester } from './ingester.ts';

export const ingestClaudeAgentSdk: Ingester = {
  npmInstallArgs: [],
  ingest() {
    throw new EventmapError({ code: 'upstream/not-implemented', message: 'claude-agent-sdk ingestion is not implemented yet' });
  },
};
