// Where a node of mapping-spec.yaml is (its line and column) changes with every line added above
// it; what the node is does not. Generated code depends only on what: a stage keyed by part of the
// spec hashes that part without positions, so a comment or a moved block reuses the stage.
import type { Loc } from './types.ts';

const parsed = new WeakSet<object>();

/** Marks a location the parser made (load.ts): only those lose their position in positionFreeJson. */
export function parsedLoc(loc: Loc): Loc {
  parsed.add(loc);
  return loc;
}

/**
 * JSON of `value` with every parsed location reduced to its node path: not its line and column,
 * nor its file as shown (relative to the working directory), which are not what the spec says. A
 * value that only looks like a location (a constant in the spec) is kept whole.
 */
export function positionFreeJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'object' && v !== null && parsed.has(v) ? { node: (v as Loc).node } : v,
  );
}
