// Where a project's inputs and outputs live. The root is the nearest folder (from the working
// directory up) holding mapping-spec.yaml, unless --root names one.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ProjectPaths {
  root: string;
  spec: string;
  model: string;
  upstream: string;
  generated: string;
}

/**
 * eventmap's own folder (the templates ship with it, not with the user's project): the nearest
 * holding package.json, from this module up — generator/project/ in a checkout, lib/ in the
 * bundled CLI.
 */
// fileURLToPath, not `.pathname`: a URL's path is percent-encoded (a folder `my work` is `my%20work`).
export const PACKAGE_ROOT = nearestPackage(dirname(fileURLToPath(import.meta.url)));

function nearestPackage(dir: string): string {
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

export function findProjectRoot(start: string = process.cwd()): string {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'mapping-spec.yaml'))) return dir;
    if (dirname(dir) === dir) return resolve(start);
  }
}

/**
 * The project of a command that only reads (census, catalog): the one --root names, else the
 * nearest with mapping-spec.yaml, else the one eventmap ships — its own package (the @eventmap/cli
 * package carries the repository's mapping-spec.yaml, canonical-model.yaml and supported
 * snapshots; a checkout is that repository), so they work in an app's project that has none.
 * `shipped` says so: the command tells the user which spec it used.
 */
export function readProject(root?: string): { paths: ProjectPaths; shipped: boolean } {
  const paths = projectPaths(root);
  if (root !== undefined || existsSync(paths.spec) || !existsSync(join(PACKAGE_ROOT, 'mapping-spec.yaml')))
    return { paths, shipped: false };
  return { paths: projectPaths(PACKAGE_ROOT), shipped: true };
}

/** The name and version of this eventmap (`@eventmap/cli` installed; the checkout's own name in one). */
export function eventmapPackage(): { name: string; version: string } {
  return JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
}

/** `<package name> <version>` of this eventmap, e.g. `@eventmap/cli 0.1.0`. */
export function shippedBy(): string {
  const { name, version } = eventmapPackage();
  return `${name} ${version}`;
}

export function projectPaths(root?: string): ProjectPaths {
  const r = resolve(root ?? findProjectRoot());
  return {
    root: r,
    spec: join(r, 'mapping-spec.yaml'),
    model: join(r, 'canonical-model.yaml'),
    upstream: join(r, 'upstream-schemas'),
    generated: join(r, 'generated'),
  };
}
