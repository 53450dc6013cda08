// Stage the eventmap package: the bundled CLI, the templates the generator reads at run time, the
// hashes of the sources it was built from and the versions of the packages compiled into it
// (generator/emit/manifest.ts), their licenses, and a package.json whose dependencies are exactly
// the packages the bundle imports.
import { builtinModules } from 'node:module';
import { copyFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLED_VERSIONS, CODE_HASHES, codeHashes } from '../../generator/emit/manifest.ts';
import { precompileTemplates } from '../../generator/emit/template-memo.ts';
import { writeShapeValidator } from '../../generator/spec/shape-validator.ts';
import { bundleCli, packageName } from './bundle.ts';

const REPO = join(import.meta.dirname, '..', '..');

export async function stageCli(stage: string, version: string, runtimeName: string): Promise<void> {
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
  const template = JSON.parse(readFileSync(join(import.meta.dirname, 'package.template.json'), 'utf8')) as object;
  const sorted = Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(
    join(stage, 'package.json'),
    `${JSON.stringify({ ...template, version, dependencies: sorted }, null, 2)}\n`,
  );
}
