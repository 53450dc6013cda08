// The model's IR from the cache (generator/pipeline/cached-model.ts, issue 17) is the IR a parse gives, on
// the real model; an edit is a miss, and an entry that does not read back is only a miss.
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { emitCache } from '../../generator/io/cache.ts';
import { loadModelCached } from '../../generator/pipeline/cached-model.ts';
import { loadModel } from '../../generator/model/load.ts';
import { scratchDir } from '../scratch.ts';

const MODEL = join(import.meta.dirname, '..', '..', 'canonical-model.yaml');

function project(): { dir: string; model: string; cache: string } {
  const dir = scratchDir('eventmap-model-cache-');
  const model = join(dir, 'canonical-model.yaml');
  copyFileSync(MODEL, model);
  return { dir, model, cache: join(dir, 'cache') };
}

describe('model cache', () => {
  it('a hit is the parsed model, prototype-less records included', () => {
    const p = project();
    const parsed = loadModel(p.model);
    expect(isDeepStrictEqual(loadModelCached(p.model, emitCache(p.cache)), parsed)).toBe(true); // miss: parsed, stored
    expect(readdirSync(p.cache)).toHaveLength(1);
    const hit = loadModelCached(p.model, emitCache(p.cache));
    expect(isDeepStrictEqual(hit, parsed)).toBe(true);
    expect(Object.getPrototypeOf(hit.events)).toBe(null);
    expect(Object.getPrototypeOf(hit.enums)).toBe(null);
    expect(hit.events.constructor).toBeUndefined();
    // Served by the cache, not parsed again: a mark put in the entry comes back.
    const [entry] = readdirSync(p.cache);
    const stored = JSON.parse(readFileSync(join(p.cache, entry!), 'utf8')) as {
      key: string;
      files: [string, string][];
    };
    const ir = JSON.parse(stored.files[0]![1]) as { eventTypes: string[] };
    writeFileSync(
      join(p.cache, entry!),
      JSON.stringify({ ...stored, files: [['text', JSON.stringify({ ...ir, eventTypes: ['marked'] })]] }),
    );
    expect(loadModelCached(p.model, emitCache(p.cache)).eventTypes).toEqual(['marked']);
  });

  it('misses on an edit, and reads a damaged entry as a miss', () => {
    const p = project();
    const first = loadModelCached(p.model, emitCache(p.cache));
    const text = readFileSync(p.model, 'utf8');
    const type = first.eventTypes[0]!;
    writeFileSync(
      p.model,
      text.replace(
        /^events:\n/m,
        'events:\n  test.added:\n    extension: an edit\n    payload: TestAddedPayload\n    schema: { type: object, properties: {} }\n',
      ),
    );
    const edited = loadModelCached(p.model, emitCache(p.cache));
    expect(edited.eventTypes).toEqual(['test.added', ...first.eventTypes]);
    expect(readdirSync(p.cache)).toHaveLength(2);
    writeFileSync(p.model, text);
    for (const entry of readdirSync(p.cache)) {
      const stored = JSON.parse(readFileSync(join(p.cache, entry), 'utf8')) as {
        key: string;
        files: [string, string][];
      };
      writeFileSync(join(p.cache, entry), JSON.stringify({ ...stored, files: [['text', '{ not json']] }));
    }
    const again = loadModelCached(p.model, emitCache(p.cache));
    expect(isDeepStrictEqual(again, loadModel(p.model))).toBe(true);
    expect(again.events[type]).toBeDefined();
  });
});
