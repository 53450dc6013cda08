// Reading discriminated unions out of JSON Schema documents.
import { joinPointer, getAtPointer } from './json-pointer.ts';
import type { SnapshotReader } from './snapshot-files.ts';

export interface UnionMember {
  name: string;
  pointer: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The string literal a schema pins, from `enum: [x]` or `const: x`. */
export function literalOf(schema: unknown): string | undefined {
  if (!isObj(schema)) return undefined;
  if (typeof schema.const === 'string') return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length === 1 && typeof schema.enum[0] === 'string')
    return schema.enum[0];
  return undefined;
}

/**
 * Members of the `oneOf`/`anyOf` union at `pointer`, each named by the literal of `prop`.
 * A member without that literal means the union is not discriminated: exit 2, naming where.
 */
export function readUnion(
  reader: SnapshotReader,
  rel: string,
  pointer: string,
  prop: string,
  what: string,
): UnionMember[] {
  const doc = reader.read(rel);
  const union = getAtPointer(doc, pointer);
  const key = isObj(union)
    ? Array.isArray(union.oneOf)
      ? 'oneOf'
      : Array.isArray(union.anyOf)
        ? 'anyOf'
        : undefined
    : undefined;
  if (!isObj(union) || !key) {
    throw reader.error(
      rel,
      pointer,
      'snapshot/missing-union',
      `${what}: expected a oneOf/anyOf union here`,
      'the snapshot is not what this source writes; re-create it with `eventmap upstream add`',
    );
  }
  const members = union[key] as unknown[];
  return members.map((member, i) => {
    const memberPointer = joinPointer(pointer, key, i);
    const resolved = resolveLocalRef(doc, member);
    const name = isObj(resolved) && isObj(resolved.properties) ? literalOf(resolved.properties[prop]) : undefined;
    if (name === undefined) {
      throw reader.error(
        rel,
        memberPointer,
        'snapshot/undiscriminated-union',
        `${what}: member ${i} has no string literal \`${prop}\`, so the union is not discriminated`,
        `every member of the union must pin \`${prop}\` with enum:[x] or const; check that the snapshot is intact`,
      );
    }
    return { name, pointer: memberPointer };
  });
}

/** Follow a document-local `$ref` (one level at a time, cycles stop). */
export function resolveLocalRef(doc: unknown, schema: unknown): unknown {
  let cur = schema;
  const seen = new Set<string>();
  while (isObj(cur) && typeof cur.$ref === 'string' && cur.$ref.startsWith('#') && !seen.has(cur.$ref)) {
    seen.add(cur.$ref);
    cur = getAtPointer(doc, cur.$ref);
  }
  return cur;
}
