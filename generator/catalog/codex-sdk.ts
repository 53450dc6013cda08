// Catalog of a codex-sdk snapshot (index.schema.json + surface.json, written by
// generator/upstream/codex-sdk.ts): ThreadEvent members and ThreadItem types, both by `type`.
import type { SnapshotReader } from './snapshot-files.ts';
import { readTsSnapshot, stringEnums, unionEntries } from './ts-catalog.ts';
import type { CatalogEntry, CatalogEnum } from './types.ts';

export function buildCodexSdk(reader: SnapshotReader): { entries: CatalogEntry[]; enums: Record<string, CatalogEnum> } {
  const { surface, doc } = readTsSnapshot(reader, ['thread-event', 'sdk-item']);
  const entries = surface.unions.flatMap((u) => unionEntries(reader, surface, doc, u));
  return { entries, enums: stringEnums(surface, doc, /Status$/) };
}
