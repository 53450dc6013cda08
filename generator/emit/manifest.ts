// generated/manifest.json: a hash of every input generate reads and of every file it wrote.
// `check` compares them to skip the expensive work when nothing changed, and to catch hand edits.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { listFiles, sha256, stableJson } from '../io/fsutil.ts';
import { PACKAGE_ROOT, type ProjectPaths } from '../project/paths.ts';
import { readRegularFile } from '../io/safe-read.ts';

export const MANIFEST = 'manifest.json';

export interface Manifest {
  version: 1;
  /** sha256 over the spec, the model, the supported snapshots, eventmap's own generator, runtime and templates, and OUTPUT_DEPENDENCIES' versions. */
  inputs: string;
  /** Every other file under generated/ → its sha256. */
  files: Record<string, string>;
  /** The expensive stages that wrote them: name → key and files (./stages.ts reuses them). */
  stages?: Record<string, StageRecord>;
}

export interface StageRecord {
  /** The stage's cache key: a hash of everything its output depends on (../io/cache.ts). */
  key: string;
  /** The files it wrote, relative to generated/. */
  files: string[];
}

export interface InputHashes {
  /** sha256 over everything below: the manifest's `inputs`. */
  all: string;
  model: string;
  /** Snapshot folder → sha256 over its files. */
  snapshots: Map<string, string>;
  /** eventmap's own generator, runtime and templates, and the versions of OUTPUT_DEPENDENCIES. */
  code: string;
}

/** A source's snapshots in a cache key: each version with the hash of its folder's files, in order. */
export function snapshotKeyParts(catalogs: readonly { version: string; dir: string }[], hashes: InputHashes): string[] {
  return catalogs.map((c) => `${c.version}\0${hashes.snapshots.get(c.dir)}`);
}

/** sha256 of a file's bytes. */
export type FileHasher = (file: string) => string;

/** `compute`, run once per key. */
function memoized<T>(compute: (key: string) => T): (key: string) => T {
  const seen = new Map<string, T>();
  return (key) => {
    let value = seen.get(key);
    if (value === undefined) seen.set(key, (value = compute(key)));
    return value;
  };
}

/** A hasher that hashes each file once (for one run: the catalogs and the inputs hash read the same snapshots). */
export function memoFileHasher(): FileHasher {
  return memoized((file) => sha256(readRegularFile(file)));
}

/** listFiles, each folder listed once (for one run: the catalogs and the inputs hash list the same snapshots). */
export function memoLister(): (dir: string) => string[] {
  return memoized(listFiles);
}

/** Hash the inputs; `snapshotDirs` are the folders of the snapshots in use. */
export function hashInputs(
  paths: ProjectPaths,
  snapshotDirs: string[],
  fileHash: FileHasher = memoFileHasher(),
  list: (dir: string) => string[] = listFiles,
): InputHashes {
  const parts: string[] = [];
  const model = fileHash(paths.model);
  parts.push(`spec\0${fileHash(paths.spec)}`, `model\0${model}`);
  const snapshots = new Map<string, string>();
  for (const dir of [...snapshotDirs].sort()) {
    const label = relative(paths.upstream, dir).split('\\').join('/');
    const files = list(dir).map((rel) => `snapshot:${label}/${rel}\0${fileHash(join(dir, rel))}`);
    parts.push(...files);
    snapshots.set(dir, sha256(files.map((f) => f.slice(f.indexOf('/', 'snapshot:'.length + label.length))).join('\n')));
  }
  // eventmap's own code and the packages that print its output: a new version of either regenerates.
  const code = Object.entries(codeIdentity()).map(([rel, hash]) => `eventmap:${rel}\0${hash}`);
  parts.push(...code);
  return { all: sha256(parts.join('\n')), model, snapshots, code: sha256(code.join('\n')) };
}

/** In an installed eventmap package: the hashes of the sources it was compiled from (packages/build.ts). */
export const CODE_HASHES = 'code-hashes.json';

/**
 * eventmap's own code, `<folder>/<file>` → sha256, in a stable order. A checkout hashes its
 * sources; the installed package ships compiled code, and with it the hashes of its sources, so
 * both write the same manifest from the same inputs.
 */
export function codeHashes(root: string = PACKAGE_ROOT): Record<string, string> {
  return codeHashMemo(root);
}

// The code cannot change under a running process (it is loaded): hash it once.
const codeHashMemo = memoized(readCodeHashes);

/**
 * The packages whose version changes the bytes generate writes (Ajv's standalone code,
 * json-schema-to-typescript's declarations, Handlebars' rendering, Prettier's layout, YAML's
 * parse). package.json pins each exactly; they are part of every key all the same, so that an
 * override or a hand-edited lockfile cannot reuse output another version printed.
 */
export const OUTPUT_DEPENDENCIES = ['ajv', 'handlebars', 'json-schema-to-typescript', 'prettier', 'yaml'] as const;

/** In an installed eventmap package: the packages compiled into its bundle → their versions (packages/eventmap/bundle.ts). */
export const BUNDLED_VERSIONS = 'bundled-packages.json';

/**
 * `dep:<name>` → the version this process loads: the one compiled into the installed CLI's bundle,
 * else the installed package's own (never a range from a package.json).
 */
export function dependencyVersions(): Record<string, string> {
  if (!depMemo) {
    const shipped = join(PACKAGE_ROOT, BUNDLED_VERSIONS);
    const bundled = existsSync(shipped) ? (JSON.parse(readFileSync(shipped, 'utf8')) as Record<string, string>) : {};
    const require = createRequire(import.meta.url);
    depMemo = Object.fromEntries(
      OUTPUT_DEPENDENCIES.map((name) => [
        `dep:${name}`,
        Object.hasOwn(bundled, name)
          ? bundled[name]!
          : (require(`${name}/package.json`) as { version: string }).version,
      ]),
    );
  }
  return depMemo;
}

let depMemo: Record<string, string> | undefined;

/** What identifies the eventmap that generates: its code (codeHashes) and dependencyVersions. */
export function codeIdentity(): Record<string, string> {
  return { ...codeHashes(), ...dependencyVersions() };
}

/** codeIdentity as one hash, for the keys of what the loaders cache (catalogs, the model). */
export function codeKey(): string {
  return (codeKeyMemo ??= sha256(JSON.stringify(codeIdentity())));
}

let codeKeyMemo: string | undefined;

function readCodeHashes(root: string): Record<string, string> {
  const shipped = join(root, CODE_HASHES);
  if (existsSync(shipped)) return JSON.parse(readFileSync(shipped, 'utf8')) as Record<string, string>;
  const hashes: Record<string, string> = {};
  for (const folder of ['generator', 'runtime', 'templates']) {
    for (const rel of listFiles(join(root, folder)))
      hashes[`${folder}/${rel}`] = sha256(readFileSync(join(root, folder, rel)));
  }
  return hashes;
}

export function buildManifest(
  inputs: string,
  files: Map<string, string>,
  stages: Record<string, StageRecord> = {},
): string {
  const hashes: Record<string, string> = {};
  for (const rel of [...files.keys()].sort()) if (rel !== MANIFEST) hashes[rel] = sha256(files.get(rel)!);
  const manifest: Manifest = { version: 1, inputs, files: hashes, stages };
  return stableJson(manifest);
}
