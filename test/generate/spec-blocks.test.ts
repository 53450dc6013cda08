// The record of parsed spec blocks (generator/spec/block-store.ts, issue 17): a warm generate
// parses only the blocks an edit touched and writes what a cold one writes; the record is read
// only by the eventmap that wrote it, and never where nothing may be trusted (CI).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectWithOwnCache } from './own-cache.ts';

const own = projectWithOwnCache(['codex-sdk']);
const files = (options: { reuseGenerated?: boolean } = {}) => own.files(options);

const RECORD = () => join(own.dir(), 'spec-blocks.json');
interface Record {
  version: string;
  entries: { [hash: string]: { key: string; value: unknown } };
}

/** The record with turn.completed's constant state changed: what a run believing it would write. */
function forge(): void {
  const text = readFileSync(RECORD(), 'utf8');
  const forged = text.replace('"state":"completed"', '"state":"interrupted"');
  expect(forged).not.toBe(text);
  writeFileSync(RECORD(), forged);
}

describe('spec blocks record', () => {
  it('a warm generate after an edit writes what a cold one writes', async () => {
    const cold = await files();
    expect(Object.keys((JSON.parse(readFileSync(RECORD(), 'utf8')) as Record).entries).length).toBeGreaterThan(1);
    own.project().editYaml('mapping-spec.yaml', (d) => {
      d.commentBefore = ' an edit at the top';
    });
    const warm = await files();
    rmSync(own.dir(), { recursive: true, force: true });
    expect(await files()).toEqual(warm);
    expect(warm.get('codex-sdk/mappers.ts')).toBe(cold.get('codex-sdk/mappers.ts'));
  });

  it('is believed where reuse is trusted, and ignored in CI and by another eventmap', async () => {
    const cold = await files();
    const mappers = (f: Map<string, string>) => f.get('codex-sdk/mappers.ts');
    forge();
    // Trusted (outside CI): the record is what spares the parse, so a forged one is believed.
    expect(mappers(await files())).not.toBe(mappers(cold));
    expect(readFileSync(RECORD(), 'utf8')).toContain('"state":"interrupted"');
    expect(await files({ reuseGenerated: false })).toEqual(cold);
    // Written by another eventmap (code or yaml version): not read.
    const record = JSON.parse(readFileSync(RECORD(), 'utf8')) as Record;
    writeFileSync(RECORD(), JSON.stringify({ ...record, version: `${record.version}-other` }));
    expect(await files()).toEqual(cold);
  });
});
