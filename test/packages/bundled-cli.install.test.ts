// In `npm run test:install` (it bundles the CLI, ~5 s), beside the other tests of the packaged CLI.
// The precompiled templates (generator/emit/template-memo.ts) and spec shape check
// (generator/mapping/shape-validator.ts) exist only in the bundled CLI: run that CLI from scratch and
// compare its bytes and its errors with the checkout's.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageBundledCli } from '../../bench/bundled-cli.ts';
import { runCli } from '../run-cli.ts';
import { BUNDLED_VERSIONS } from '../../generator/emit/manifest.ts';
import { readTree } from '../../generator/io/fsutil.ts';
import { runGenerate } from '../../generator/pipeline/pipeline.ts';
import { projectPaths } from '../../generator/project/paths.ts';
import { hostileProject, REPO, type HostileProject } from '../security/hostile-project.ts';

let p: HostileProject;
let out: string;
let bin: string;
beforeAll(async () => {
  p = hostileProject(['codex-sdk']);
  out = mkdtempSync(join(tmpdir(), 'eventmap-worker-cli-'));
  bin = await stageBundledCli(REPO, out);
});
afterAll(() => {
  p.remove();
  rmSync(out, { recursive: true, force: true });
});

function generate(): { status: number | null; stderr: string; files: Map<string, string> } {
  rmSync(p.at('generated'), { recursive: true, force: true });
  const r = spawnSync(process.execPath, [bin, '--root', p.root, 'generate'], {
    encoding: 'utf8',
    // From scratch: no emit cache, no earlier output.
    env: { ...process.env, EVENTMAP_CACHE: '0' },
  });
  return { status: r.status, stderr: r.stderr, files: r.status === 0 ? readTree(p.at('generated')) : new Map() };
}

describe('the bundled CLI: precompiled template and shape check', () => {
  it('writes what the checkout writes (its precompiled template renders as the compiled one)', async () => {
    const generated = generate();
    expect(generated.stderr).toContain('wrote');
    const bundled = generated.files;
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
  });

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
  });

  it('checks a spec with a review marker as the checkout does', async () => {
    const spec = p.at('mapping-spec.yaml');
    const original = readFileSync(spec, 'utf8');
    writeFileSync(spec, `# eventmap suggest: review\n${original}`);
    try {
      expect(generate().status).toBe(0);
      // --fast: the manifest's fast path is a developer machine's convenience, off in CI (where this test also runs).
      const args = ['--root', p.root, 'check', '--fast', '--format', 'json'];
      const bundled = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', cwd: p.root });
      const checkout = await runCli(args, { cwd: p.root });
      expect(checkout.status, checkout.stderr).toBe(1); // a draft nobody reviewed fails the gate
      expect(checkout.stdout).toContain('spec/review-marker');
      expect(bundled.stderr).toBe('');
      expect(bundled.status).toBe(1);
      expect(bundled.stdout).toBe(checkout.stdout);
    } finally {
      writeFileSync(spec, original);
    }
  });
});
