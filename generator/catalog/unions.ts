// Reading discriminated unions out of snapshot documents, refusing (located) one that is not.
import { unionSlots } from '../schema/branches.ts';
import { isObj } from '../schema/object.ts';
import { getAtPointer, joinPointer } from '../schema/pointer.ts';
import { resolveRef } from '../schema/ref.ts';
import { literalOf } from '../schema/unions.ts';
import type { SnapshotReader } from './snapshot-files.ts';

export interface UnionMember {
  name: string;
  pointer: string;
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
  const slots = unionSlots(union);
  if (!isObj(union) || !slots.length) {
    throw reader.error(
      rel,
      pointer,
      'snapshot/missing-union',
      `${what}: expected a oneOf/anyOf union here`,
      'the snapshot is not what this source writes; re-create it with `eventmap upstream add`',
    );
  }
  return slots.map(([key, i]) => {
    const memberPointer = joinPointer(pointer, key, i);
    const resolved = resolveRef(doc, (union[key] as unknown[])[i]);
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
