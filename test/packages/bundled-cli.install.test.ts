// In `npm run test:install` (it bundles the CLI, ~5 s), beside the other tests of the packaged CLI.
// The upstream validators' worker thread (generator/emit/upstream-parallel.ts), the precompiled
// templates (generator/emit/template-memo.ts) and spec shape check (generator/spec/shape-validator.ts)
// exist only in the bundled CLI: run that CLI from
// scratch with the worker forced on and off, and compare the bytes with each other and with the
// checkout's. Without its file the forced worker run must fail, which shows the
// worker really ran.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageBundledCli } from '../../bench/bundled-cli.ts';
import { runCli } from '../../generator/cli-in-process.ts';
import { BUNDLED_VERSIONS } from '../../generator/emit/manifest.ts';
import { readTree } from '../../generator/fsutil.ts';
import { runGenerate } from '../../generator/pipeline.ts';
import { projectPaths } from '../../generator/project.ts';
import { hostileProject, REPO, type HostileProject } from '../security/hostile-project.ts';

let p: HostileProject;
let out: string;
let bin: string;
beforeAll(async () => {
  p = hostileProject(['codex-sdk']);
  out = mkdtempSync(join(tmpdir(), 'eventmap-worker-cli-'));
  bin = await stageBundledCli(REPO, out);
}, 120_000);
afterAll(() => {
  p.remove();
  rmSync(out, { recursive: true, force: true });
});

function generate(worker: '0' | '1'): { status: number | null; stderr: string; files: Map<string, string> } {
  rmSync(p.at('generated'), { recursive: true, force: true });
  const r = spawnSync(process.execPath, [bin, '--root', p.root, 'generate'], {
    encoding: 'utf8',
    // From scratch: no emit cache, no earlier output.
    env: { ...process.env, EVENTMAP_CACHE: '0', EVENTMAP_UPSTREAM_WORKER: worker },
  });
  return { status: r.status, stderr: r.stderr, files: r.status === 0 ? readTree(p.at('generated')) : new Map() };
}

describe('the bundled CLI: worker thread, precompiled template and shape check', () => {
  it('its worker thread writes the bytes the main thread writes', () => {
    const inWorker = generate('1');
    expect(inWorker.stderr).toContain('wrote');
    const serial = generate('0');
    expect(serial.status).toBe(0);
    expect([...inWorker.files.keys()]).toEqual([...serial.files.keys()]);
    for (const [rel, text] of serial.files) expect(inWorker.files.get(rel), rel).toBe(text);
  }, 120_000);

  it('writes what the checkout writes (its precompiled template renders as the compiled one)', async () => {
    const bundled = generate('1').files;
    rmSync(p.at('generated'), { recursive: true, force: true });
    const saved = process.env.EVENTMAP_CACHE;
    process.env.EVENTMAP_CACHE = '0';
    try {
      const checkout = (await runGenerate(projectPaths(p.root))).files;
      expect([...bundled.keys()].sort()).toEqual([...checkout.keys()].sort());
      for (const [rel, text] of checkout) expect(bundled.get(rel), rel).toBe(text);
    } finally {
      if (saved === undefined) delete process.env.EVENTMAP_CACHE;
      else process.env.EVENTMAP_CACHE = saved;
    }
  }, 120_000);

  it('reports a malformed spec as the checkout does (its precompiled shape check errs as the compiled one)', async () => {
    const spec = p.at('mapping-spec.yaml');
    const original = readFileSync(spec, 'utf8');
    p.editYaml('mapping-spec.yaml', (d) => {
      d.set('sourcez', 1);
      d.setIn(['sources', 'codex-sdk', 'snapshots'], 'not a list');
    });
    try {
      const args = ['--root', p.root, 'check', '--format', 'json'];
      const bundled = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', cwd: p.root });
      const checkout = await runCli(args, { cwd: p.root });
      expect(bundled.status).toBe(2);
      expect(checkout.status).toBe(2);
      expect(bundled.stdout).toContain('spec/wrong-type');
      expect(bundled.stdout).toBe(checkout.stdout);
    } finally {
      writeFileSync(spec, original);
    }
  });

  it('is the same package when built from another working directory', () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'eventmap-build-cwd-'));
    try {
      const r = spawnSync(
        process.execPath,
        [
          '--import',
          pathToFileURL(join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href,
          join(REPO, 'packages', 'build.ts'),
          '--out',
          join(elsewhere, 'out'),
        ],
        { encoding: 'utf8', cwd: elsewhere },
      );
      expect(r.status, r.stderr).toBe(0);
      const pkg = join(dirname(bin), '..');
      for (const file of [BUNDLED_VERSIONS, 'THIRD-PARTY-LICENSES.txt', 'package.json'])
        expect(readFileSync(join(elsewhere, 'out', 'eventmap', file), 'utf8'), file).toBe(
          readFileSync(join(pkg, file), 'utf8'),
        );
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  }, 120_000);

  it('checks a spec with a review marker as the checkout does, from its record of the spec and without', async () => {
    const spec = p.at('mapping-spec.yaml');
    const original = readFileSync(spec, 'utf8');
    writeFileSync(spec, `# eventmap suggest: review\n${original}`);
    const cache = mkdtempSync(join(tmpdir(), 'eventmap-bundled-check-'));
    try {
      expect(generate('0').status).toBe(0);
      // --fast: the record is a developer machine's convenience, off in CI (where this test also runs).
      const args = ['--root', p.root, 'check', '--fast', '--format', 'json'];
      const bundled = (env: Record<string, string>) =>
        spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', cwd: p.root, env: { ...process.env, ...env } });
      const parsed = bundled({ EVENTMAP_CACHE_DIR: cache });
      const recorded = bundled({ EVENTMAP_CACHE_DIR: cache }); // the second answers from check-spec.json
      const uncached = bundled({ EVENTMAP_CACHE: '0' });
      const checkout = await runCli(args, { cwd: p.root });
      expect(checkout.status, checkout.stderr).toBe(0);
      expect(checkout.stdout).toContain('spec/review-marker');
      expect(readFileSync(join(cache, 'check-spec.json'), 'utf8')).toContain('"locs"');
      for (const r of [parsed, recorded, uncached]) {
        expect(r.stderr).toBe('');
        expect(r.status).toBe(0);
        expect(r.stdout).toBe(checkout.stdout);
      }
    } finally {
      writeFileSync(spec, original);
      rmSync(cache, { recursive: true, force: true });
    }
  }, 120_000);

  it('runs the worker when forced (without its file the run fails)', () => {
    unlinkSync(join(dirname(bin), '..', 'lib', 'upstream-worker.js'));
    expect(generate('1').status).not.toBe(0);
  }, 120_000);
});
