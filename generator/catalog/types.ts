// The upstream catalog: a typed description of ONE upstream snapshot, with every discriminant the
// mapping table must account for. It knows nothing of mapping-spec.yaml.
import type { EntryKind } from '../../runtime/sources/discriminant.ts';
import type { JsonSchema } from '../schema/types.ts';
import type { SourceName } from '../project/sources.ts';

export type { EntryKind };

export interface CatalogEntry {
  kind: EntryKind;
  /** The discriminant value: a method, a `type`, `type:subtype`, or a tool name. */
  name: string;
  /** Snapshot-relative file (a key of Catalog.documents) that holds the schema. */
  document: string;
  /** JSON pointer to the entry's schema inside that document. `$ref`s resolve against the document. */
  pointer: string;
  /** Referenced by the upstream declarations but never declared there: kept, flagged, never dropped. */
  unresolved?: boolean;
  /** Source-specific facts (e.g. the declared TypeScript type name, the tool's input type). */
  meta?: Record<string, string>;
  /** Requests the client answers (Codex server requests, Claude `canUseTool`): what the answer is. */
  response?: CatalogResponse;
}

/**
 * The answer to a request: where the snapshot describes it (`$` of a mapping's `response:`), or,
 * when the snapshot links no schema to the request, why not. Never guessed.
 */
export type CatalogResponse =
  | {
      /** The upstream type name of the answer (`CommandExecutionRequestApprovalResponse`, `PermissionResult`). */
      type: string;
      /** Snapshot-relative file (a key of Catalog.documents) and JSON pointer of the answer's schema. */
      document: string;
      pointer: string;
    }
  | { missing: string };

export interface CatalogEnum {
  name: string;
  /** The named values. */
  values: string[];
  /** Other strings are accepted too (a member that is any string): an open enum. */
  open?: true;
  document: string;
  pointer: string;
}

export interface Catalog {
  source: SourceName;
  version: string;
  /** The snapshot folder this catalog was read from. */
  dir: string;
  /** Sorted by kind, then name (code-unit order). */
  entries: CatalogEntry[];
  /** Enums that mappings translate (TurnStatus, ThreadStatus, ...), by name. */
  enums: Record<string, CatalogEnum>;
  /** Parsed JSON documents of the snapshot, by snapshot-relative path. */
  documents: Record<string, JsonSchema>;
}

/** What a source's catalog builder reads from its snapshot (catalog/load.ts adds the rest). */
export type CatalogParts = Pick<Catalog, 'entries' | 'enums'>;
