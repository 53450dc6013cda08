// Walking JSON Schema documents by pointer: following local `$ref`s, listing the members of nested
// anyOf/oneOf unions, reading the literals a property pins. Shared by the TypeScript-sourced
// catalogs and their ingesters.
import { getAtPointer, joinPointer } from './json-pointer.ts';

type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The pointer a chain of local `$ref`s starting at `pointer` ends on (cycles stop). */
export function derefPointer(doc: unknown, pointer: string): string {
  let at = pointer;
  const seen = new Set<string>();
  for (;;) {
    const node = getAtPointer(doc, at);
    if (!isObj(node) || typeof node.$ref !== 'string' || !node.$ref.startsWith('#') || seen.has(node.$ref)) return at;
    seen.add(at);
    at = node.$ref;
  }
}

export function unionKey(node: unknown): 'anyOf' | 'oneOf' | undefined {
  if (!isObj(node)) return undefined;
  return Array.isArray(node.anyOf) ? 'anyOf' : Array.isArray(node.oneOf) ? 'oneOf' : undefined;
}

export interface LeafMember {
  /** Where the member's schema is, past its `$ref`s. */
  pointer: string;
  /** The direct member of the outer union this leaf comes from (past `$ref`s), and its index. */
  top: string;
  index: number;
}

/**
 * Leaf members of the union at `pointer`: nested unions (`SDKResultMessage = Success | Error`
 * inside `SDKMessage`) are flattened, every `$ref` followed. Undefined when `pointer` is no union.
 */
export function unionLeaves(doc: unknown, pointer: string): LeafMember[] | undefined {
  const at = derefPointer(doc, pointer);
  const key = unionKey(getAtPointer(doc, at));
  if (!key) return undefined;
  const members = getAtPointer(doc, joinPointer(at, key)) as unknown[];
  return members.flatMap((_, i) => {
    const top = derefPointer(doc, joinPointer(at, key, i));
    return collect(doc, top, new Set([at])).map((leaf) => ({ pointer: leaf, top, index: i }));
  });
}

function collect(doc: unknown, at: string, seen: Set<string>): string[] {
  const key = unionKey(getAtPointer(doc, at));
  if (!key || seen.has(at)) return [at];
  seen.add(at);
  const members = getAtPointer(doc, joinPointer(at, key)) as unknown[];
  return members.flatMap((_, i) => collect(doc, derefPointer(doc, joinPointer(at, key, i)), seen));
}

/** The string literals a schema pins: `const: x`, or `enum: [x, y, ...]` of strings. */
export function stringLiterals(schema: unknown): string[] {
  if (!isObj(schema)) return [];
  if (typeof schema.const === 'string') return [schema.const];
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((v) => typeof v === 'string'))
    return schema.enum as string[];
  return [];
}

/** Names of the definition a pointer such as `#/definitions/Foo` designates, else undefined. */
export function definitionName(pointer: string): string | undefined {
  const m = /^#\/definitions\/([^/]+)$/.exec(pointer);
  return m ? m[1]!.replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
}
