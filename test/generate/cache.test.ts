// The emit cache (issue 17): a spec-only change recompiles no upstream type or validator, a hit
// is byte-identical to a cold run, and a broken cache entry is only a miss.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generate, hostileProject, type HostileProject } from '../security/hostile-project.ts';

let p: HostileProject;
let dir: string;
const saved = process.env.EVENTMAP_CACHE_DIR;
beforeEach(() => {
  p = hostileProject(['codex-sdk']);
  dir = mkdtempSync(join(tmpdir(), 'eventmap-cache-'));
  process.env.EVENTMAP_CACHE_DIR = dir;
});
afterEach(() => {
  p.remove();
  rmSync(dir, { recursive: true, force: true });
  if (saved === undefined) delete process.env.EVENTMAP_CACHE_DIR;
  else process.env.EVENTMAP_CACHE_DIR = saved;
});

async function files(): Promise<Map<string, string>> {
  const o = await generate(p);
  if (o.kind !== 'generated') throw new Error(JSON.stringify(o.diagnostics));
  return o.files;
}

describe('emit cache', () => {
  it('a warm run is byte-identical to a cold one, and a spec-only change adds no entry', async () => {
    const cold = await files();
    const entries = readdirSync(dir).sort();
    expect(entries.length).toBeGreaterThan(0);
    expect(await files()).toEqual(cold);
    p.editYaml('mapping-spec.yaml', (d) => {
      d.commentBefore = ' a spec-only change';
    });
    const warm = await files();
    expect(readdirSync(dir).sort()).toEqual(entries);
    // What the cache holds is unchanged (mappers and coverage still name spec lines: issue 15).
    for (const [rel, text] of cold) if (/^canonical\/|upstream-/.test(rel)) expect(warm.get(rel), rel).toBe(text);
  });

  it('serves what it stored (a hit), and treats a damaged entry as a miss', async () => {
    const cold = await files();
    const entry = readdirSync(dir)
      .map((f) => join(dir, f))
      .find((f) => readFileSync(f, 'utf8').includes('upstream-validators.js'))!;
    const stored = JSON.parse(readFileSync(entry, 'utf8')) as { key: string; files: [string, string][] };
    const marked = stored.files.map(([rel, text]) => [
      rel,
      rel.endsWith('upstream-validators.js') ? `${text}// from the cache\n` : text,
    ]);
    writeFileSync(entry, JSON.stringify({ ...stored, files: marked }));
    // Without the last output, which a generate would reuse first (test/generate/committed-output.test.ts).
    rmSync(p.at('generated'), { recursive: true, force: true });
    expect((await files()).get('codex-sdk/upstream-validators.js')).toMatch(/\/\/ from the cache\n$/);
    writeFileSync(entry, '{ not json');
    rmSync(p.at('generated'), { recursive: true, force: true });
    expect(await files()).toEqual(cold);
  });
});
