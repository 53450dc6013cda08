// Shared by the package tests: pack both packages into a temp folder, and make fresh projects there.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPackages, type BuiltPackages } from '../../packages/build.ts';

export const REPO = join(import.meta.dirname, '..', '..');

export interface Workspace {
  root: string;
  packages: Required<{ [K in keyof BuiltPackages]: Required<BuiltPackages[K]> }>;
  remove(): void;
}

/** `npm run pack` into a temp folder (never the checkout's dist/). */
export async function packInTemp(): Promise<Workspace> {
  const root = mkdtempSync(join(tmpdir(), 'eventmap-packages-'));
  const built = await buildPackages(join(root, 'packages'), { pack: true });
  if (!built.runtime.tarball || !built.eventmap.tarball) throw new Error('npm pack wrote no tarball');
  return {
    root,
    packages: built as Workspace['packages'],
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** An empty ESM project in `dir` with the given tarballs installed (`extra`: npm install flags). */
export function installProject(dir: string, tarballs: string[], extra: string[]): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`,
  );
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-update-notifier', ...extra, ...tarballs], {
    cwd: dir,
    stdio: 'pipe',
  });
}
