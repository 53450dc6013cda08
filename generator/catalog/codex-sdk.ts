// Catalog of a codex-sdk snapshot (index.schema.json + surface.json, written by
// generator/upstream/codex-sdk.ts): ThreadEvent members and ThreadItem types, both by `type`.
import type { SnapshotReader } from './snapshot-files.ts';
import { SURFACE } from '../upstream/surface-format.ts';
import { readTsSnapshot, stringEnums, unionEntries } from './ts-catalog.ts';
import type { CatalogEntry, CatalogEnum } from './types.ts';

const EXPECTED = ['thread-event', 'sdk-item'] as const;

export function buildCodexSdk(reader: SnapshotReader): { entries: CatalogEntry[]; enums: Record<string, CatalogEnum> } {
  const { surface, doc } = readTsSnapshot(reader);
  for (const kind of EXPECTED) {
    if (!surface.unions.some((u) => u.kind === kind)) {
      throw reader.error(
        SURFACE,
        '/unions',
        'snapshot/missing-union',
        `surface.json lists no ${kind} union`,
        'restore the snapshot from git, or re-create it with `eventmap upstream add codex-sdk@<version>`',
      );
    }
  }
  const entries = surface.unions.flatMap((u) => unionEntries(reader, surface, doc, u));
  return { entries, enums: stringEnums(surface, doc, /Status$/) };
}
