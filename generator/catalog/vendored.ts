// The snapshot versions vendored under upstream-schemas/<source>/, from their folder names alone.
// Apart from ./snapshots.ts (which reads a snapshot's provenance, and locates its errors with the
// yaml parser), so that check's fast path can list them without loading more.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import compare from 'semver/functions/compare.js';
import { EventmapError } from '../shared/diagnostics.ts';
import { displayPath } from '../io/fsutil.ts';
import type { SourceName } from '../project/sources.ts';
import { isStrictVersion, versionProblem } from '../project/versions.ts';
import { realFolder } from '../io/safe-read.ts';

/** Names writeTreeAtomic and its lock give the folders they work in (tree-write.ts, lock.ts). */
const WORK_NAME = /\.eventmap-/;

/**
 * Versions vendored for a source, oldest first (semver order). Every folder there must be named by
 * a strict version: a `v0.171.0` or `0.171.0⏎` folder is refused rather than skipped or sorted.
 */
export function listVersions(upstreamRoot: string, source: SourceName): string[] {
  const dir = join(upstreamRoot, source);
  if (!existsSync(dir)) return [];
  // upstream-schemas/ or a source folder may be a link (a store shared in a monorepo); a snapshot
  // folder and what is in it may not: that is where a committed link would choose what is read.
  const versions: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (WORK_NAME.test(entry.name)) continue;
    if (entry.isSymbolicLink()) realFolder(join(dir, entry.name)); // throws, naming it
    if (!entry.isDirectory()) continue;
    if (!isStrictVersion(entry.name)) {
      const { message, hint } = versionProblem(entry.name);
      throw new EventmapError({
        code: 'snapshot/bad-folder-name',
        message: `snapshot folder ${message}`,
        hint: `rename the folder (${hint}), or remove it`,
        file: displayPath(dir),
      });
    }
    versions.push(entry.name);
  }
  return versions.sort(compare);
}
