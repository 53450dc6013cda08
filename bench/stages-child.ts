// Where a generate spends its time: the pipeline's stages timed one by one in a fresh process (run
// by bench/toolchain.ts), all built, then what a fresh clone reuses instead. It mirrors
// generator/pipeline/pipeline.ts runGenerate, and reports what it could if that moves.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.argv[2]!;
const stages: { stage: string; ms: number }[] = [];
const mod = async <T>(rel: string) => (await import(pathToFileURL(join(root, rel)).href)) as T;
async function time<T>(stage: string, work: () => T | Promise<T>): Promise<T> {
  const t = performance.now();
  const out = await work();
  stages.push({ stage, ms: Math.round(performance.now() - t) });
  return out;
}

try {
  const [pipeline, project, canonical, types, validators, format, cache, stageRunner, manifest] = await time(
    'import the pipeline modules',
    () =>
      Promise.all([
        mod<typeof import('../generator/pipeline/pipeline.ts')>('generator/pipeline/pipeline.ts'),
        mod<typeof import('../generator/project/paths.ts')>('generator/project/paths.ts'),
        mod<typeof import('../generator/emit/canonical/index.ts')>('generator/emit/canonical/index.ts'),
        mod<typeof import('../generator/emit/upstream-types.ts')>('generator/emit/upstream-types.ts'),
        mod<typeof import('../generator/emit/upstream-validators.ts')>('generator/emit/upstream-validators.ts'),
        mod<typeof import('../generator/emit/format.ts')>('generator/emit/format.ts'),
        mod<typeof import('../generator/io/cache.ts')>('generator/io/cache.ts'),
        mod<typeof import('../generator/emit/stages.ts')>('generator/emit/stages.ts'),
        mod<typeof import('../generator/emit/manifest.ts')>('generator/emit/manifest.ts'),
      ]),
  );
  const paths = project.projectPaths(root);
  const inputs = await time('loadInputs (spec, model, catalogs, analysis, input hash)', () =>
    pipeline.loadInputs(paths),
  );
  const noCache = cache.emitCache(undefined);
  const canonicalFiles = await time('emitCanonical (types, schema, Ajv validators)', () =>
    canonical.emitCanonical(inputs.model),
  );
  await time('format canonical (Prettier, loading it first)', () => format.formatFiles(canonicalFiles));
  for (const [source, catalogs] of Object.entries(inputs.catalogs)) {
    const t = await time(`emitUpstreamTypes ${source} (json-schema-to-typescript)`, () =>
      types.emitUpstreamTypes(catalogs),
    );
    await time(`format ${source} upstream types (Prettier)`, () => format.formatFiles(t));
    await time(`emitUpstreamValidators ${source} (Ajv standalone)`, () => validators.emitUpstreamValidators(catalogs));
  }
  for (const source of Object.keys(inputs.catalogs)) {
    const m = await time(`emit ${source} mappers`, () => pipeline.emitSourceMappers(inputs, paths, source));
    await time(`format ${source} mappers (Prettier, by chunk)`, async () => {
      for (const text of m.values()) await format.formatChunks(text, noCache);
    });
  }
  // A fresh clone: each recorded stage served from generated/ (read, hashed, compared).
  const { readFileSync } = await import('node:fs');
  const recorded = (
    JSON.parse(readFileSync(join(paths.generated, manifest.MANIFEST), 'utf8')) as {
      stages?: Record<string, { key: string }>;
    }
  ).stages;
  const runner = stageRunner.stageRunner(paths.generated, noCache);
  await time('fresh clone: reuse generated/ for every stage (read + sha256)', async () => {
    for (const [name, { key }] of Object.entries(recorded ?? {}))
      await runner.files(name, key, () => {
        throw new Error(`generated/ could not serve stage ${name}`);
      });
  });
} catch (err) {
  stages.push({ stage: `(stopped: ${err instanceof Error ? err.message.split('\n')[0] : String(err)})`, ms: 0 });
}
process.stdout.write(JSON.stringify(stages));
