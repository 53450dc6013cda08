// The format of `surface.json`, shared by the ingesters that write it (generator/upstream/) and the
// catalog that reads it, checked (generator/catalog/surface.ts): what a TypeScript-sourced snapshot
// exposes beside its JSON Schema document.
import type { EntryKind } from '../../runtime/sources/discriminant.ts';

export const SURFACE = 'surface.json';

export interface SurfaceUnion {
  kind: EntryKind;
  /** The TypeScript type the union is, e.g. `SDKMessage` or `BetaRawContentBlockStartEvent["content_block"]`. */
  type: string;
  /** JSON pointer (into the schema document) of the union: `anyOf`/`oneOf`, possibly behind `$ref`s. */
  pointer: string;
  /** Property whose string literal names a member. */
  discriminant: string;
  /** Second property appended as `type:subtype` when a member pins it. */
  subDiscriminant?: string;
  /** Member type names as the declaration lists them (unresolved ones included). */
  members?: string[];
}

export interface SurfaceUnresolved {
  name: string;
  /** Package-relative declaration file and the line of the first use. */
  file: string;
  line: number;
}

export interface SurfaceOpaque {
  name: string;
  /** The module it is imported from. */
  from: string;
}

export interface SurfaceTool {
  name: string;
  /** Its `*Input` type in sdk-tools.d.ts; absent for a built-in tool that has none. */
  inputType?: string;
  /** Where the name was read: `BUILTIN_TOOL_NAMES`, `cli.js`, `cli-binary` or `derived` (unconfirmed). */
  nameSource: string;
  pointer: string;
}

export interface SurfacePermission {
  name: string;
  type: string;
  pointer: string;
  parameters: { name: string; optional: boolean; keys?: string[] }[];
  /** The callback's answer type and its schema; absent when the snapshot names none. */
  resultType?: string;
  resultPointer?: string;
}

export interface Surface {
  /** Snapshot-relative JSON Schema document all pointers point into. */
  schema: string;
  /** Package-relative declaration files the snapshot was extracted from. */
  declarations: string[];
  unions: SurfaceUnion[];
  unresolved: SurfaceUnresolved[];
  /** Imported types computed from runtime values (zod schemas): described as `{}` in the schema. */
  opaque: SurfaceOpaque[];
  tools?: SurfaceTool[];
  permission?: SurfacePermission;
}
