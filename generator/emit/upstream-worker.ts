// Worker-thread entry (generator/emit/upstream-parallel.ts): the Ajv upstream validators of one
// source, built from its snapshot folders, while the main thread runs json-schema-to-typescript.
// Same functions and inputs as in the main thread, so the same bytes.
import { parentPort, workerData } from 'node:worker_threads';
import { loadCatalog } from '../catalog/load.ts';
import type { SnapshotRef } from '../catalog/snapshots.ts';
import { EventmapError } from '../diagnostics.ts';
import { emitUpstreamValidators } from './upstream-validators.ts';

try {
  const refs = workerData as SnapshotRef[];
  parentPort!.postMessage({ files: [...emitUpstreamValidators(refs.map(loadCatalog))] });
} catch (err) {
  parentPort!.postMessage(
    err instanceof EventmapError
      ? { diagnostics: err.diagnostics }
      : { error: err instanceof Error ? (err.stack ?? err.message) : String(err) },
  );
}
