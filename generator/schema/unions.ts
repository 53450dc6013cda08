// Reading unions out of JSON Schema documents by pointer: the leaf members of nested unions, and
// the literals a property pins. Members are those branches.ts names (oneOf, then anyOf).
import { unionSlots } from './branches.ts';
import { isObj } from './object.ts';
import { getAtPointer, joinPointer } from './pointer.ts';
import { derefPointer } from './ref.ts';

export interface LeafMember {
  /** Where the member's schema is, past its `$ref`s. */
  pointer: string;
  /** The direct member of the outer union this leaf comes from (past `$ref`s), and its index. */
  top: string;
  index: number;
}

/** Pointers to the members of the union at `at` (not followed); none when it is no union. */
export function memberPointers(doc: unknown, at: string): string[] {
  return unionSlots(getAtPointer(doc, at)).map(([key, i]) => joinPointer(at, key, i));
}

/**
 * Leaf members of the union at `pointer`: nested unions (`SDKResultMessage = Success | Error`
 * inside `SDKMessage`) are flattened, every `$ref` followed. Undefined when `pointer` is no union.
 */
export function unionLeaves(doc: unknown, pointer: string): LeafMember[] | undefined {
  const at = derefPointer(doc, pointer);
  const members = memberPointers(doc, at);
  if (!members.length) return undefined;
  return members.flatMap((member, i) => {
    const top = derefPointer(doc, member);
    return collect(doc, top, new Set([at])).map((leaf) => ({ pointer: leaf, top, index: i }));
  });
}

function collect(doc: unknown, at: string, seen: Set<string>): string[] {
  const members = memberPointers(doc, at);
  if (!members.length || seen.has(at)) return [at];
  seen.add(at);
  return members.flatMap((m) => collect(doc, derefPointer(doc, m), seen));
}

/** The string literals a schema pins: `const: x`, or `enum: [x, y, ...]` of strings. */
export function stringLiterals(schema: unknown): string[] {
  if (!isObj(schema)) return [];
  if (typeof schema.const === 'string') return [schema.const];
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((v) => typeof v === 'string'))
    return schema.enum as string[];
  return [];
}

/** The one string literal a schema pins, from `enum: [x]` or `const: x`. */
export function literalOf(schema: unknown): string | undefined {
  const lits = stringLiterals(schema);
  return lits.length === 1 ? lits[0] : undefined;
}
