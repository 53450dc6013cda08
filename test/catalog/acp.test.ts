// The ACP catalog of every vendored release against the schema file itself: the same
// discriminants as a plain JSON walk finds (test/catalog/acp-walk.ts), each entry's pointer at the
// definition that names it, every request answered by the result of the same method, and the
// enums the mappings translate read from their definitions' literals.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../generator/catalog/load.ts';
import { listVersions } from '../../generator/catalog/vendored.ts';
import { getAtPointer } from '../../generator/schema/pointer.ts';
import { discriminants, schemaOf, type Json } from './acp-walk.ts';

const ROOT = join(import.meta.dirname, '..', '..', 'upstream-schemas');
const VERSIONS = listVersions(ROOT, 'acp');

it('finds the vendored ACP releases', () => expect(VERSIONS.length).toBeGreaterThanOrEqual(3));

describe.each(VERSIONS)('acp %s', (version) => {
  const dir = join(ROOT, 'acp', version);
  const catalog = loadCatalog({ source: 'acp', version, dir });
  const schema = schemaOf(dir);

  it('lists exactly the methods and session/update variants the schema names', () => {
    expect(catalog.entries.map((e) => `${e.kind}:${e.name}`).sort()).toEqual([...discriminants(schema)].sort());
  });

  it("points each entry at the definition that names it, and each request at its answer's", () => {
    for (const e of catalog.entries) {
      const def = getAtPointer(catalog.documents[e.document], e.pointer) as Json;
      const extension = e.name === '_*';
      if (e.kind === 'session-update') expect((def.properties as Json).sessionUpdate).toMatchObject({ const: e.name });
      else if (extension) expect(e.pointer).toMatch(/^#\/\$defs\/Ext(Notification|Request|Response)$/);
      else expect(def['x-method']).toBe(e.name);
      if (e.kind !== 'request') continue;
      const answer = e.response && 'pointer' in e.response ? e.response.pointer : undefined;
      if (extension) expect(answer).toBe('#/$defs/ExtResponse');
      else expect((getAtPointer(schema, answer!) as Json)['x-method'], e.name).toBe(e.name);
    }
  });

  it('reads each enum from its definition', () => {
    for (const en of Object.values(catalog.enums)) {
      const def = getAtPointer(schema, en.pointer) as { oneOf?: Json[]; anyOf?: Json[] };
      const literals = [...(def.oneOf ?? def.anyOf ?? [])].flatMap((m) =>
        typeof m.const === 'string' ? [m.const] : [],
      );
      expect(en.values).toEqual(literals);
    }
  });
});
