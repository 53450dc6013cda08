// One rule for unions, allOf, refs and cycles (generator/schema/branches.ts, ref.ts): what `check`
// asks of a path (paths.ts) and what `diff` and the hints list as fields (fields.ts) agree.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../generator/catalog/load.ts';
import { SOURCE_NAMES } from '../../generator/project/sources.ts';
import { parseSpec } from '../../generator/mapping/load.ts';
import { schemaFields } from '../../generator/schema/fields.ts';
import { resolveSchemaPath } from '../../generator/schema/paths.ts';
import { getAtPointer } from '../../generator/schema/pointer.ts';
import { resolveRef } from '../../generator/schema/ref.ts';

const root = path.resolve(import.meta.dirname, '../..');
const spec = parseSpec(readFileSync(path.join(root, 'mapping-spec.yaml'), 'utf8'), 'mapping-spec.yaml');

/** `$.a[].b` → ['a', 0, 'b']; undefined for map values (`.*`) and quoted names, which a spec path cannot say. */
function segments(fieldPath: string): (string | number)[] | undefined {
  if (fieldPath.includes('.*') || fieldPath.includes('["')) return undefined;
  return [...fieldPath.slice(1).matchAll(/\.([^.[]+)|\[\]/g)].map((m) => (m[0] === '[]' ? 0 : m[1]!));
}

describe('check and diff agree on what a path is', () => {
  it('a union beside `type: object` has only its members’ properties (check used to accept any path there)', () => {
    const schema = {
      type: 'object',
      anyOf: [{ properties: { a: { type: 'string' } } }, { properties: { b: { type: 'number' } } }],
    };
    const fields = schemaFields({}, schema);
    expect([...fields.keys()]).toEqual(['$', '$.a', '$.b']);
    expect(resolveSchemaPath({}, schema, ['a'])?.types).toEqual(new Set(['string']));
    expect(resolveSchemaPath({}, schema, ['c'])).toBeUndefined();
    // A name Object.prototype has is no property of a schema that does not list it
    // (FUZZ_SEED=720425167 read `$.__proto__` as present, and the mapper did not compile).
    for (const name of ['__proto__', 'constructor', 'toString'])
      expect(resolveSchemaPath({}, schema, [name]), name).toBeUndefined();
    expect(fields.has('$.c')).toBe(false);
    // Without a union the same object says nothing of its properties: anything may be there.
    expect(resolveSchemaPath({}, { type: 'object' }, ['c'])).toBeDefined();
  });

  it('a catch-all union member open to any property neither makes a path present nor widens its type', () => {
    // ACP's CreateElicitationResponse: named actions, and an `other` member with `additionalProperties: true`.
    const other = { type: 'object', properties: { action: { type: 'string' } }, additionalProperties: true };
    const accept = {
      type: 'object',
      properties: { action: { const: 'accept' }, content: { type: ['object', 'null'] } },
    };
    const schema = { anyOf: [accept, other] };
    expect(resolveSchemaPath({}, schema, ['content'])?.types).toEqual(new Set(['object', 'null']));
    const without = { anyOf: [{ type: 'object', properties: { action: { const: 'accept' } } }, other] };
    expect(resolveSchemaPath({}, without, ['content'])).toBeUndefined();
    expect(schemaFields({}, without).has('$.content')).toBe(false);
    // Room in an object that names nothing (ACP's `_meta`) still holds any property.
    const meta = { type: 'object', properties: { _meta: { type: ['object', 'null'], additionalProperties: true } } };
    expect(resolveSchemaPath({}, meta, ['_meta', 'terminal_output'])).toBeDefined();
  });

  it('a `$ref` cycle stops both walkers instead of looping', () => {
    const doc = { definitions: { A: { $ref: '#/definitions/B' }, B: { $ref: '#/definitions/A' } } };
    expect(resolveRef(doc, { $ref: '#/definitions/A' })).toEqual({ $ref: '#/definitions/A' });
    expect(resolveRef(doc, { $ref: 'https://example.invalid/x.json' })).toBeUndefined();
    expect(resolveSchemaPath(doc, { $ref: '#/definitions/A' }, ['x'])).toBeDefined();
    expect(schemaFields(doc, { $ref: '#/definitions/A' }).get('$')?.truncated).toBe('cycle');
  });

  it('every field diff lists in a supported snapshot is a path check accepts, with the same string values', () => {
    let compared = 0;
    for (const source of SOURCE_NAMES) {
      for (const { version } of spec.sources[source]?.snapshots ?? []) {
        const catalog = loadCatalog({ source, version, dir: path.join(root, 'upstream-schemas', source, version) });
        for (const entry of catalog.entries) {
          const doc = catalog.documents[entry.document];
          const schema = getAtPointer(doc, entry.pointer);
          for (const [fieldPath, info] of schemaFields(doc, schema)) {
            const segs = segments(fieldPath);
            if (!segs) continue;
            const found = resolveSchemaPath(doc, schema, segs);
            expect(found, `${source}@${version} ${entry.kind} ${entry.name} ${fieldPath}`).toBeDefined();
            if (info.values && !info.open && found?.values)
              expect([...found.values].sort(), `${entry.name} ${fieldPath}`).toEqual(info.values);
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
