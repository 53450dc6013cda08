// The canonical emitter is deterministic: byte-identical output on every run, whatever the locale
// or the order the model's maps were built in, and the committed generated/canonical is current.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitCanonical } from '../../generator/emit/canonical/index.ts';
import { formatFiles } from '../../generator/emit/format.ts';
import { loadModel } from '../../generator/model/load.ts';
import { MODEL_FILE, REPO } from './canonical-emit-fixture.ts';

describe('canonical emitter output', () => {
  it('is byte-identical across runs and fresh loads', async () => {
    const first = await emitCanonical(loadModel(MODEL_FILE));
    const second = await emitCanonical(loadModel(MODEL_FILE));
    expect([...first.keys()]).toEqual([
      'canonical/schema.json',
      'canonical/types.ts',
      'canonical/lifecycle.ts',
      'canonical/validate.d.ts',
      'canonical/validate.js',
    ]);
    for (const [rel, text] of first) expect(second.get(rel), rel).toBe(text);
  });

  it('does not mutate the model it is given', async () => {
    const model = loadModel(MODEL_FILE);
    const before = JSON.stringify(model);
    await emitCanonical(model);
    expect(JSON.stringify(model)).toBe(before);
  });

  it('has no timestamps or machine paths, ends files with a newline, and sorts schema.json keys', async () => {
    const files = await emitCanonical(loadModel(MODEL_FILE));
    for (const [rel, text] of files) {
      expect(text.endsWith('\n'), rel).toBe(true);
      expect(text, rel).not.toContain(REPO);
      expect(text, rel).not.toMatch(/\b20\d\d-\d\d-\d\dT\d\d:\d\d(?!:00\.000Z)/);
    }
    const schema = files.get('canonical/schema.json')!;
    const keys = Object.keys(JSON.parse(schema).definitions as object);
    expect(keys).toEqual([...keys].sort());
  });

  it('matches the committed generated/canonical (run `eventmap generate` after changing the model)', async () => {
    // `generate` formats the TypeScript it writes.
    const files = await formatFiles(await emitCanonical(loadModel(MODEL_FILE)));
    for (const [rel, text] of files) expect(readFileSync(join(REPO, 'generated', rel), 'utf8'), rel).toBe(text);
  });
});
