// What each command loads before its action runs. `eventmap --help` (and a mistyped command)
// registers every command, so no command module may statically reach the TypeScript compiler
// (~1.3 s to load); `check` is the gate people wait on, so its fast path loads no emitter either.
// The import graph is esbuild's (static imports only; dynamic imports are what runs on demand).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { generate, hostileProject } from '../security/hostile-project.ts';

const REPO = join(import.meta.dirname, '..', '..');
const COMMANDS = readdirSync(join(REPO, 'generator', 'commands'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => `generator/commands/${f}`);
/** What every command runs through (the executable's own imports). */
const CLI = 'generator/cli/run.ts';

/** Every module and package a file loads through static imports, transitively. */
async function staticClosure(): Promise<(entry: string) => Set<string>> {
  const { metafile } = await build({
    entryPoints: [CLI, ...COMMANDS].map((c) => join(REPO, c)),
    absWorkingDir: REPO,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir: join(REPO, 'node_modules', '.cache', 'lazy-load-test'),
    logLevel: 'silent',
  });
  const inputs: Metafile['inputs'] = metafile.inputs;
  return (entry) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      for (const imp of inputs[file]?.imports ?? []) {
        if (imp.kind !== 'import-statement' && imp.kind !== 'require-call') continue;
        if (seen.has(imp.path)) continue;
        seen.add(imp.path);
        if (!imp.external) visit(imp.path);
      }
    };
    visit(entry);
    return seen;
  };
}

const packageOf = (path: string) => (path.startsWith('@') ? path.split('/').slice(0, 2) : path.split('/', 1)).join('/');

describe('lazy loading', () => {
  it('no command module statically loads the TypeScript compiler (help registers them all)', async () => {
    const closure = await staticClosure();
    expect(COMMANDS).toContain('generator/commands/upstream.ts');
    const heavy = new Set(['ts-morph', 'typescript', 'ts-json-schema-generator']);
    const offending = COMMANDS.flatMap((c) =>
      [...closure(c)].filter((p) => heavy.has(packageOf(p))).map((p) => `${c} → ${p}`),
    );
    expect(offending).toEqual([]);
    // The graph is real: the commands do reach their packages and their own modules.
    expect([...closure('generator/commands/check.ts')]).toEqual(
      expect.arrayContaining(['commander', 'generator/check/run.ts']),
    );
  });

  it('`eventmap --help` really loads no TypeScript compiler (the modules a run of it loaded)', () => {
    // A run in a fresh process: what it required (ts-morph and typescript are CommonJS) is in require.cache.
    const script = `
      const { runMain } = await import('./generator/cli/run.ts');
      await runMain(['--help']);
      const { createRequire } = await import('node:module');
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      console.log('LOADED ' + JSON.stringify(loaded));`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: REPO,
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('upstream');
    const loaded = JSON.parse(r.stdout.slice(r.stdout.lastIndexOf('LOADED ') + 7)) as string[];
    expect(loaded.length).toBeGreaterThan(0); // the cache is read: commander at least
    expect(
      loaded.filter((f) => /[\\/]node_modules[\\/](?:ts-morph|typescript|ts-json-schema-generator)[\\/]/.test(f)),
    ).toEqual([]);
  });

  it('check loads no emitter, no Prettier, no Ajv compiler and no YAML parser before it knows it needs them', async () => {
    const closure = await staticClosure();
    const loaded = [...closure('generator/commands/check.ts'), ...closure(CLI)];
    // The spec's parser (the yaml library, the shape check's Ajv) is imported by check's action.
    const heavy = new Set(['json-schema-to-typescript', 'prettier', 'handlebars', 'ajv', 'yaml']);
    expect(loaded.filter((p) => heavy.has(packageOf(p)))).toEqual([]);
    // The upstream emitters are the pipeline's to load, on the slow path only.
    expect(loaded.filter((p) => /^generator\/emit\/upstream-/.test(p))).toEqual([]);
    for (const module of [
      'generator/pipeline/pipeline.ts',
      'generator/mapping/load.ts',
      'generator/mapping/shape-validator.ts',
    ])
      expect(loaded).not.toContain(module);
    // semver's index loads every function it has (72 KB in the bundle): modules import the ones they call.
    expect(loaded).not.toContain('semver');
    expect(loaded).toContain('generator/emit/manifest.ts'); // what the fast path does load
  });

  it('a check of unchanged inputs really loads no emitter, Prettier or TypeScript (the modules a run loaded)', async () => {
    // Static imports are not all: a dynamic import that always runs would load them too. A real run
    // in a fresh process; the packages resolve to CommonJS here, so require.cache holds what it
    // loaded (their package.json files are read for their versions: not loaded). It parses the
    // spec (the yaml library, and in a checkout Ajv for its shape), and builds nothing.
    const p = hostileProject(['codex-sdk']);
    try {
      expect((await generate(p)).kind).toBe('generated');
      const script = `
        const { runMain } = await import('./generator/cli/run.ts');
        const code = await runMain(['--root', ${JSON.stringify(p.root)}, 'check', '--format', 'json']);
        const { createRequire } = await import('node:module');
        console.log('LOADED ' + JSON.stringify({ code, loaded: Object.keys(createRequire(import.meta.url).cache) }));`;
      const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: REPO,
        encoding: 'utf8',
        env: { ...process.env, CI: '' },
      });
      expect(r.status, r.stderr).toBe(0);
      const checked = JSON.parse(r.stdout.slice(0, r.stdout.lastIndexOf('LOADED '))) as { fast: boolean };
      const run = JSON.parse(r.stdout.slice(r.stdout.lastIndexOf('LOADED ') + 7)) as { code: number; loaded: string[] };
      expect({ code: run.code, fast: checked.fast }).toEqual({ code: 0, fast: true });
      expect(run.loaded.some((f) => /[\\/]node_modules[\\/]commander[\\/]/.test(f))).toBe(true);
      const heavy = run.loaded.filter(
        (f) =>
          /[\\/]node_modules[\\/](?:prettier|handlebars|json-schema-to-typescript|ts-morph|typescript)[\\/]/.test(f) &&
          !f.endsWith('package.json'),
      );
      expect(heavy).toEqual([]);
    } finally {
      p.remove();
    }
  });
});
