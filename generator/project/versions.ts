// Versions at the door: every version eventmap accepts (a `<source>@<version>` argument, a folder
// under upstream-schemas/, provenance.json, the spec's snapshot lists) is strict semver written in
// its one canonical form, so `v0.163.0` or `0.163.0⏎` can never become a sibling snapshot, a
// namespace or a line of generated code. A folder without provenance.json is named by its content.
import semverClean from 'semver/functions/clean.js';
import semverValid from 'semver/functions/valid.js';
import { createHash } from 'node:crypto';
import { listFiles } from '../io/fsutil.ts';
import { readRegularFile } from '../io/safe-read.ts';

/** Strict semver equal to its own `semver.clean` form: no `v`, `=`, whitespace, line break or build metadata. */
export function isStrictVersion(v: unknown): v is string {
  return typeof v === 'string' && semverValid(v) !== null && semverClean(v) === v;
}

/** What is wrong with a version that is not strict, and its strict form when it has one. */
export function versionProblem(v: string): { message: string; hint: string } {
  const clean = semverClean(v);
  return {
    message: `${JSON.stringify(v)} is not a version in canonical semver form (MAJOR.MINOR.PATCH[-PRERELEASE], no \`v\`, spaces, line breaks or build metadata)`,
    hint: clean && clean !== v ? `write \`${clean}\`` : 'give an exact published version, e.g. 0.171.0',
  };
}

const FOLDER_PREFIX = '0.0.0-folder-';

/**
 * The version of a snapshot folder that has no provenance.json (a raw `codex app-server
 * generate-json-schema --out` folder): `0.0.0-folder-<12 hex of the sha256 of its files>`.
 * Strict semver, the same on every machine, and it says nothing about where the folder is.
 */
export function folderVersion(dir: string): string {
  const hash = createHash('sha256');
  for (const rel of listFiles(dir)) hash.update(`${rel}\u0000`).update(readRegularFile(dir, rel)).update('\u0000');
  return `${FOLDER_PREFIX}${hash.digest('hex').slice(0, 12)}`;
}

/** A version made up by `folderVersion`: not one a spec can list (so no hint suggests writing it). */
export function isFolderVersion(v: string): boolean {
  return v.startsWith(FOLDER_PREFIX);
}
