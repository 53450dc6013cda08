// The emit cache stays bounded (generator/io/cache.ts): hits refresh an entry, a run that
// added entries drops the least recently used ones over the bound, and a killed run's temp files go.
import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheKey, emitCache, pruneCache } from '../../generator/io/cache.ts';
import { scratchDir } from '../scratch.ts';

const cacheFolder = () => scratchDir('eventmap-cache-prune-');
const age = (file: string, secondsAgo: number) => {
  const t = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(file, t, t);
};

describe('emit cache bound', () => {
  it('drops the least recently used entries once a run adds one over the bound; a hit counts as a use', async () => {
    const dir = cacheFolder();
    const limits = { maxBytes: 10_000, maxEntries: 4 };
    const cache = emitCache(dir, limits);
    const keys = ['a', 'b', 'c', 'd'].map((k) => cacheKey([k]));
    for (const key of keys) await cache.files(key, () => new Map([['f', key]]));
    keys.forEach((key, i) => age(join(dir, `${key}.json`), 1000 - i * 100)); // a oldest … d newest
    cache.prune(); // 4 entries: within the bound
    expect(readdirSync(dir)).toHaveLength(4);

    const next = emitCache(dir, limits);
    // `a` is used again (a hit), then a fifth entry pushes the folder over the bound.
    expect((await next.files(keys[0]!, () => new Map([['f', 'recomputed']]))).get('f')).toBe(keys[0]);
    await next.files(cacheKey(['e']), () => new Map([['f', 'e']]));
    next.prune();
    const left = new Set(readdirSync(dir));
    // Down to 3 of 4 (three quarters): b and c, the least recently used, are gone.
    expect(left).toEqual(new Set([keys[0], keys[3], cacheKey(['e'])].map((k) => `${k}.json`)));
  });

  it('a run that only read the cache prunes nothing', async () => {
    const dir = cacheFolder();
    const key = cacheKey(['only']);
    await emitCache(dir).files(key, () => new Map([['f', 'x']]));
    const reader = emitCache(dir, { maxBytes: 1, maxEntries: 0 });
    expect((await reader.files(key, () => new Map([['f', 'y']]))).get('f')).toBe('x');
    reader.prune();
    expect(existsSync(join(dir, `${key}.json`))).toBe(true);
  });

  it('removes temp files a killed run left behind, not a concurrent run’s fresh one', () => {
    const dir = cacheFolder();
    const [old, fresh] = [join(dir, `${cacheKey(['k1'])}.json.123.tmp`), join(dir, `${cacheKey(['k2'])}.json.456.tmp`)];
    writeFileSync(old, '{');
    writeFileSync(fresh, '{');
    age(old, 2 * 3600);
    pruneCache(dir);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });

  it('prunes only its own files: a shared cache folder keeps other tools’ files, however old', async () => {
    const dir = cacheFolder();
    const foreign = ['tsconfig.tsbuildinfo.tmp', 'babel-loader-cache.json', 'notes.json.1.tmp'].map((n) =>
      join(dir, n),
    );
    for (const f of foreign) {
      writeFileSync(f, 'x'.repeat(5_000));
      age(f, 3 * 3600);
    }
    const cache = emitCache(dir, { maxBytes: 10_000, maxEntries: 2 });
    const [one, two, three] = ['one', 'two', 'three'].map((k) => join(dir, `${cacheKey([k])}.json`));
    for (const k of ['one', 'two', 'three']) await cache.files(cacheKey([k]), () => new Map([['f', k]]));
    age(one!, 200);
    age(two!, 100);
    cache.prune(); // 3 of at most 2 entries: down to 1 (three quarters), the newest
    for (const f of foreign) expect(existsSync(f), f).toBe(true);
    expect([one, two, three].map((f) => existsSync(f!))).toEqual([false, false, true]);
  });

  it('also bounds bytes', async () => {
    const dir = cacheFolder();
    const cache = emitCache(dir, { maxBytes: 2_500, maxEntries: 100 });
    for (let i = 0; i < 5; i++) {
      await cache.files(cacheKey([`big${i}`]), () => new Map([['f', 'x'.repeat(900)]]));
      age(join(dir, `${cacheKey([`big${i}`])}.json`), 1000 - i);
    }
    cache.prune();
    // About 1 KB each: at most 1,875 bytes (three quarters of the bound) are kept, the newest.
    expect(readdirSync(dir).sort()).toEqual([`${cacheKey(['big4'])}.json`].sort());
  });
});
