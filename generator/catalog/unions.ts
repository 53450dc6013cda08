// Reading discriminated unions out of snapshot documents, refusing (located) one that is not.
import { unionBranches, unionSlots } from '../schema/branches.ts';
import { isObj } from '../schema/object.ts';
import { getAtPointer, joinPointer } from '../schema/pointer.ts';
import { resolveRef } from '../schema/ref.ts';
import { literalOf } from '../schema/unions.ts';
import type { SnapshotReader } from './snapshot-files.ts';
import type { CatalogEntry, CatalogEnum, EntryKind } from './types.ts';

/**
 * The members of the `oneOf`/`anyOf` union at `pointer`, as entries of `kind` named by the literal
 * of `prop`. A member without that literal means the union is not discriminated: exit 2, naming where.
 */
export function readUnion(
  reader: SnapshotReader,
  kind: EntryKind,
  rel: string,
  pointer: string,
  prop: string,
  what: string,
): CatalogEntry[] {
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
    return { kind, name, document: rel, pointer: memberPointer };
  });
}

/**
 * The values of an enum-like definition: a string enum, or a oneOf/anyOf of string literals,
 * objects told apart by `type`, and externally tagged objects (`{ acceptWithExecpolicyAmendment:
 * {...} }`, named by their one required key); a member that is any string makes it open.
 * Undefined when the definition is not enum-like.
 */
function enumValues(def: unknown): { values: string[]; open: boolean } | undefined {
  if (isObj(def) && Array.isArray(def.enum) && def.enum.every((v) => typeof v === 'string'))
    return { values: def.enum as string[], open: false };
  const members = isObj(def) ? unionBranches(def) : [];
  if (!members.length) return undefined;
  const values: string[] = [];
  let open = false;
  for (const m of members) {
    if (!isObj(m)) return undefined;
    const lit = literalOf(m) ?? (isObj(m.properties) ? literalOf(m.properties.type) : undefined);
    if (lit !== undefined) values.push(lit);
    else if (Array.isArray(m.enum) && m.enum.every((v) => typeof v === 'string')) values.push(...(m.enum as string[]));
    else if (Array.isArray(m.required) && m.required.length === 1 && typeof m.required[0] === 'string')
      values.push(m.required[0]);
    else if (m.enum === undefined && [m.type].flat().includes('string')) open = true;
    else return undefined;
  }
  return values.length ? { values, open } : undefined;
}

/** The enum-like definitions among `names` of `defs`, the definitions under `holder` (`definitions` or `$defs`) of `document`. */
export function catalogEnums(
  defs: Record<string, unknown>,
  names: readonly string[],
  document: string,
  holder: 'definitions' | '$defs',
): Record<string, CatalogEnum> {
  const enums: Record<string, CatalogEnum> = {};
  for (const name of names) {
    const found = enumValues(defs[name]);
    if (found) {
      const open = found.open ? { open: true as const } : {};
      enums[name] = { name, values: found.values, ...open, document, pointer: joinPointer(`#/${holder}`, name) };
    }
  }
  return enums;
}
