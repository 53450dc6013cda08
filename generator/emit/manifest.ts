// generated/manifest.json: a hash of every input generate reads and of every file it wrote.
// `check` compares them to skip the expensive work when nothing changed, and to catch hand edits.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { listFiles, sha256, stableJson } from '../fsutil.ts';
import { PACKAGE_ROOT, type ProjectPaths } from '../project.ts';

export const MANIFEST = 'manifest.json';

export interface Manifest {
  version: 1;
  /** sha256 over the spec, the model, the supported snapshots, and eventmap's own generator, runtime and templates. */
  inputs: string;
  /** Every other file under generated/ → its sha256. */
  files: Record<string, string>;
}

/** Hash the inputs; `snapshotDirs` are the folders of the snapshots in use. */
export function hashInputs(paths: ProjectPaths, snapshotDirs: string[]): string {
  const parts: string[] = [];
  const add = (label: string, file: string) => parts.push(`${label}\0${sha256(readFileSync(file))}`);
  add('spec', paths.spec);
  add('model', paths.model);
  for (const dir of [...snapshotDirs].sort()) {
    const label = relative(paths.upstream, dir).split('\\').join('/');
    for (const rel of listFiles(dir)) add(`snapshot:${label}/${rel}`, join(dir, rel));
  }
  // eventmap's own code: a new eventmap version regenerates.
  for (const [rel, hash] of Object.entries(codeHashes())) parts.push(`eventmap:${rel}\0${hash}`);
  return sha256(parts.join('\n'));
}

/** In an installed eventmap package: the hashes of the sources it was compiled from (packages/build.ts). */
export const CODE_HASHES = 'code-hashes.json';

/**
 * eventmap's own code, `<folder>/<file>` → sha256, in a stable order. A checkout hashes its
 * sources; the installed package ships compiled code, and with it the hashes of its sources, so
 * both write the same manifest from the same inputs.
 */
export function codeHashes(root: string = PACKAGE_ROOT): Record<string, string> {
  const shipped = join(root, CODE_HASHES);
  if (existsSync(shipped)) return JSON.parse(readFileSync(shipped, 'utf8')) as Record<string, string>;
  const hashes: Record<string, string> = {};
  for (const folder of ['generator', 'runtime', 'templates']) {
    for (const rel of listFiles(join(root, folder))) hashes[`${folder}/${rel}`] = sha256(readFileSync(join(root, folder, rel)));
  }
  return hashes;
}

export function buildManifest(inputs: string, files: Map<string, string>): string {
  const hashes: Record<string, string> = {};
  for (const rel of [...files.keys()].sort()) if (rel !== MANIFEST) hashes[rel] = sha256(files.get(rel)!);
  const manifest: Manifest = { version: 1, inputs, files: hashes };
  return stableJson(manifest);
}
