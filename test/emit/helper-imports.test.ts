// Each source's generated mappers call the runtime helpers through a table of their own
// (`H.name(ctx, …)`), imported helper by helper from the file that exports it (manifest
// `module`): an app bundles its own source's helpers and no other's (the per-source bundle test,
// test/packages/runtime-consumer.test.ts, checks the bundle itself).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELPER_MANIFEST, HELPER_SOURCES, type HelperName } from '../../runtime/helpers/manifest.ts';
import { HELPER_TABLES } from '../runtime/event-origins.ts';
import { REPO } from './canonical-emit-fixture.ts';

describe.each(HELPER_SOURCES)('generated/%s/mappers.ts', (source) => {
  const text = readFileSync(join(REPO, 'generated', source, 'mappers.ts'), 'utf8');
  const called = new Set([...text.matchAll(/\bH\.(\w+)\(/g)].map((m) => m[1]!));
  const table = Object.keys(HELPER_TABLES[source]);

  it('holds exactly the helpers its code calls, each one that serves the source', () => {
    expect(table.sort()).toEqual([...called].sort());
    for (const name of table)
      expect([name, HELPER_MANIFEST[name as HelperName].sources]).toEqual([name, expect.arrayContaining([source])]);
  });

  it('imports each from its own file, and no table of every helper', () => {
    expect(text).not.toMatch(/runtime\/helpers\/index/);
    const imported = [...text.matchAll(/^import \{([^}]*)\} from '\.\.\/\.\.\/runtime\/helpers\/([\w-]+)\.ts';$/gm)];
    const names = (list: string) =>
      list
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
    const from = new Map(imported.flatMap((m) => names(m[1]!).map((n) => [n, m[2]!] as const)));
    expect(new Map(table.map((n) => [n, HELPER_MANIFEST[n as HelperName].module]))).toEqual(from);
  });
});
