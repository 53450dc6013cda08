// The codex-sdk ingester, offline: the real dist/index.d.ts with a stand-in MCP SDK reproduces the
// vendored snapshot byte for byte, and twice in a row.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTree } from '../../generator/io/fsutil.ts';
import { ingestCodexSdk } from '../../generator/upstream/codex-sdk.ts';
import { catalogOf, snapshotDir, tempDir } from '../catalog/helpers.ts';
import { fakeCodexSdkScratch } from './fake-scratch.ts';

function ingest(): string {
  const out = join(tempDir('eventmap-out-'), 'snapshot');
  ingestCodexSdk.ingest(fakeCodexSdkScratch(), out, dirname(out));
  return out;
}

describe('ingestCodexSdk', () => {
  it('skips the native binary (optional dependencies)', () => {
    expect(ingestCodexSdk.npmInstallArgs).toContain('--omit=optional');
  });

  it('writes exactly the vendored index.schema.json and surface.json', () => {
    const out = ingest();
    const files = readTree(out);
    expect([...files.keys()]).toEqual(['index.schema.json', 'surface.json']);
    for (const [rel, text] of files)
      expect(text, rel).toBe(readFileSync(join(snapshotDir('codex-sdk', '0.163.0'), rel), 'utf8'));
  });

  it('is deterministic and its output catalogs like the vendored one', () => {
    const [a, b] = [ingest(), ingest()];
    expect(readTree(a)).toEqual(readTree(b));
    const names = (dir?: string) => catalogOf('codex-sdk', '0.163.0', dir).entries.map((e) => `${e.kind}:${e.name}`);
    expect(names(a)).toEqual(names());
  });
});
