// Finding snapshots: `<source>@<version>` under upstream-schemas/, the newest when no version is
// given, or any folder named outright.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import semver from 'semver';
import { EventmapError } from '../diagnostics.ts';
import { SOURCE_NAMES, isSourceName, type SourceName } from '../sources.ts';

export interface SnapshotRef {
  source: SourceName;
  version: string;
  dir: string;
}

export function parseSourceName(name: string): SourceName {
  if (!isSourceName(name)) {
    throw new EventmapError({
      code: 'cli/unknown-source',
      message: `unknown source \`${name}\``,
      hint: `use one of: ${SOURCE_NAMES.join(', ')}`,
    });
  }
  return name;
}

/** Versions vendored for a source, oldest first (semver order). */
export function listVersions(upstreamRoot: string, source: SourceName): string[] {
  const dir = join(upstreamRoot, source);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((v) => semver.valid(v) && statSync(join(dir, v)).isDirectory())
    .sort(semver.compare);
}

/** Resolve `source`, `source@version` or `source@/some/folder`. */
export function resolveSnapshot(upstreamRoot: string, spec: string): SnapshotRef {
  const at = spec.indexOf('@');
  const source = parseSourceName(at < 0 ? spec : spec.slice(0, at));
  const wanted = at < 0 ? undefined : spec.slice(at + 1);
  if (wanted && (wanted.includes('/') || wanted.startsWith('.'))) {
    return snapshotFromDir(source, wanted);
  }
  const versions = listVersions(upstreamRoot, source);
  const version = wanted ?? versions[versions.length - 1];
  if (!version || !versions.includes(version)) {
    throw new EventmapError({
      code: 'cli/unknown-version',
      message: wanted ? `no snapshot ${source}@${wanted} under ${upstreamRoot}` : `no snapshot of ${source} under ${upstreamRoot}`,
      hint: versions.length
        ? `vendored versions: ${versions.join(', ')}; add another with \`eventmap upstream add ${source}@${wanted ?? '<version>'}\``
        : `add one with \`eventmap upstream add ${source}@<version>\``,
    });
  }
  return { source, version, dir: join(upstreamRoot, source, version) };
}

/** A snapshot in an arbitrary folder (e.g. `--upstream source=<dir>`); its version comes from provenance.json when there is one. */
export function snapshotFromDir(source: SourceName, dir: string, version?: string): SnapshotRef {
  const full = resolve(dir);
  if (!existsSync(full) || !statSync(full).isDirectory()) {
    throw new EventmapError({ code: 'cli/missing-dir', message: `snapshot folder ${dir} does not exist`, hint: 'pass a folder written by `eventmap upstream add` or by `codex app-server generate-json-schema --out`' });
  }
  return { source, version: version ?? readProvenanceVersion(full) ?? `dir:${dir}`, dir: full };
}

function readProvenanceVersion(dir: string): string | undefined {
  const p = join(dir, 'provenance.json');
  if (!existsSync(p)) return undefined;
  try {
    const v = (JSON.parse(readFileSync(p, 'utf8')) as { version?: unknown }).version;
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

