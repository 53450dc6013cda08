// Build a source's Ajv upstream validators in a worker thread, so that they compile on a free
// core while the main thread runs json-schema-to-typescript (the two dominate a cold generate).
// The worker reads the snapshot folders itself (cheaper than copying the catalogs over) and runs
// the same emitter: the output is byte-identical to a serial run. A worker only pays when a core
// is idle: on a loaded machine, and through tsx (which each worker boots again), starting it cost
// more than it saved (docs/performance.md), so there the validators are built in this thread.
import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Catalog } from '../catalog/types.ts';
import { EventmapError, type Diagnostic } from '../diagnostics.ts';

type Reply = { files: [string, string][] } | { diagnostics: Diagnostic[] } | { error: string };

/** The bundled CLI ships the worker as lib/upstream-worker.js; a checkout (tsx) builds in this thread. */
const WORKER = import.meta.url.endsWith('.ts') ? undefined : new URL('./upstream-worker.js', import.meta.url);

/**
 * The upstream validators of one source: in a worker thread when a core is idle, else here.
 * EVENTMAP_UPSTREAM_WORKER=1 / =0 forces the choice (the output is the same either way).
 */
export async function upstreamValidators(catalogs: Catalog[]): Promise<Map<string, string>> {
  const cores = availableParallelism();
  const choice = process.env.EVENTMAP_UPSTREAM_WORKER;
  const idle = choice === undefined || choice === '' ? cores > 1 && loadavg()[0]! < cores - 1 : choice === '1';
  if (WORKER && idle) return inWorker(WORKER, catalogs);
  return (await import('./upstream-validators.ts')).emitUpstreamValidators(catalogs);
}

function inWorker(url: URL, catalogs: Catalog[]): Promise<Map<string, string>> {
  const refs = catalogs.map(({ source, version, dir }) => ({ source, version, dir }));
  return new Promise((resolve, reject) => {
    const worker = new Worker(url, { workerData: refs });
    worker.once('message', (reply: Reply) => {
      void worker.terminate();
      if ('files' in reply) resolve(new Map(reply.files));
      else if ('diagnostics' in reply) reject(new EventmapError(reply.diagnostics));
      else reject(new Error(`upstream validators worker: ${reply.error}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`upstream validators worker exited with code ${code}`)));
  });
}
