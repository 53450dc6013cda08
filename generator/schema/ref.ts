// The one `$ref` resolver. Snapshot refs are document-local (docs/decisions.md): a ref to another
// file or a URL resolves to nothing, never fetched. A chain that comes back to a ref already
// followed stops on the node that closes it (schema-checks.ts refuses such cycles in snapshots
// with a located error; the walkers only need to terminate).
import { isObj } from './object.ts';
import { getAtPointer } from './pointer.ts';

export const isLocalRef = (ref: string): boolean => ref.startsWith('#');

/**
 * The JSON pointer a local `$ref` names. A `$ref` is a URI fragment, so it may be percent-encoded
 * (`#/definitions/A%20B` names the definition `A B`); one that does not decode is read as written.
 */
export function refPointer(ref: string): string {
  if (!ref.includes('%')) return ref;
  try {
    return decodeURIComponent(ref);
  } catch {
    return ref;
  }
}

/** The node one `$ref` designates: undefined for a ref outside the document or a pointer to nothing. */
export const refTarget = (doc: unknown, ref: string): unknown =>
  isLocalRef(ref) ? getAtPointer(doc, refPointer(ref)) : undefined;

/** The pointer a chain of local `$ref`s starting at `pointer` ends on. */
export function derefPointer(doc: unknown, pointer: string): string {
  let at = pointer;
  const seen = new Set<string>([pointer]);
  for (;;) {
    const node = getAtPointer(doc, at);
    if (!isObj(node) || typeof node.$ref !== 'string' || !isLocalRef(node.$ref) || seen.has(node.$ref)) return at;
    seen.add(node.$ref);
    at = refPointer(node.$ref);
  }
}

/** The schema a chain of `$ref`s starting at `schema` ends on; undefined past a ref that leaves the document. */
export function resolveRef(doc: unknown, schema: unknown): unknown {
  let cur = schema;
  const seen = new Set<string>();
  while (isObj(cur) && typeof cur.$ref === 'string') {
    if (seen.has(cur.$ref)) return cur;
    seen.add(cur.$ref);
    cur = refTarget(doc, cur.$ref);
  }
  return cur;
}
