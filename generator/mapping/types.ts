// The mapping spec IR, read from mapping-spec.yaml. Every node keeps its YAML location so that
// every later check can say mapping-spec.yaml:LINE:COL.
import type { EntryKind } from '../catalog/types.ts';
import type { SourceName } from '../project/sources.ts';
import type { SourceLocation } from '../model/types.ts';
import type { Presence } from './presence.ts';
import { escapeSegment, unescapeSegment } from '../schema/pointer.ts';

export interface Loc extends SourceLocation {
  /** The YAML node the location points at (its key when `key`): stable when lines move. */
  node?: SpecNode;
}

/** A node of mapping-spec.yaml by its path from the root, e.g. ['mappings', 'codex-sdk', 'thread-event', 'error']. */
export interface SpecNode {
  path: (string | number)[];
  key?: true;
}

/** A SpecNode as text for generated files: `key /mappings/codex-sdk/thread-event/error` (a JSON pointer). */
export function specNodeRef(node: SpecNode): string {
  return `${node.key ? 'key' : 'value'} ${node.path.map((s) => `/${escapeSegment(String(s))}`).join('')}`;
}

export function parseSpecNodeRef(ref: string): SpecNode {
  const [what, pointer = ''] = ref.split(' ', 2);
  const path = pointer.split('/').slice(1).map(unescapeSegment);
  return what === 'key' ? { path, key: true } : { path };
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Where a value comes from. */
export type ValueExpr =
  | ({ kind: 'path'; path: PathExpr; map?: string; loc: Loc } & Presence)
  | { kind: 'const'; value: JsonValue; loc: Loc }
  | { kind: 'helper'; name: string; args: ValueExpr[]; loc: Loc }
  | { kind: 'first'; options: ValueExpr[]; loc: Loc };

export interface PathExpr {
  /** As written, e.g. `$.params.turn.id`. */
  text: string;
  /** Property names and array indexes after `$`. */
  segments: (string | number)[];
}

export type Condition =
  | { op: 'equals'; path: PathExpr; value: JsonValue; loc: Loc }
  | { op: 'in'; path: PathExpr; values: JsonValue[]; loc: Loc }
  | { op: 'present'; path: PathExpr; present: boolean; loc: Loc };

export type IdKey = 'thread' | 'turn' | 'item' | 'request';
export const ID_KEYS: readonly IdKey[] = ['thread', 'turn', 'item', 'request'];

export interface EmitSpec {
  type: string;
  ids: Partial<Record<IdKey, ValueExpr>>;
  payload: Record<string, ValueExpr>;
  when?: Condition;
  loc: Loc;
}

export interface MappingEntry {
  source: SourceName;
  kind: EntryKind;
  name: string;
  /** Set when the entry is deliberately not mapped. */
  ignore?: string;
  emit: EmitSpec[];
  /** For server requests: what the client's JSON-RPC response emits. */
  response: EmitSpec[];
  /** Runtime helpers run before the emits (e.g. Claude's synthetic turn start). */
  before: { name: string; loc: Loc }[];
  /** Runtime helpers run after the emits (correlation data cannot express). */
  after: { name: string; loc: Loc }[];
  /** Upstream fields deliberately left unmapped (`ignoreFields: { $.path: reason }`): closes `spec/new-field-fits-slot`. */
  ignoreFields: Record<string, { reason: string; loc: Loc }>;
  loc: Loc;
}

export interface ValueMap {
  name: string;
  /** The source whose upstream values it translates; none for a map between canonical enums (`from`), which every source has. */
  source?: SourceName;
  /** A canonical enum whose values it translates (a map the runtime's helpers share across sources). */
  from?: string;
  /** The upstream values the map must cover: a catalog enum or a catalog entry kind. */
  covers?: { enum: string } | { kind: EntryKind };
  /** Canonical enum the values land in. */
  to: string;
  /** upstream value → canonical value (null: no canonical value; the field is left out). */
  values: Record<string, { value: string | null; loc: Loc }>;
  /** Used at run time for values the upstream adds later. */
  default?: string;
  /** Values seen in real traffic that no snapshot declares (e.g. Claude's `Task` tool). */
  undeclared: Record<string, { value: string | null; loc: Loc }>;
  /** Name prefix → canonical value (e.g. `mcp__` → mcp_tool_call); exact values win. */
  prefixes: Record<string, string>;
  loc: Loc;
}

export interface SourceSpec {
  name: SourceName;
  provider: string;
  providerLoc: Loc;
  snapshots: { version: string; loc: Loc }[];
  loc: Loc;
}

export interface MappingSpec {
  file: string;
  text: string;
  sources: Record<string, SourceSpec>;
  valueMaps: Record<string, ValueMap>;
  entries: MappingEntry[];
  /** `recordings:`: the folder `diff --spec` replays (relative to the spec's folder). */
  recordings?: { path: string; loc: Loc };
  /** Where the blocks of `mappings` start: keys `mappings`, `mappings.<source>`, `mappings.<source>.<kind>`. */
  sections?: Record<string, Loc>;
}
