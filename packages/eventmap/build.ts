// Stage the CLI package (@eventmap/cli, bin `eventmap`): the bundled CLI, the templates the
// generator reads at run time, the hashes of the sources it was built from and the versions of the
// packages compiled into it (generator/emit/manifest.ts), their licenses, and a package.json whose
// dependencies are exactly the packages the bundle imports or requires. Two more things, so that it installs
// and works alone in an app's project (issue 28):
// - the runtime package inside it (node_modules/@eventmap/runtime, listed in bundleDependencies):
//   `npm install ./eventmap-cli-<v>.tgz` needs no registry copy of the runtime;
// - this repository's mapping-spec.yaml, canonical-model.yaml and the snapshots the spec supports
//   (upstream-schemas/<source>/<version>): what census and catalog read in a project that has no
//   mapping-spec.yaml of its own (generator/project/paths.ts `shippedProject`).
import { builtinModules } from 'node:module';
import { copyFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { BUNDLED_VERSIONS, CODE_HASHES, codeHashes, OUTPUT_DEPENDENCIES } from '../../generator/emit/manifest.ts';
import { precompileTemplates } from '../../generator/emit/template-memo.ts';
import { writeShapeValidator } from '../../generator/mapping/shape-validator.ts';
import { BUNDLED, bundleCli, packageName } from './bundle.ts';

const REPO = join(import.meta.dirname, '..', '..');

/** The mapping spec's supported snapshots, as `<source>/<version>` folders under upstream-schemas/. */
function supportedSnapshots(): string[] {
  const spec = parse(readFileSync(join(REPO, 'mapping-spec.yaml'), 'utf8')) as {
    sources: Record<string, { snapshots: string[] }>;
  };
  return Object.entries(spec.sources).flatMap(([source, s]) => s.snapshots.map((v) => `${source}/${v}`));
}

/** `runtime`: the staged runtime package (packages/runtime/build.ts), copied in as a bundled dependency. */
export async function stageCli(stage: string, version: string, runtime: { name: string; dir: string }): Promise<void> {
  const runtimeName = runtime.name;
  const { imports: imported, bundled } = await bundleCli(stage);
  const repoDeps = (
    JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  ).dependencies;
  const dependencies: Record<string, string> = {};
  for (const specifier of imported) {
    if (specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
    const name = packageName(specifier);
    if (name === runtimeName)
      dependencies[name] = version; // built from the same commit
    else if (repoDeps[name] !== undefined) dependencies[name] = repoDeps[name];
    else throw new Error(`the CLI imports \`${specifier}\`, which is not in the dependencies of package.json`);
  }
  // Loaded through require at run time (the templates, dependencyVersions): no import shows them.
  for (const name of OUTPUT_DEPENDENCIES) if (!BUNDLED.includes(name)) dependencies[name] ??= repoDeps[name]!;
  mkdirSync(join(stage, 'bin'), { recursive: true });
  writeFileSync(join(stage, 'bin', 'eventmap.js'), "#!/usr/bin/env node\nimport '../lib/cli.js';\n", { mode: 0o755 });
  cpSync(join(REPO, 'templates'), join(stage, 'templates'), { recursive: true });
  precompileTemplates(join(stage, 'templates'));
  writeShapeValidator(join(stage, 'lib'));
  writeFileSync(join(stage, CODE_HASHES), `${JSON.stringify(codeHashes(REPO), null, 2)}\n`);
  const names = Object.keys(bundled).sort();
  const versions = Object.fromEntries(names.map((name) => [name, bundled[name]!.version]));
  writeFileSync(join(stage, BUNDLED_VERSIONS), `${JSON.stringify(versions, null, 2)}\n`);
  writeFileSync(
    join(stage, 'THIRD-PARTY-LICENSES.txt'),
    `The eventmap CLI bundle (lib/) contains these packages.\n\n${names.map((n) => bundled[n]!.license).join('\n\n---\n\n')}\n`,
  );
  copyFileSync(join(REPO, 'README.md'), join(stage, 'README.md'));
  for (const file of ['mapping-spec.yaml', 'canonical-model.yaml']) copyFileSync(join(REPO, file), join(stage, file));
  for (const snapshot of supportedSnapshots())
    cpSync(join(REPO, 'upstream-schemas', snapshot), join(stage, 'upstream-schemas', snapshot), { recursive: true });
  if (dependencies[runtimeName] === undefined) throw new Error(`the CLI bundle does not import ${runtimeName}`);
  cpSync(runtime.dir, join(stage, 'node_modules', ...runtimeName.split('/')), { recursive: true });
  const template = JSON.parse(readFileSync(join(import.meta.dirname, 'package.template.json'), 'utf8')) as object;
  const sorted = Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(
    join(stage, 'package.json'),
    `${JSON.stringify({ ...template, version, dependencies: sorted, bundleDependencies: [runtimeName] }, null, 2)}\n`,
  );
}
