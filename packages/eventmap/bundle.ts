// Bundle the CLI (generator/cli.ts and what it imports) into plain JS with esbuild: one entry (and
// the worker thread generate starts), and a chunk per lazily loaded command so `check` still never
// loads ts-morph. npm packages stay imports (they become the package's dependencies). The runtime
// is reached only through its public entries, which become imports of @eventmap/runtime;
// generated/ never enters the bundle.
import { join, relative, resolve, sep } from 'node:path';
import * as esbuild from 'esbuild';

const REPO = join(import.meta.dirname, '..', '..');

/** Repository file → the @eventmap/runtime export that ships it. */
const RUNTIME_ENTRIES: Record<string, string> = {
  'runtime/index.ts': '@eventmap/runtime',
  'generated/canonical/validate.js': '@eventmap/runtime/validate',
};

const runtimeThroughPackage: esbuild.Plugin = {
  name: 'eventmap-runtime-package',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const rel = relative(REPO, resolve(args.resolveDir, args.path)).split(sep).join('/');
      const external = RUNTIME_ENTRIES[rel];
      if (external) return { path: external, external: true };
      if (rel.startsWith('generated/'))
        return {
          errors: [
            {
              text: `the CLI imports ${rel}; reach generated code through @eventmap/runtime's exports (${Object.keys(RUNTIME_ENTRIES).join(', ')})`,
            },
          ],
        };
      return undefined;
    });
  },
};

/** Bundle into `<stage>/lib`; returns the bare module specifiers the bundle still imports. */
export async function bundleCli(stage: string): Promise<string[]> {
  const result = await esbuild.build({
    // The worker thread generate starts (generator/emit/upstream-parallel.ts loads it from lib/).
    entryPoints: {
      cli: join(REPO, 'generator', 'cli.ts'),
      'upstream-worker': join(REPO, 'generator', 'emit', 'upstream-worker.ts'),
    },
    outdir: join(stage, 'lib'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    plugins: [runtimeThroughPackage],
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
  });
  const imports = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const i of output.imports) if (i.external) imports.add(i.path);
  }
  return [...imports].sort();
}
