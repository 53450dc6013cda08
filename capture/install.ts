// The upstream package, installed from npm into a cache folder outside the repository
// (~/.cache/eventmap/capture/<package>@<version>), and reused when it is already there.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { npmInstall } from '../generator/upstream/npm.ts';

export function cacheRoot(): string {
  return (
    process.env.EVENTMAP_CAPTURE_CACHE ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'eventmap', 'capture')
  );
}

/** Installs `pkg@version` (plus `extras`, e.g. peers) unless the cache has it; returns the folder. */
export function ensureInstalled(
  pkg: string,
  version: string,
  extras: string[],
  required: string[],
  log: (s: string) => void,
): string {
  const dir = join(cacheRoot(), `${pkg.replace('/', '__')}@${version}`);
  if (
    installedVersion(dir, pkg) === version &&
    required.every((p) => existsSync(join(dir, 'node_modules', p, 'package.json')))
  ) {
    log(`using ${pkg}@${version} from ${dir}`);
    return dir;
  }
  log(`installing ${pkg}@${version}${extras.length ? ` with ${extras.join(' ')}` : ''} into ${dir} ...`);
  rmSync(dir, { recursive: true, force: true });
  npmInstall(dir, pkg, version, extras);
  const missing = required.filter((p) => !existsSync(join(dir, 'node_modules', p, 'package.json')));
  if (missing.length)
    throw new Error(
      `npm installed ${pkg}@${version} but not ${missing.join(', ')} (an optional dependency for this platform?)`,
    );
  return dir;
}

function installedVersion(dir: string, pkg: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(dir, 'node_modules', pkg, 'package.json'), 'utf8')) as { version?: string })
      .version;
  } catch {
    return undefined;
  }
}
