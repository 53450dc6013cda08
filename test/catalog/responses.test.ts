// Each request's answer in the catalog (CatalogEntry.response), on every supported snapshot the
// spec lists, read against the snapshot files without the catalog code; and the snapshots that
// link no answer, which leave it untyped with a note instead of a guess.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { responseSchema } from '../../generator/catalog/response.ts';
import type { Catalog, CatalogResponse } from '../../generator/catalog/types.ts';
import { mapperTyping } from '../../generator/emit/mappers/upstream-typing.ts';
import { loadSpec } from '../../generator/mapping/load.ts';
import type { SourceName } from '../../generator/project/sources.ts';
import { catalogOf, copySnapshot, readJson, ROOT, snapshotDir, writeJson } from './helpers.ts';

const spec = loadSpec(join(ROOT, 'mapping-spec.yaml'));
const versionsOf = (source: SourceName) => spec.sources[source]?.snapshots.map((s) => s.version) ?? [];
const answerOf = (c: Catalog, kind: string, name: string): CatalogResponse | undefined =>
  c.entries.find((e) => e.kind === kind && e.name === name)?.response;

type Requests = { oneOf: { properties: { method: { enum: string[] }; params: { $ref?: string } } }[] };

describe.each(versionsOf('codex-app-server'))('codex-app-server@%s', (version) => {
  const catalog = catalogOf('codex-app-server', version);
  const requests = (readJson(join(snapshotDir('codex-app-server', version), 'ServerRequest.json')) as Requests).oneOf;

  it('answers each server request with the <Variant>Response.json its params name, and only requests', () => {
    for (const m of requests) {
      const variant = /^#\/definitions\/(\w+)Params$/.exec(m.properties.params.$ref ?? '')?.[1];
      expect(variant, m.properties.method.enum[0]).toBeDefined();
      expect(answerOf(catalog, 'request', m.properties.method.enum[0]!)).toEqual({
        type: `${variant}Response`,
        document: `${variant}Response.json`,
        pointer: '#',
      });
    }
    expect(catalog.entries.filter((e) => e.response).every((e) => e.kind === 'request')).toBe(true);
    for (const e of catalog.entries.filter((x) => x.kind === 'request'))
      expect(responseSchema(catalog, e), e.name).toMatchObject({ schema: { type: 'object' } });
  });

  it('notes, never guesses, an answer the snapshot does not link: a missing file, params that name no variant', () => {
    const dir = copySnapshot('codex-app-server', version);
    const [first, second] = requests;
    const file = `${/(\w+)Params$/.exec(first!.properties.params.$ref!)![1]}Response.json`;
    rmSync(join(dir, file));
    const doc = readJson(join(dir, 'ServerRequest.json')) as Requests;
    doc.oneOf[1]!.properties.params = { type: 'object' } as never;
    writeJson(join(dir, 'ServerRequest.json'), doc);
    const broken = catalogOf('codex-app-server', version, dir);
    const [a, b] = [first, second].map((m) => answerOf(broken, 'request', m!.properties.method.enum[0]!));
    expect(a).toEqual({ missing: `the snapshot has no ${file}` });
    expect(b).toMatchObject({ missing: expect.stringContaining('params are not a') });
    // Such a request's response mapper reads open JSON: upstream types declare no answer for it.
    const typing = mapperTyping([broken]);
    expect(typing.responseType('request', first!.properties.method.enum[0]!)).toBeUndefined();
    expect(typing.responseType('request', requests[2]!.properties.method.enum[0]!)?.toString()).toContain(
      'RequestResponseByName',
    );
  });
});

describe.each(versionsOf('claude-agent-sdk'))('claude-agent-sdk@%s', (version) => {
  it("answers canUseTool with the surface's result type, a definition of the schema", () => {
    const catalog = catalogOf('claude-agent-sdk', version);
    const surface = readJson(join(snapshotDir('claude-agent-sdk', version), 'surface.json')) as {
      schema: string;
      permission: { name: string; resultType: string; resultPointer: string };
    };
    const { name, resultType, resultPointer } = surface.permission;
    expect(answerOf(catalog, 'permission', name)).toEqual({
      type: resultType,
      document: surface.schema,
      pointer: resultPointer,
    });
    expect(resultPointer).toBe(`#/definitions/${resultType}`);
    expect(
      responseSchema(
        catalog,
        catalog.entries.find((e) => e.kind === 'permission')!,
      )?.schema,
    ).toBeDefined();
  });

  it('a surface naming no result type leaves the answer untyped, with a note', () => {
    const dir = copySnapshot('claude-agent-sdk', version);
    const surface = readJson(join(dir, 'surface.json')) as { permission: Record<string, unknown> };
    delete surface.permission.resultType;
    delete surface.permission.resultPointer;
    writeJson(join(dir, 'surface.json'), surface);
    const catalog = catalogOf('claude-agent-sdk', version, dir);
    const name = surface.permission.name as string;
    expect(answerOf(catalog, 'permission', name)).toMatchObject({ missing: expect.stringContaining('resultType') });
    expect(mapperTyping([catalog]).responseType('permission', name)).toBeUndefined();
  });
});
