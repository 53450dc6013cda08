// Build the catalog of one snapshot folder.
import { compareStrings } from '../io/fsutil.ts';
import type { SourceName } from '../project/sources.ts';
import { buildAcp } from './acp.ts';
import { buildClaudeAgentSdk } from './claude-agent-sdk.ts';
import { buildCodexAppServer } from './codex-app-server.ts';
import { SnapshotReader } from './snapshot-files.ts';
import { readTsSnapshot } from './ts-catalog.ts';
import type { Catalog, CatalogEntry, CatalogParts } from './types.ts';
import type { SnapshotRef } from './snapshots.ts';
import { ownRecord } from '../shared/own-record.ts';

const BUILDERS: Record<SourceName, (reader: SnapshotReader) => CatalogParts> = {
  'codex-app-server': buildCodexAppServer,
  'claude-agent-sdk': buildClaudeAgentSdk,
  // index.schema.json + surface.json (generator/upstream/codex-sdk.ts): ThreadEvent members and
  // ThreadItem types, both by `type`.
  'codex-sdk': (reader) => readTsSnapshot(reader, ['thread-event', 'sdk-item'], /Status$/),
  acp: buildAcp,
};

export function loadCatalog(ref: SnapshotRef): Catalog {
  const reader = new SnapshotReader(ref.dir, ref.source);
  const { entries, enums } = BUILDERS[ref.source](reader);
  entries.sort((a, b) => compareStrings(a.kind, b.kind) || compareStrings(a.name, b.name));
  const twice = entries.find((e, i) => i > 0 && entryKey(e) === entryKey(entries[i - 1]!));
  if (twice)
    throw reader.error(
      twice.document,
      twice.pointer,
      'snapshot/duplicate-discriminant',
      `${twice.kind} \`${twice.name}\` appears twice`,
      'a discriminated union must name each member once; check the snapshot',
    );
  return {
    source: ref.source,
    version: ref.version,
    dir: ref.dir,
    entries,
    enums: ownRecord(Object.entries(enums)),
    documents: reader.documents,
  };
}

/** Key used wherever a discriminant is named on its own: `kind:name`. */
export function entryKey(e: Pick<CatalogEntry, 'kind' | 'name'>): string {
  return `${e.kind}:${e.name}`;
}
