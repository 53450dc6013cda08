// The payload fields a UI cannot render without knowing the provider: those the canonical schema
// (generated/canonical/schema.json) leaves open, any value or an open map. The reducer must not
// read them, and the traces must not depend on them (test/reducer/, test/otel/ provider-blind).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Schema {
  $ref?: string;
  type?: string;
  const?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean;
  [key: string]: unknown;
}

const SCHEMA = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'generated', 'canonical', 'schema.json'), 'utf8'),
) as { definitions: Record<string, Schema> };

const resolve = (schema: Schema): Schema =>
  schema.$ref ? resolve(SCHEMA.definitions[schema.$ref.replace('#/definitions/', '')]!) : schema;

/** Any value, or an open map: what only a provider's own shape explains. */
const opaque = (schema: Schema): boolean => {
  const keys = Object.keys(schema).filter((k) => k !== 'description');
  const anyValue = keys.length === 0;
  const openMap = schema.type === 'object' && schema.additionalProperties === true && !schema.properties;
  return anyValue || openMap;
};

/** Event type → its payload's open fields. */
export const OPEN_SLOTS = new Map<string, Set<string>>(
  Object.values(SCHEMA.definitions)
    .filter((d) => d.properties?.type?.const !== undefined && d.properties.payload !== undefined)
    .map((d) => {
      const payload = resolve(d.properties!.payload!);
      const keys = Object.entries(payload.properties ?? {}).filter(([, s]) => opaque(s));
      return [d.properties!.type!.const!, new Set(keys.map(([k]) => k))];
    }),
);
