// Installing an upstream package from the npm registry into a scratch folder (the only network use).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EventmapError } from '../shared/diagnostics.ts';
import { compareStrings } from '../io/fsutil.ts';

export interface InstalledPackage {
  scratch: string;
  packageDir: string;
  integrity: string;
  /** Every installed package and its version (peers included), for the provenance record. */
  resolved: Record<string, string>;
  /** The `--before` cut-off every dependency was resolved at (release-date.ts); later installs use it too. */
  resolvedBefore?: string;
}

// An npm package name as the registry accepts it (npm's validate-npm-package-name, plus
// upper case for the old names): what an upstream package names (its optionalDependencies, the
// imports of its declaration files) reaches npm's command line, where `--registry=…` or
// `--userconfig=…` would be an option. Never a leading `-`, `.` or `_`.
const NPM_NAME = /^(?:@[a-z0-9~][a-z0-9._~-]*\/)?[a-z0-9~][a-z0-9._~-]*$/i;

/** `name`, when it is an npm package name; otherwise an `upstream/bad-package-name` error saying where it came from. */
export function npmName(name: string, from: string): string {
  if (name.length <= 214 && NPM_NAME.test(name)) return name;
  throw new EventmapError({
    code: 'upstream/bad-package-name',
    message: `${from} names ${JSON.stringify(name)}, which is not an npm package name; eventmap passes no such name to npm`,
    hint: 'an npm package name is at most 214 characters of letters, digits, `-`, `.`, `_` and `~`, optionally `@scope/` first, and starts with neither `-`, `.` nor `_`; if a real release names it, report it upstream and do not vendor that release',
  });
}

/** npm's arguments: no scripts, a lockfile (read for provenance), and, given, the release's cut-off. */
export function npmInstallArgs(pkg: string, version: string, extraArgs: string[] = [], before?: string): string[] {
  return [
    'install',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    '--no-package-lock=false',
    ...(before ? [`--before=${before}`] : []),
    ...extraArgs,
    // Positional arguments after `--`: npm reads nothing there as an option.
    '--',
    `${npmName(pkg, 'the source')}@${version}`,
  ];
}

export function npmInstall(
  scratch: string,
  pkg: string,
  version: string,
  extraArgs: string[] = [],
  before?: string,
): InstalledPackage {
  mkdirSync(scratch, { recursive: true });
  writeFileSync(
    join(scratch, 'package.json'),
    `${JSON.stringify({ name: 'eventmap-scratch', private: true }, null, 2)}\n`,
  );
  runNpm(npmInstallArgs(pkg, version, extraArgs, before), scratch, {
    code: 'upstream/npm-install-failed',
    what: `npm install ${pkg}@${version}`,
    hint: `check that ${pkg}@${version} exists (\`npm view ${pkg} versions\`) and that the npm registry is reachable`,
  });
  const lock = readLock(scratch)!;
  const self = lock.packages[`node_modules/${pkg}`];
  return {
    scratch,
    packageDir: join(scratch, 'node_modules', pkg),
    integrity: self?.integrity ?? 'unknown',
    resolved: lockedVersions(scratch) ?? {},
    ...(before ? { resolvedBefore: before } : {}),
  };
}

/** An installed package's own package.json, as far as eventmap reads it. */
export function packageManifest(packageDir: string): {
  name: string;
  version: string;
  optionalDependencies?: Record<string, string>;
} {
  return JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as ReturnType<typeof packageManifest>;
}

/** npm's output; a failure is an EventmapError naming `what`, with the last lines npm printed. */
export function runNpm(
  args: string[],
  cwd: string | undefined,
  failure: { code: string; what: string; hint: string },
): string {
  const result = spawnSync('npm', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0)
    throw new EventmapError({
      code: failure.code,
      message: `${failure.what} failed: ${(result.stderr || result.stdout).trim().split('\n').slice(-5).join(' | ')}`,
      hint: failure.hint,
    });
  return result.stdout;
}

type Lock = { packages: Record<string, { version?: string; integrity?: string }> };

function readLock(scratch: string): Lock | undefined {
  const file = join(scratch, 'package-lock.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Lock) : undefined;
}

/** Every package the scratch folder's lockfile holds, name → version, sorted (undefined: no lockfile). */
export function lockedVersions(scratch: string): Record<string, string> | undefined {
  const lock = readLock(scratch);
  if (!lock) return undefined;
  const resolved: Record<string, string> = {};
  for (const [path, info] of Object.entries(lock.packages)) {
    if (path && info.version) resolved[path.replace(/^.*node_modules\//, '')] = info.version;
  }
  return Object.fromEntries(Object.entries(resolved).sort(([a], [b]) => compareStrings(a, b)));
}
