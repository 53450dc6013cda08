// Catalog of a codex-sdk snapshot (index.schema.json + surface.json, written by
// generator/upstream/codex-sdk.ts): ThreadEvent members and ThreadItem types, both by `type`.
import type { SnapshotReader } from './snapshot-files.ts';
import { readTsSnapshot } from './ts-catalog.ts';
import type { CatalogParts } from './types.ts';

export function buildCodexSdk(reader: SnapshotReader): CatalogParts {
  return readTsSnapshot(reader, ['thread-event', 'sdk-item'], /Status$/);
}
