// generated/ as a cache (generator/emit/stages.ts, issue 17): a generate with an empty emit cache
// (a fresh clone) reuses the expensive stages' files that manifest.json records under the same key,
// and rebuilds a stage whose file was edited, is missing, or came from other inputs — always
// writing the bytes a from-scratch run writes.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runGenerate } from '../../generator/pipeline/pipeline.ts';
import { projectPaths } from '../../generator/project/paths.ts';
import { generate, hostileProject, type HostileProject } from '../security/hostile-project.ts';

const SOURCE = 'codex-sdk';
let p: HostileProject;
let scratch: Map<string, string>;
const saved = { dir: process.env.EVENTMAP_CACHE_DIR, off: process.env.EVENTMAP_CACHE };
const caches: string[] = [];

/** Each run gets an empty emit cache: only generated/ can serve a stage. */
async function freshCloneRun(): Promise<{ files: Map<string, string>; origin: (stage: string) => string | undefined }> {
  const dir = mkdtempSync(join(tmpdir(), 'eventmap-committed-'));
  caches.push(dir);
  process.env.EVENTMAP_CACHE_DIR = dir;
  const before = await runGenerate(projectPaths(p.root));
  const o = await generate(p); // the same again, written to generated/ (with a warm cache now: same bytes)
  if (o.kind !== 'generated') throw new Error(JSON.stringify(o.diagnostics));
  expect(o.files).toEqual(before.files);
  return { files: before.files, origin: (s) => before.stages.get(s) };
}

beforeAll(async () => {
  p = hostileProject([SOURCE]);
  // From scratch: no generated/, every reuse off.
  process.env.EVENTMAP_CACHE = '0';
  const o = await generate(p);
  if (o.kind !== 'generated') throw new Error(JSON.stringify(o.diagnostics));
  scratch = o.files;
  delete process.env.EVENTMAP_CACHE;
  cpSync(p.at('generated'), p.at('scratch'), { recursive: true });
});
beforeEach(() => {
  // generated/ as the from-scratch run left it.
  rmSync(p.at('generated'), { recursive: true, force: true });
  cpSync(p.at('scratch'), p.at('generated'), { recursive: true });
});
afterAll(() => {
  p.remove();
  for (const dir of caches) rmSync(dir, { recursive: true, force: true });
  for (const [name, value] of [
    ['EVENTMAP_CACHE_DIR', saved.dir],
    ['EVENTMAP_CACHE', saved.off],
  ] as const)
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
});

describe('generated/ as a cache', () => {
  it('a fresh clone rebuilds no expensive stage and writes the from-scratch bytes', async () => {
    const run = await freshCloneRun();
    expect(run.origin(`upstream ${SOURCE}`)).toBe('committed');
    expect(run.origin('canonical')).toBe('committed');
    expect(run.origin(`mappers ${SOURCE}`)).toBe('committed');
    expect(run.files).toEqual(scratch);
  });

  it('rebuilds a stage whose file was edited by hand', async () => {
    const rel = `${SOURCE}/upstream-types.ts`;
    writeFileSync(p.at('generated', rel), `${readFileSync(p.at('generated', rel), 'utf8')}// edited\n`);
    const run = await freshCloneRun();
    expect(run.origin(`upstream ${SOURCE}`)).toBe('built');
    expect(run.origin('canonical')).toBe('committed');
    expect(run.files).toEqual(scratch);
  });

  it('rebuilds a stage one of whose files is missing', async () => {
    unlinkSync(p.at('generated', `${SOURCE}/upstream-validators.d.ts`));
    const run = await freshCloneRun();
    expect(run.origin(`upstream ${SOURCE}`)).toBe('built');
    expect(run.files).toEqual(scratch);
  });

  it('rebuilds a stage whose inputs changed since (a stale file is not reused)', async () => {
    // The same schema in other bytes: a new key (keys hash the files), the same output.
    const spec = parse(readFileSync(p.at('mapping-spec.yaml'), 'utf8')) as {
      sources: Record<string, { snapshots: (string | { version: string })[] }>;
    };
    const first = spec.sources[SOURCE]!.snapshots[0]!;
    const folder = join('upstream-schemas', SOURCE, typeof first === 'string' ? first : first.version);
    const rel = join(
      folder,
      readdirSync(p.at(folder)).find((f) => f.endsWith('.json'))!,
    );
    const original = readFileSync(p.at(rel), 'utf8');
    writeFileSync(p.at(rel), JSON.stringify(JSON.parse(original)));
    try {
      const run = await freshCloneRun();
      expect(run.origin(`upstream ${SOURCE}`)).toBe('built');
      expect(run.origin('canonical')).toBe('committed');
      process.env.EVENTMAP_CACHE = '0';
      const now = await runGenerate(projectPaths(p.root));
      expect(now.stages.get(`upstream ${SOURCE}`)).toBe('built');
      expect(run.files).toEqual(now.files);
    } finally {
      delete process.env.EVENTMAP_CACHE;
      writeFileSync(p.at(rel), original);
    }
  });

  it('rebuilds when the manifest lists a path outside generated/, or no manifest is there', async () => {
    const manifestFile = p.at('generated', 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
      stages: Record<string, { files: string[] }>;
    };
    manifest.stages['canonical']!.files.push('../mapping-spec.yaml');
    writeFileSync(manifestFile, JSON.stringify(manifest));
    expect((await freshCloneRun()).origin('canonical')).toBe('built');
    unlinkSync(manifestFile);
    const run = await freshCloneRun();
    expect(run.origin(`upstream ${SOURCE}`)).toBe('built');
    expect(run.files).toEqual(scratch);
  });
});
