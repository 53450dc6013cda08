// Build a source's Ajv upstream validators in a worker thread, so that they compile on the
// second core while the main thread runs json-schema-to-typescript (the two dominate a cold
// generate). The worker reads the snapshot folders itself (cheaper than copying the catalogs
// over) and runs the same emitter: the output is byte-identical to a serial run.
import { Worker } from 'node:worker_threads';
import type { Catalog } from '../catalog/types.ts';
import { EventmapError, type Diagnostic } from '../diagnostics.ts';

type Reply = { files: [string, string][] } | { diagnostics: Diagnostic[] } | { error: string };

/** The worker: the bundled CLI ships it as lib/upstream-worker.js; a checkout runs the .ts through tsx. */
function startWorker(workerData: unknown): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./upstream-worker.js', import.meta.url), { workerData });
  const entry = new URL('./upstream-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData });
}

export function upstreamValidatorsInWorker(catalogs: Catalog[]): Promise<Map<string, string>> {
  const refs = catalogs.map(({ source, version, dir }) => ({ source, version, dir }));
  return new Promise((resolve, reject) => {
    const worker = startWorker(refs);
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
