// Catalogs cached by the content of their snapshot folder (and eventmap's code) in the emit cache
// (generator/io/cache.ts): building one walks every schema of the snapshot and checks it, the
// largest part of loading the inputs; a hit re-reads only the parsed documents. The key covers
// every file of the folder and eventmap's code (so a change of the catalog's shape never meets an
// old entry): a hit is the catalog a build would give (test/generate/cache.test.ts).
import { join } from 'node:path';
import { cacheKey, type EmitCache } from '../io/cache.ts';
import { codeKey } from '../emit/manifest.ts';
import { listFiles, sha256 } from '../io/fsutil.ts';
import { ownRecord } from '../shared/own-record.ts';
import { loadCatalog } from '../catalog/load.ts';
import type { SnapshotRef } from '../catalog/snapshots.ts';
import type { Catalog, CatalogEntry, CatalogEnum } from '../catalog/types.ts';
import { readRegularFile, readRegularText } from '../io/safe-read.ts';

interface Cached {
  entries: CatalogEntry[];
  enums: Record<string, CatalogEnum>;
  /** Snapshot-relative paths of the documents, in the order the build read them. */
  documents: string[];
}

export function catalogLoader(
  cache: EmitCache,
  hashFile: (file: string) => string = (file) => sha256(readRegularFile(file)),
  list: (dir: string) => string[] = listFiles,
): (ref: SnapshotRef) => Catalog {
  return (ref) => {
    let files: string[];
    let code: string;
    try {
      code = codeKey();
      files = list(ref.dir).map((rel) => `${rel}\0${hashFile(join(ref.dir, rel))}`);
    } catch {
      return loadCatalog(ref); // an unreadable folder: the build reports what is wrong
    }
    const key = cacheKey(['catalog', code, ref.source, ref.version, sha256(files.join('\n'))]);
    return cache.value(
      key,
      () => loadCatalog(ref),
      (stored) => {
        const cached = stored as Cached;
        const documents: Catalog['documents'] = {};
        for (const rel of cached.documents)
          parsedOnRead(documents, rel, () => JSON.parse(readRegularText(ref.dir, rel)));
        return {
          source: ref.source,
          version: ref.version,
          dir: ref.dir,
          entries: cached.entries,
          enums: ownRecord(Object.entries(cached.enums)),
          documents,
        };
      },
      (built): Cached => ({ entries: built.entries, enums: built.enums, documents: Object.keys(built.documents) }),
    );
  };
}

/**
 * `record[key]` as the value `load` returns when it is first read, then kept: a generate reads about
 * a fifth of the snapshot bytes it hashes (the unions, the answers a spec maps), and parsing the
 * rest only made garbage. The folder's hash, taken first, is what the cache key covers either way.
 */
function parsedOnRead(record: Record<string, unknown>, key: string, load: () => unknown): void {
  const keep = (value: unknown) =>
    Object.defineProperty(record, key, { value, enumerable: true, configurable: true, writable: true });
  Object.defineProperty(record, key, {
    enumerable: true,
    configurable: true,
    get() {
      const value = load();
      keep(value);
      return value;
    },
    set: keep,
  });
}
