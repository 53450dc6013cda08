// Where a node of mapping-spec.yaml is (its line and column) changes with every line added above
// it; what the node is does not. Generated code depends only on what: a stage keyed by part of the
// spec hashes that part without positions, so a comment or a moved block reuses the stage.
import type { Loc } from './types.ts';

const parsed = new WeakSet<object>();

/** Marks a location the parser made (spec/load.ts): only those lose their position in positionFreeJson. */
export function parsedLoc(loc: Loc): Loc {
  parsed.add(loc);
  return loc;
}

/**
 * JSON of `value` with the line and column of every parsed location left out (its file and node
 * path stay). A value that only looks like a location (a constant in the spec) is kept whole.
 */
export function positionFreeJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'object' && v !== null && parsed.has(v) ? { file: (v as Loc).file, node: (v as Loc).node } : v,
  );
}
