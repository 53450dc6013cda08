// Where a generate spends its time: the pipeline's stages timed one by one, in a fresh process
// (run by bench/toolchain.ts with `node --import tsx`, against the temp copy). It mirrors
// generator/pipeline.ts runGenerate; if the pipeline's internals move, it reports what it could.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.argv[2]!;
const stages: { stage: string; ms: number }[] = [];
const since = (t: number) => Math.round(performance.now() - t);
const mod = async <T>(rel: string) => (await import(pathToFileURL(join(root, rel)).href)) as T;

try {
  let t = performance.now();
  const { loadInputs } = await mod<typeof import('../generator/pipeline.ts')>('generator/pipeline.ts');
  const { projectPaths } = await mod<typeof import('../generator/project.ts')>('generator/project.ts');
  const { emitCanonical } = await mod<typeof import('../generator/emit/canonical/index.ts')>(
    'generator/emit/canonical/index.ts',
  );
  const { emitUpstreamTypes } = await mod<typeof import('../generator/emit/upstream-types.ts')>(
    'generator/emit/upstream-types.ts',
  );
  const { emitUpstreamValidators } = await mod<typeof import('../generator/emit/upstream-validators.ts')>(
    'generator/emit/upstream-validators.ts',
  );
  stages.push({ stage: 'import the pipeline modules', ms: since(t) });
  t = performance.now();
  const inputs = loadInputs(projectPaths(root));
  stages.push({ stage: 'loadInputs (spec, model, catalogs, analysis, input hash)', ms: since(t) });
  t = performance.now();
  await emitCanonical(inputs.model);
  stages.push({ stage: 'emitCanonical (types, schema, Ajv validators)', ms: since(t) });
  for (const [source, catalogs] of Object.entries(inputs.catalogs)) {
    t = performance.now();
    await emitUpstreamTypes(catalogs);
    stages.push({ stage: `emitUpstreamTypes ${source} (json-schema-to-typescript)`, ms: since(t) });
    t = performance.now();
    emitUpstreamValidators(catalogs);
    stages.push({ stage: `emitUpstreamValidators ${source} (Ajv standalone)`, ms: since(t) });
  }
} catch (err) {
  stages.push({ stage: `(stopped: ${err instanceof Error ? err.message.split('\n')[0] : String(err)})`, ms: 0 });
}
process.stdout.write(JSON.stringify(stages));
