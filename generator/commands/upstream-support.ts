// `eventmap upstream support <source>@<version>` (and `upstream add --support`): add a vendored
// version to `sources.<source>.snapshots` in mapping-spec.yaml, oldest first, editing only that list.
import { resolveSnapshot } from '../catalog/snapshots.ts';
import { EventmapError } from '../shared/diagnostics.ts';
import { writeFileAtomic } from '../io/tree-write.ts';
import type { ProjectPaths } from '../project/paths.ts';
import { editYaml } from '../mapping/edit.ts';
import { displayPath } from '../io/fsutil.ts';
import { parseSpec } from '../mapping/load.ts';
import { compareVersions } from '../mapping/presence.ts';
import { parseSourceAtVersion } from '../upstream/source-at-version.ts';
import { readRegularText } from '../io/safe-read.ts';
import { listVersions } from '../catalog/vendored.ts';
import { SOURCE_NAMES, type SourceName } from '../project/sources.ts';

/** True when the version was added; false when the spec already supported it. */
export function supportSnapshot(paths: ProjectPaths, arg: string): boolean {
  const { source, version } = parseSourceAtVersion(arg);
  resolveSnapshot(paths.upstream, `${source}@${version}`); // vendored, or exit 2 naming `upstream add`
  const text = readRegularText(paths.spec);
  const spec = parseSpec(text, displayPath(paths.spec));
  const src = spec.sources[source];
  if (!src)
    throw new EventmapError({
      code: 'spec/unknown-source',
      message: `mapping-spec.yaml has no sources.${source}`,
      hint: `add sources.${source} with its provider and snapshots by hand first`,
      file: spec.file,
      line: 1,
      col: 1,
    });
  const versions = src.snapshots.map((s) => s.version);
  if (versions.includes(version)) return false;
  const index = versions.filter((v) => compareVersions(v, version) < 0).length;
  writeFileAtomic(
    paths.spec,
    editYaml(text, [{ kind: 'item', seq: ['sources', source, 'snapshots'], value: version, index }]),
  );
  return true;
}

/** Every vendored snapshot, source by source (SOURCE_NAMES order), oldest first; `supported`: the spec lists it. */
export function vendoredSnapshots(paths: ProjectPaths): { source: SourceName; version: string; supported: boolean }[] {
  const spec = parseSpec(readRegularText(paths.spec), displayPath(paths.spec));
  return SOURCE_NAMES.flatMap((source) => {
    const supported = new Set(spec.sources[source]?.snapshots.map((s) => s.version));
    return listVersions(paths.upstream, source).map((version) => ({
      source,
      version,
      supported: supported.has(version),
    }));
  });
}
