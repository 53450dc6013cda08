// Bundle the CLI (generator/cli/main.ts and what it imports) into plain JS with esbuild: one entry,
// and a chunk per lazily loaded command so `check` still never
// loads ts-morph. The small pure-JS packages every command loads (BUNDLED) go into the bundle: each
// is dozens of CommonJS files, which cost start-up more than their code (issue 17, warm generate).
// Every other npm package stays an import (they become the package's dependencies). The runtime
// is reached only through its public entries, which become imports of @eventmap/runtime;
// generated/ never enters the bundle.
import { readFileSync } from 'node:fs';
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

/** Packages compiled into the bundle: no dependencies of their own, loaded by every command. */
export const BUNDLED = ['commander', 'semver', 'yaml'];

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`). */
export function packageName(specifier: string): string {
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}

const otherPackagesExternal: esbuild.Plugin = {
  name: 'eventmap-external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (!BUNDLED.includes(packageName(args.path))) return { path: args.path, external: true };
      // A bundled package is CommonJS inside the bundle: `await import()` of it yields only a
      // `default`, so `const { Lexer } = await import('yaml')` is undefined there and works under tsx.
      if (args.kind === 'dynamic-import')
        return {
          errors: [{ text: `${args.path} is compiled into the CLI bundle: import it statically, not with import()` }],
        };
      return undefined;
    });
  },
};

export interface Bundle {
  /** The bare module specifiers the bundle still imports. */
  imports: string[];
  /** The packages compiled into it → their versions and license texts. */
  bundled: Record<string, { version: string; license: string }>;
}

/** Bundle into `<stage>/lib`. */
export async function bundleCli(stage: string): Promise<Bundle> {
  const result = await esbuild.build({
    entryPoints: { cli: join(REPO, 'generator', 'cli', 'main.ts') },
    outdir: join(stage, 'lib'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [runtimeThroughPackage, otherPackagesExternal],
    // The bundled packages are CommonJS: their require() of Node's modules needs a real require.
    banner: {
      js: "import { createRequire as __eventmapCreateRequire } from 'node:module';\nconst require = __eventmapCreateRequire(import.meta.url);",
    },
    metafile: true,
    // Input paths in the metafile are relative to this, wherever the build is run from.
    absWorkingDir: REPO,
    logLevel: 'silent',
    legalComments: 'none',
  });
  const imports = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const i of output.imports) if (i.external) imports.add(i.path);
  }
  const bundled: Bundle['bundled'] = {};
  const dirs = new Map<string, string>();
  for (const input of Object.keys(result.metafile.inputs)) {
    // The package a file belongs to: the name after its last node_modules/.
    const at = input.lastIndexOf('node_modules/');
    if (at === -1) continue;
    const name = packageName(input.slice(at + 'node_modules/'.length));
    const dir = join(REPO, input.slice(0, at), 'node_modules', name);
    if (dirs.has(name)) {
      if (dirs.get(name) !== dir)
        throw new Error(`the CLI bundle holds two copies of ${name}: ${dirs.get(name)}, ${dir}`);
      continue;
    }
    dirs.set(name, dir);
    const { version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      version: string;
      license: string;
    };
    bundled[name] = {
      version,
      license: `${name}@${version} (${license})\n\n${readFileSync(join(dir, 'LICENSE'), 'utf8').trim()}`,
    };
  }
  // What the installed CLI reports as its packages' versions (generator/emit/manifest.ts) must be all of them.
  const found = Object.keys(bundled).sort();
  if (found.join() !== [...BUNDLED].sort().join())
    throw new Error(`the CLI bundle holds ${found.join(', ') || 'no package'}; expected ${BUNDLED.join(', ')}`);
  return { imports: [...imports].sort(), bundled };
}
