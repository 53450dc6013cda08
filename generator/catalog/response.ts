// The one reading of a catalog entry's answer (`response:` in the spec): the path check, the diff,
// `suggest` and the upstream types all start from here.
import { getAtPointer } from '../schema/pointer.ts';
import type { Catalog, CatalogEntry, CatalogResponse } from './types.ts';

/** Where the answer is, plus its schema, whose `$ref`s resolve against `doc`. */
export type ResponseSchema = Exclude<CatalogResponse, { missing: string }> & { schema: unknown; doc: unknown };

/** The answer's schema in this snapshot, if the catalog links one to the request. */
export function responseSchema(catalog: Catalog, entry: CatalogEntry): ResponseSchema | undefined {
  const r = entry.response;
  if (!r || 'missing' in r) return undefined;
  const doc = catalog.documents[r.document];
  const schema = getAtPointer(doc, r.pointer);
  return schema === undefined ? undefined : { type: r.type, document: r.document, pointer: r.pointer, schema, doc };
}
