// Declaration files often import packages their package.json does not declare (claude-agent-sdk
// 0.2.62 imports @anthropic-ai/sdk and @modelcontextprotocol/sdk; codex-sdk imports the MCP SDK,
// a devDependency; both import Node built-ins). The types behind those imports are part of the
// surface, so the missing packages are installed next to the package, at the newest versions
// published as of the release (`npm install --before`, release-date.ts), which keeps a re-run reproducible.
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import ts from 'typescript';
import { npmName, runNpm, type InstalledPackage } from '../npm.ts';
import { npmRegistry, releaseDate, type Registry } from '../release-date.ts';

/** Compiler options shared by import resolution and schema generation: how Node 20 ESM resolves. */
export function resolutionOptions(scratch: string): ts.CompilerOptions {
  return {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts'],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    // Only the scratch install's @types, never whatever the working directory happens to have.
    typeRoots: [join(scratch, 'node_modules', '@types')],
    types: existsSync(join(scratch, 'node_modules', '@types', 'node')) ? ['node'] : [],
  };
}

/** npm package that provides a module specifier's types (`node:fs` → @types/node). */
export function packageForSpecifier(spec: string): string | undefined {
  if (spec.startsWith('.') || spec.startsWith('/')) return undefined;
  const bare = spec.replace(/^node:/, '');
  if (spec.startsWith('node:') || builtinModules.includes(bare.split('/')[0]!)) return '@types/node';
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Packages whose imports in `files` do not resolve from where the files are. */
export function unresolvedImportPackages(
  installed: InstalledPackage,
  imports: { file: string; specs: string[] }[],
): string[] {
  const options = resolutionOptions(installed.scratch);
  const missing = new Set<string>();
  for (const { file, specs } of imports) {
    for (const spec of specs) {
      const pkg = packageForSpecifier(spec);
      if (!pkg) continue;
      if (pkg === '@types/node') {
        if (!existsSync(join(installed.scratch, 'node_modules', '@types', 'node'))) missing.add(pkg);
        continue;
      }
      const resolved = ts.resolveModuleName(spec, file, options, ts.sys).resolvedModule;
      if (!resolved) missing.add(pkg);
    }
  }
  return [...missing].sort();
}

export interface CompletedImports {
  /** What was installed, as `name@version`, sorted. Empty when nothing was missing. */
  added: string[];
  /** The install command, for provenance (versions resolved, so it can be repeated exactly). */
  command: string;
}

/** Install `packages` into the scratch folder as they were at the release (installed.resolvedBefore). */
export function installMissing(
  installed: InstalledPackage,
  pkg: string,
  version: string,
  packages: string[],
  registry: Registry = npmRegistry,
): CompletedImports {
  if (packages.length === 0) return { added: [], command: '' };
  const before = installed.resolvedBefore ?? releaseDate(registry, pkg, version).before;
  const args = installMissingArgs(packages, before);
  runNpm(args, installed.scratch, {
    code: 'upstream/npm-failed',
    what: `\`npm ${args.join(' ')}\``,
    hint: 'check that the npm registry is reachable and the package versions exist',
  });
  const added = packages.map((p) => `${p}@${installedVersion(installed.scratch, p)}`);
  return {
    added,
    command: `npm install --omit=optional --before=${before} ${packages.join(' ')} (resolved: ${added.join(', ')})`,
  };
}

/** npm's arguments for the missing packages: as of `before`, no scripts, no platform binaries. */
export function installMissingArgs(packages: string[], before: string): string[] {
  return [
    'install',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    '--omit=optional',
    `--before=${before}`,
    '--',
    ...packages.map((p) => npmName(p, 'an import in the declaration files')),
  ];
}

function installedVersion(scratch: string, pkg: string): string {
  const manifest = join(scratch, 'node_modules', pkg, 'package.json');
  if (!existsSync(manifest)) return 'unknown';
  const v = (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }).version;
  return typeof v === 'string' ? v : 'unknown';
}
