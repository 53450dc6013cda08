// The draft-07 meta-schema Ajv checks upstream schemas against before compiling them, less one
// rule: `enum` values are not checked for uniqueness there. Ajv checks `uniqueItems` of untyped
// items pair by pair, so a 200,000-value enum took minutes; the snapshot reader checks enums for
// duplicates in linear time instead (catalog/schema-checks.ts).
import { createRequire } from 'node:module';
import type { Ajv } from 'ajv';

const META_SCHEMA_ID = 'http://json-schema.org/draft-07/schema';
const draft07 = createRequire(import.meta.url)('ajv/dist/refs/json-schema-draft-07.json') as {
  properties: { enum: Record<string, unknown> };
};

/** Give an Ajv made with `meta: false` the draft-07 meta-schema without enum uniqueness. */
export function addLinearMetaSchema(ajv: Ajv): Ajv {
  const meta = structuredClone(draft07);
  delete meta.properties.enum.uniqueItems;
  ajv.addMetaSchema(meta, META_SCHEMA_ID, false);
  return ajv;
}
