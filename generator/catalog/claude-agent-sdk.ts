// Catalog of a claude-agent-sdk snapshot. (Being written: see the extractor in generator/upstream/.)
import type { SnapshotReader } from './snapshot-files.ts';
import type { CatalogEntry, CatalogEnum } from './types.ts';

export function buildClaudeAgentSdk(reader: SnapshotReader): { entries: CatalogEntry[]; enums: Record<string, CatalogEnum> } {
  throw reader.error('', '', 'catalog/not-implemented', 'the claude-agent-sdk catalog is not implemented yet', 'wait for the extractor');
}
