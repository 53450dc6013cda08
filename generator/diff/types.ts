// What `eventmap diff <source>@A <source>@B` reports: one flat, sorted list of changes between two
// catalogs, each classed for our mappers and tied to the mapping-spec.yaml lines it affects.
import type { EntryKind } from '../catalog/types.ts';
import type { FieldInfo, FieldOrigin } from '../schema/fields.ts';

export const SPEC_FILE = 'mapping-spec.yaml';

export type ChangeClass = 'breaking' | 'needs-mapping' | 'informational';
export const CHANGE_CLASSES: readonly ChangeClass[] = ['breaking', 'needs-mapping', 'informational'];

/** Which document a field path is rooted in: the message, or (server requests) the client's response. */
export type FieldScope = 'message' | 'response';

export type FieldChangeType =
  | 'field-added'
  | 'field-removed'
  | 'field-type-changed'
  | 'field-made-required'
  | 'field-made-optional'
  | 'field-values-added'
  | 'field-values-removed'
  | 'field-values-opened' // a closed set of named strings now accepts other strings too
  | 'field-values-closed';

/** Where a field change is: a message and the path in it (a change of a shared definition reaches several). */
export interface Place {
  kind: EntryKind;
  name: string;
  scope: FieldScope;
  path: string;
}

export type RawChange =
  | { change: 'kind-added' | 'kind-removed'; kind: EntryKind; names: string[] }
  | { change: 'discriminant-added' | 'discriminant-removed'; kind: EntryKind; name: string; note?: string }
  | { change: 'response-added' | 'response-removed'; kind: EntryKind; name: string }
  | (Place & {
      change: FieldChangeType;
      before?: FieldInfo;
      after?: FieldInfo;
      values?: string[];
      subfields?: number;
      /** The definition that declares the field, and the path inside it. */
      origin?: FieldOrigin;
      /** Set when the change of a shared definition reaches more than one message: every place (this one first). */
      places?: Place[];
    })
  | {
      change:
        'enum-added' | 'enum-removed' | 'enum-values-added' | 'enum-values-removed' | 'enum-opened' | 'enum-closed';
      enum: string;
      values: string[];
    };

/**
 * How a mapping-spec.yaml line relates to a change: `entry` (the discriminant's entry),
 * `value-map` (a value map covering the enum or kind), `reads` (reads exactly the changed path),
 * `reads-below` (reads a path below the changed one), `passes-through` (reads a value the change is inside).
 */
export type AffectHow = 'entry' | 'value-map' | 'reads' | 'reads-below' | 'passes-through';

export interface Affect {
  line: number;
  col: number;
  how: AffectHow;
  /** The spec path read, for the path relations. */
  path?: string;
}

export type Change = RawChange & { class: ChangeClass; affects: Affect[]; note?: string };

export interface KindCount {
  before: number;
  after: number;
  added: number;
  removed: number;
}

export interface SnapshotDiff {
  source: string;
  from: string;
  to: string;
  /** The spec file whose lines `affects` name, or undefined when the project has none. */
  spec?: string;
  counts: Record<string, KindCount>;
  changes: Change[];
}
