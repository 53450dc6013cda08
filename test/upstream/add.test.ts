// `upstream add` without the network: a stand-in installer and ingester, to check what the command
// reports (progress, the number of files it really wrote). `upstream support` (the --support edit)
// is played in test/check/bump.test.ts.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addUpstream } from '../../generator/upstream/add.ts';
import type { Ingester } from '../../generator/upstream/ingester.ts';

const root = mkdtempSync(join(tmpdir(), 'eventmap-add-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ingester: Ingester = {
  npmInstallArgs: [],
  ingest(_installed, outDir) {
    mkdirSync(join(outDir, 'v2'), { recursive: true });
    writeFileSync(join(outDir, 'ServerNotification.json'), '{}');
    writeFileSync(join(outDir, 'v2', 'Other.json'), '{}');
    return { command: 'fake' };
  },
};

describe('upstream add', () => {
  it('reports each step, and counts every file it wrote (provenance.json included)', () => {
    const steps: string[] = [];
    const added = addUpstream(join(root, 'upstream-schemas'), 'codex-app-server@9.9.9', {
      progress: (m) => steps.push(m),
      install: (scratch) => ({ scratch, packageDir: scratch, integrity: 'sha512-fake', resolved: {} }),
      ingester,
    });
    const written = readdirSync(added.dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(added.files).toBe(written.length);
    expect(written.map((e) => e.name).sort()).toEqual(['Other.json', 'ServerNotification.json', 'provenance.json']);
    expect(steps.map((s) => s.split(' ')[0])).toEqual(['installing', 'extracting', 'writing']);
    expect(steps[0]).toContain('@openai/codex@9.9.9');
  });
});
