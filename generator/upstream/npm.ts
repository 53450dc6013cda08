// Installing an upstream package from the npm registry into a scratch folder (the only network use).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EventmapError } from '../diagnostics.ts';

export interface InstalledPackage {
  scratch: string;
  packageDir: string;
  integrity: string;
  /** Every installed package and its version (peers included), for the provenance record. */
  resolved: Record<string, string>;
}

export function npmInstall(scratch: string, pkg: string, version: string, extraArgs: string[] = []): InstalledPackage {
  mkdirSync(scratch, { recursive: true });
  writeFileSync(
    join(scratch, 'package.json'),
    `${JSON.stringify({ name: 'eventmap-scratch', private: true }, null, 2)}\n`,
  );
  const args = [
    'install',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    '--no-package-lock=false',
    ...extraArgs,
    `${pkg}@${version}`,
  ];
  const result = spawnSync('npm', args, { cwd: scratch, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new EventmapError({
      code: 'upstream/npm-install-failed',
      message: `npm install ${pkg}@${version} failed: ${(result.stderr || result.stdout).trim().split('\n').slice(-5).join(' | ')}`,
      hint: `check that ${pkg}@${version} exists (\`npm view ${pkg} versions\`) and that the npm registry is reachable`,
    });
  }
  const lock = JSON.parse(readFileSync(join(scratch, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; integrity?: string }>;
  };
  const self = lock.packages[`node_modules/${pkg}`];
  const resolved: Record<string, string> = {};
  for (const [path, info] of Object.entries(lock.packages)) {
    if (path && info.version) resolved[path.replace(/^.*node_modules\//, '')] = info.version;
  }
  return {
    scratch,
    packageDir: join(scratch, 'node_modules', pkg),
    integrity: self?.integrity ?? 'unknown',
    resolved: Object.fromEntries(Object.entries(resolved).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  };
}
