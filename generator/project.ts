// Where a project's inputs and outputs live. The root is the nearest folder (from the working
// directory up) holding mapping-spec.yaml, unless --root names one.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ProjectPaths {
  root: string;
  spec: string;
  model: string;
  upstream: string;
  generated: string;
  templates: string;
}

/** The templates ship with eventmap itself, not with the user's project. */
// fileURLToPath, not `.pathname`: a URL's path is percent-encoded (a folder `my work` is `my%20work`).
export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function findProjectRoot(start: string = process.cwd()): string {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, 'mapping-spec.yaml'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return resolve(start);
    dir = parent;
  }
}

export function projectPaths(root?: string): ProjectPaths {
  const r = resolve(root ?? findProjectRoot());
  return {
    root: r,
    spec: join(r, 'mapping-spec.yaml'),
    model: join(r, 'canonical-model.yaml'),
    upstream: join(r, 'upstream-schemas'),
    generated: join(r, 'generated'),
    templates: join(PACKAGE_ROOT, 'templates'),
  };
}
