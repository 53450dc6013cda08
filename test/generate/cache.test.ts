// The emit cache (issue 17): a spec-only change recompiles no upstream type or validator, a hit
// is byte-identical to a cold run, and a broken cache entry is only a miss.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheDir } from '../../generator/io/cache.ts';
import { projectWithOwnCache } from './own-cache.ts';

const own = projectWithOwnCache(['codex-sdk']);
const files = () => own.files();

describe('emit cache', () => {
  it('lives outside the checkout and node_modules: EVENTMAP_CACHE_DIR, else XDG_CACHE_HOME, else ~/.cache', () => {
    expect(cacheDir({ EVENTMAP_CACHE: '0', EVENTMAP_CACHE_DIR: '/c' })).toBeUndefined();
    expect(cacheDir({ EVENTMAP_CACHE_DIR: '/c', XDG_CACHE_HOME: '/x' })).toBe('/c');
    expect(cacheDir({ XDG_CACHE_HOME: '/x' })).toBe(join('/x', 'eventmap', 'emit'));
    // A relative XDG_CACHE_HOME is ignored, as the XDG rule says.
    expect(cacheDir({ XDG_CACHE_HOME: 'x' })).toBe(join(homedir(), '.cache', 'eventmap', 'emit'));
    expect(cacheDir({})).toBe(join(homedir(), '.cache', 'eventmap', 'emit'));
  });

  it('a warm run is byte-identical to a cold one, and a spec-only change adds no entry', async () => {
    const cold = await files();
    const entries = readdirSync(own.dir()).sort();
    expect(entries.length).toBeGreaterThan(0);
    expect(await files()).toEqual(cold);
    own.project().editYaml('mapping-spec.yaml', (d) => {
      d.commentBefore = ' a spec-only change';
    });
    const warm = await files();
    expect(readdirSync(own.dir()).sort()).toEqual(entries);
    // What the cache holds is unchanged (mappers and coverage still name spec lines: issue 15).
    for (const [rel, text] of cold) if (/^canonical\/|upstream-/.test(rel)) expect(warm.get(rel), rel).toBe(text);
  });

  it('serves what it stored (a hit), and treats a damaged entry as a miss', async () => {
    const cold = await files();
    const entry = readdirSync(own.dir())
      .map((f) => join(own.dir(), f))
      .find((f) => readFileSync(f, 'utf8').includes('upstream-validators.js'))!;
    const stored = JSON.parse(readFileSync(entry, 'utf8')) as { key: string; files: [string, string][] };
    const marked = stored.files.map(([rel, text]) => [
      rel,
      rel.endsWith('upstream-validators.js') ? `${text}// from the cache\n` : text,
    ]);
    writeFileSync(entry, JSON.stringify({ ...stored, files: marked }));
    // Without the last output, which a generate would reuse first (test/generate/committed-output.test.ts).
    rmSync(own.project().at('generated'), { recursive: true, force: true });
    expect((await files()).get('codex-sdk/upstream-validators.js')).toMatch(/\/\/ from the cache\n$/);
    writeFileSync(entry, '{ not json');
    rmSync(own.project().at('generated'), { recursive: true, force: true });
    expect(await files()).toEqual(cold);
  });
});
