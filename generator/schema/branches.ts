// The one rule for composed schemas, shared by every walker: the members of a union are those of
// `oneOf` then `anyOf` (a value matches one of them); `allOf` parts all hold at once; a schema's own
// shape keywords hold beside its union (JSON Schema conjoins sibling keywords).
import { asArray, isObj, type Obj } from './object.ts';

export const unionBranches = (schema: Obj): unknown[] => [...asArray(schema.oneOf), ...asArray(schema.anyOf)];

/** Where the union's members are, in the order `unionBranches` lists them: `[key, index]`. */
export function unionSlots(schema: unknown): ['oneOf' | 'anyOf', number][] {
  if (!isObj(schema)) return [];
  return (['oneOf', 'anyOf'] as const).flatMap((key) =>
    asArray(schema[key]).map((_, i): [typeof key, number] => [key, i]),
  );
}

/** Keywords that say something of the value itself, beside any union or allOf. */
const SHAPE = ['type', 'enum', 'const', 'properties', 'required', 'items', 'prefixItems', 'additionalProperties'];

export const hasOwnShape = (schema: Obj): boolean => SHAPE.some((k) => schema[k] !== undefined);

export interface MemberSlot {
  /** Pointer of the schema holding the union (`#` for the document root). */
  container: string;
  key: 'oneOf' | 'anyOf';
  index: number;
}

/** Where a union member's pointer (`…/oneOf/3`) stands; undefined for a pointer that is no member. */
export function memberSlot(pointer: string): MemberSlot | undefined {
  const m = /^(.*)\/(oneOf|anyOf)\/(\d+)$/.exec(pointer);
  return m ? { container: m[1] || '#', key: m[2] as MemberSlot['key'], index: Number(m[3]) } : undefined;
}
