// Catalogs from the cache (generator/pipeline/cached-catalog.ts, issue 17) are the catalogs a build gives,
// on every supported snapshot; a changed snapshot file is a miss.
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogLoader } from '../../generator/pipeline/cached-catalog.ts';
import { loadCatalog } from '../../generator/catalog/load.ts';
import { resolveVersion } from '../../generator/catalog/snapshots.ts';
import { emitCache } from '../../generator/io/cache.ts';
import { loadSpec } from '../../generator/mapping/load.ts';
import type { SourceName } from '../../generator/project/sources.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const spec = loadSpec(join(ROOT, 'mapping-spec.yaml'));
const refs = Object.entries(spec.sources).flatMap(([source, s]) =>
  s.snapshots.map((v) => resolveVersion(join(ROOT, 'upstream-schemas'), source as SourceName, v.version)),
);
const dir = mkdtempSync(join(tmpdir(), 'eventmap-catalog-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('catalog cache', () => {
  it.each(refs.map((r) => [`${r.source}@${r.version}`, r] as const))('%s: a hit is the built catalog', (_n, ref) => {
    const load = catalogLoader(emitCache(dir));
    const before = readdirSync(dir).length;
    // A miss is loadCatalog's own build (generator/io/cache.ts returns what it built), stored: one
    // build per snapshot, not a second one to compare with.
    const built = load(ref);
    expect(readdirSync(dir).length).toBe(before + 1);
    const hit = load(ref);
    expect(isDeepStrictEqual(hit, built)).toBe(true);
    expect(Object.keys(hit.documents)).toEqual(Object.keys(built.documents));
    expect(Object.getPrototypeOf(hit.enums)).toBe(null);
  });

  it('a hit parses each document when it is first read, once', () => {
    const ref = refs.find((r) => r.source === 'codex-app-server') ?? refs[0]!;
    const load = catalogLoader(emitCache(dir));
    load(ref);
    const hit = load(ref);
    const [first, second] = Object.keys(hit.documents);
    const parsed = () =>
      Object.keys(hit.documents).filter((d) => !Object.getOwnPropertyDescriptor(hit.documents, d)!.get);
    expect(parsed()).toEqual([]);
    const doc = hit.documents[first!];
    expect(hit.documents[first!]).toBe(doc);
    expect(parsed()).toEqual([first]);
    expect(second === undefined || !parsed().includes(second)).toBe(true);
  });

  it('reads a damaged entry as a miss', () => {
    const ref = refs.find((r) => r.source === 'codex-sdk') ?? refs[0]!;
    const cacheDir = join(dir, 'damaged');
    const load = catalogLoader(emitCache(cacheDir));
    load(ref);
    for (const f of readdirSync(cacheDir)) {
      const stored = JSON.parse(readFileSync(join(cacheDir, f), 'utf8')) as { key: string };
      writeFileSync(join(cacheDir, f), JSON.stringify({ ...stored, files: [['text', '{"entries": 1}']] }));
    }
    expect(isDeepStrictEqual(catalogLoader(emitCache(cacheDir))(ref), loadCatalog(ref))).toBe(true);
  });

  it('misses when a snapshot file changes', () => {
    const ref = refs.find((r) => r.source === 'codex-sdk') ?? refs[0]!;
    const copy = join(dir, 'snapshot');
    cpSync(ref.dir, copy, { recursive: true });
    const load = catalogLoader(emitCache(join(dir, 'cache')));
    const first = load({ ...ref, dir: copy });
    const doc = Object.keys(first.documents)[0]!;
    const text = readFileSync(join(copy, doc), 'utf8');
    writeFileSync(join(copy, doc), text.replace(/^\{/, '{"description":"changed",'));
    const changed = load({ ...ref, dir: copy });
    expect((changed.documents[doc] as { description?: string }).description).toBe('changed');
    expect(readdirSync(join(dir, 'cache')).length).toBe(2);
  });
});
