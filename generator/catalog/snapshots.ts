// Finding snapshots: `<source>@<version>` under upstream-schemas/, the newest when no version is
// given, or any folder named outright.
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EventmapError, parseJsonFile } from '../shared/diagnostics.ts';
import { isPrintable } from '../output/text.ts';
import { displayPath } from '../io/fsutil.ts';
import { parseSourceName, type SourceName } from '../project/sources.ts';
import { locatePointer } from '../schema/locate-pointer.ts';
import { folderVersion, isStrictVersion, versionProblem } from '../project/versions.ts';
import { readRegularText } from '../io/safe-read.ts';
import { listVersions } from './vendored.ts';

export interface SnapshotRef {
  source: SourceName;
  version: string;
  dir: string;
}

/**
 * Resolve `source`, `source@version`, `source@/some/folder`, or `source@/some/folder@version`: a
 * folder placed among the releases as that version (an older release not vendored, or one whose
 * folder has no provenance.json), so hints about it point the right way. A folder whose own name
 * ends in `@<version>` is still that folder when it exists.
 */
export function resolveSnapshot(upstreamRoot: string, spec: string): SnapshotRef {
  const at = spec.indexOf('@');
  const source = parseSourceName(at < 0 ? spec : spec.slice(0, at));
  const wanted = at < 0 ? undefined : spec.slice(at + 1);
  if (wanted && (wanted.includes('/') || wanted.startsWith('.'))) {
    const placed = /^(.+)@([^@/]+)$/.exec(wanted);
    if (placed && isStrictVersion(placed[2]) && !existsSync(resolve(wanted)))
      return snapshotFromDir(source, placed[1]!, placed[2]);
    return snapshotFromDir(source, wanted);
  }
  return resolveVersion(upstreamRoot, source, wanted);
}

/** The vendored snapshot `source@version` (a version, never a folder), or the newest. */
export function resolveVersion(upstreamRoot: string, source: SourceName, wanted?: string): SnapshotRef {
  if (wanted !== undefined && !isStrictVersion(wanted)) {
    throw new EventmapError({ code: 'cli/bad-version', ...versionProblem(wanted) });
  }
  const versions = listVersions(upstreamRoot, source);
  const version = wanted ?? versions[versions.length - 1];
  if (!version || !versions.includes(version)) {
    throw new EventmapError({
      code: 'cli/unknown-version',
      message: wanted
        ? `no snapshot ${source}@${wanted} under ${upstreamRoot}`
        : `no snapshot of ${source} under ${upstreamRoot}`,
      hint: versions.length
        ? `vendored versions: ${versions.join(', ')}; add another with \`eventmap upstream add ${source}@${wanted ?? '<version>'}\``
        : `add one with \`eventmap upstream add ${source}@<version>\``,
    });
  }
  return { source, version, dir: join(upstreamRoot, source, version) };
}

/**
 * A snapshot in an arbitrary folder (e.g. `--upstream source=<dir>`). Its path must be printable
 * (it is shown in messages, never written into code); its version is provenance.json's, which must
 * be strict, or, without provenance.json, one derived from its content (`folderVersion`).
 */
export function snapshotFromDir(source: SourceName, dir: string, as?: string): SnapshotRef {
  const full = resolve(dir);
  if (!isPrintable(full) || full.includes('*/')) {
    throw new EventmapError({
      code: 'cli/unsafe-path',
      message:
        'the snapshot folder path has a line break, a control or invisible character, or `*/`; eventmap does not read snapshots from such a path',
      hint: 'copy or rename the folder to a plain path and pass that',
      file: full,
    });
  }
  if (!existsSync(full) || !statSync(full).isDirectory()) {
    throw new EventmapError({
      code: 'cli/missing-dir',
      message: `snapshot folder ${dir} does not exist`,
      hint: 'pass a folder written by `eventmap upstream add` or by `codex app-server generate-json-schema --out`',
      file: displayPath(full),
    });
  }
  const recorded = provenanceVersion(source, full);
  // A folder's provenance is the truth about it: a different version given is a mistake.
  if (as !== undefined && recorded !== undefined && recorded !== as)
    throw new EventmapError({
      code: 'cli/version-mismatch',
      message: `snapshot folder ${dir} is ${source}@${recorded} by its provenance.json, not ${as}`,
      hint: `drop \`@${as}\` (the folder says its version), or pass a folder of ${as}`,
      file: displayPath(join(full, 'provenance.json')),
    });
  return { source, version: as ?? recorded ?? folderVersionOf(full), dir: full };
}

function provenanceVersion(source: SourceName, dir: string): string | undefined {
  const p = join(dir, 'provenance.json');
  if (!existsSync(p)) return undefined;
  const text = readRegularText(p);
  const file = displayPath(p);
  const data = parseJsonFile(text, file) as { version?: unknown; source?: unknown } | null;
  const fail = (pointer: string, message: string, hint: string) =>
    new EventmapError({ code: 'snapshot/bad-provenance', message, hint, file, ...locatePointer(text, pointer) });
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw fail('', 'provenance.json is not an object', 'restore it, or delete it to name the folder by its content');
  if (data.source !== undefined && data.source !== source)
    throw fail(
      '/source',
      `provenance.json is for ${JSON.stringify(data.source)}, not ${source}`,
      `pass the folder as --upstream ${String(data.source)}=<dir>, or use a ${source} snapshot`,
    );
  if (!isStrictVersion(data.version)) {
    const { message, hint } =
      typeof data.version === 'string'
        ? versionProblem(data.version)
        : { message: 'provenance.json has no `version` string', hint: 'give the exact published version' };
    throw fail(
      '/version',
      message,
      `fix provenance.json's version (${hint}), or delete provenance.json to name the folder by its content`,
    );
  }
  return data.version;
}

function folderVersionOf(dir: string): string {
  try {
    return folderVersion(dir);
  } catch (err) {
    throw new EventmapError({
      code: 'cli/unreadable-dir',
      message: `cannot read snapshot folder ${dir}: ${err instanceof Error ? err.message : String(err)}`,
      hint: 'pass a plain folder of snapshot files (no symlink loops, readable files)',
      file: displayPath(dir),
    });
  }
}
