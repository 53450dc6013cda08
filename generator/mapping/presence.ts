// Which supported snapshots a read path is expected in: `since`/`until` (first and last version
// that has it, inclusive) and the older exact list `absentIn`. One rule for the spec checks and
// for `eventmap diff`.
import compare from 'semver/functions/compare.js';
import valid from 'semver/functions/valid.js';
import { isFolderVersion } from '../project/versions.ts';

export interface Presence {
  absentIn: string[];
  since?: string;
  until?: string;
}

/**
 * Snapshot versions in release order. A version that is not semver (a candidate folder without
 * provenance.json, versioned `0.0.0-folder-<hash>`) counts as newer than every release: it is a bump being tried.
 */
export function compareVersions(a: string, b: string): number {
  // A snapshot folder without provenance (a candidate) counts as newer than every release.
  if (isFolderVersion(a) !== isFolderVersion(b)) return isFolderVersion(a) ? 1 : -1;
  const [va, vb] = [valid(a), valid(b)];
  if (va && vb) return compare(va, vb);
  if (va) return -1;
  if (vb) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A published version a spec may name: semver, and not a folder's made-up `0.0.0-folder-<hash>` (also semver). */
function isRelease(v: string): boolean {
  return valid(v) !== null && !isFolderVersion(v);
}

/** Should `version` have the path? */
export function expectedIn(p: Presence, version: string): boolean {
  if (p.absentIn.includes(version)) return false;
  if (p.since !== undefined && compareVersions(version, p.since) < 0) return false;
  if (p.until !== undefined && compareVersions(version, p.until) > 0) return false;
  return true;
}

/** `since 0.3.332`, `until 0.171.0, absentIn 0.2.62` — as a message names the presence; '' when always expected. */
export function describePresence(p: Presence): string {
  return [
    p.since !== undefined ? `since ${p.since}` : '',
    p.until !== undefined ? `until ${p.until}` : '',
    p.absentIn.length ? `absentIn ${p.absentIn.join(',')}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * What to write when a path is found in some versions and missing in others: `since` when only
 * older ones lack it, `until` when only newer ones do, else the exact `absentIn` list.
 */
export function presenceFor(having: string[], lacking: string[]): Presence {
  const sorted = (vs: string[]) => [...vs].sort(compareVersions);
  const [has, lacks] = [sorted(having), sorted(lacking)];
  if (!has.length || !lacks.length) return { absentIn: lacks };
  // A boundary must be a release; a candidate folder can only be listed.
  if (compareVersions(lacks[lacks.length - 1]!, has[0]!) < 0 && isRelease(has[0]!))
    return { absentIn: [], since: has[0]! };
  if (compareVersions(lacks[0]!, has[has.length - 1]!) > 0 && isRelease(has[has.length - 1]!))
    return { absentIn: [], until: has[has.length - 1]! };
  return { absentIn: lacks };
}
