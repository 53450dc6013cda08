// @eventmap/runtime as an app gets it: packed, installed alone into an empty project, compiled
// with tsc --strict under both module resolutions apps use, run under plain node on real
// transcripts, and bundled for the browser. Needs no registry: the runtime has no dependencies.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateUpstream } from '../../generated/codex-app-server/upstream-validators.js';
import { HELPER_MANIFEST } from '../../runtime/helpers/manifest.ts';
import { createNormalizer, SOURCES, type SourceName } from '../../runtime/index.ts';
import { transcripts } from '../conformance/transcripts.ts';
import { installProject, packInTemp, REPO, type Workspace } from './support.ts';

const FIXTURE = join(REPO, 'test', 'fixtures', 'consumer');
const RENDER = join(REPO, 'test', 'fixtures', 'reducer-app', 'render.ts');
const TSC = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');

let ws: Workspace;
let app: string;
let pkg: string;

beforeAll(async () => {
  ws = await packInTemp();
  app = join(ws.root, 'app');
  installProject(app, [ws.packages.runtime.tarball], ['--offline']);
  pkg = join(app, 'node_modules', '@eventmap', 'runtime');
});

afterAll(() => ws?.remove());

describe('the runtime tarball', () => {
  it("installs exactly one package, with no dependencies (./otel's is an optional peer)", () => {
    const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dependencies?: object }>;
    };
    expect(Object.keys(lock.packages).filter((p) => p !== '')).toEqual(['node_modules/@eventmap/runtime']);
    expect(JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'))).not.toHaveProperty('dependencies');
  });

  it('ships declarations without `any`', () => {
    const files = (readdirSync(pkg, { recursive: true }) as string[]).filter((f) => f.endsWith('.d.ts'));
    expect(files).toContain('runtime/index.d.ts');
    const anys: string[] = [];
    for (const f of files) {
      const source = ts.createSourceFile(f, readFileSync(join(pkg, f), 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (node.kind === ts.SyntaxKind.AnyKeyword)
          anys.push(`${f}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(anys).toEqual([]);
  });
});

describe('an app using it', () => {
  // The consumer file, and every TypeScript example of the README's "Quick start" and "Use in an app".
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const section = (title: string) =>
    readme.slice(readme.indexOf(`## ${title}\n`), readme.indexOf('\n## ', readme.indexOf(`## ${title}\n`) + 1));
  const examples = ['Quick start', 'Use in an app'].flatMap((title) =>
    [...section(title).matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!),
  );

  const compile = (moduleResolution: 'nodenext' | 'bundler') => {
    copyFileSync(join(FIXTURE, 'consumer.ts'), join(app, 'consumer.ts'));
    copyFileSync(join(FIXTURE, 'per-source.ts'), join(app, 'per-source.ts'));
    // The reducer's renderer fixture, importing the package's subpath as an app does.
    writeFileSync(
      join(app, 'render.ts'),
      readFileSync(RENDER, 'utf8').replace("'../../../runtime/reducer/index.ts'", "'@eventmap/runtime/reducer'"),
    );
    examples.forEach((code, i) => writeFileSync(join(app, `readme-${i + 1}.ts`), code));
    const config = {
      compilerOptions: {
        strict: true,
        target: 'es2022',
        module: moduleResolution === 'nodenext' ? 'nodenext' : 'esnext',
        moduleResolution,
        lib: ['es2023', 'dom'],
        types: [],
        skipLibCheck: false, // check the package's own declarations too
        outDir: 'out',
        noEmit: moduleResolution !== 'nodenext',
      },
      include: ['*.ts'],
    };
    writeFileSync(join(app, `tsconfig.${moduleResolution}.json`), JSON.stringify(config));
    try {
      execFileSync(process.execPath, [TSC, '-p', `tsconfig.${moduleResolution}.json`], { cwd: app, encoding: 'utf8' });
      return '';
    } catch (err) {
      return String((err as { stdout?: string }).stdout ?? err);
    }
  };

  it('has README examples to check', () => {
    expect(examples.length).toBeGreaterThanOrEqual(5);
  });

  it.each(['nodenext', 'bundler'] as const)(
    'type-checks under tsc --strict, moduleResolution %s',
    (moduleResolution) => {
      expect(compile(moduleResolution)).toBe('');
    },
  );

  // One transcript per source, the newest version's: what the runtime says in-process is what the
  // installed package says to plain node.
  const latest = new Map(transcripts().map((t) => [t.source, t]));
  it.each([...latest.values()].map((t) => [t.file, t] as const))('runs under plain node on %s', (_file, t) => {
    copyFileSync(join(FIXTURE, 'run.mjs'), join(app, 'run.mjs'));
    const out = JSON.parse(
      execFileSync(process.execPath, ['run.mjs', t.source, join(REPO, 'test', 'fixtures', 'transcripts', t.file)], {
        cwd: app,
        encoding: 'utf8',
      }),
    ) as Record<string, unknown>;

    const normalizer = createNormalizer(t.source as SourceName, {
      sessionId: 'consumer',
      clock: () => 0,
      ...(t.source === 'codex-app-server' ? { validateUpstream } : {}),
    });
    const events = [...t.lines.flatMap((l) => normalizer.push(l)), ...normalizer.end().events];
    const types: Record<string, number> = {};
    for (const e of events) types[e.type] = (types[e.type] ?? 0) + 1;
    expect(out).toEqual({
      sources: ['codex-app-server', 'claude-agent-sdk', 'codex-sdk', 'acp'],
      types,
      turnStates: events.flatMap((e) => (e.type === 'turn.completed' ? [e.payload.state] : [])),
      closedBySessionEnd: events.filter(
        (e) =>
          e.type === 'item.completed' && e.payload.status === 'cancelled' && e.raw?.source === 'eventmap.synthetic',
      ).length,
      invalid: [],
      stats: normalizer.stats,
      streamed: events.length,
    });
    expect((out.turnStates as string[]).length).toBeGreaterThan(0);
  });

  it('bundles for the browser with no Node built-in, every subpath included', async () => {
    const exports = (
      JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { exports: Record<string, unknown> }
    ).exports;
    const subpaths = Object.keys(exports).filter((s) => s !== './package.json');
    expect(subpaths).toEqual(
      expect.arrayContaining([
        '.',
        './reducer',
        './codex-app-server',
        './claude-agent-sdk',
        './codex-sdk',
        './acp',
        './otel',
        './validate',
        './schema.json',
        './upstream-validators/codex-app-server',
      ]),
    );
    // ./otel's @opentelemetry/api is an optional peer: the app that traces installs it.
    const inputs = await bundledFiles(
      subpaths
        .map((s, i) => `import * as m${i} from '${join('@eventmap/runtime', s)}'; console.log(m${i});`)
        .join('\n'),
      ['@opentelemetry/api'],
    );
    expect(inputs.filter((f) => !f.startsWith('node_modules/@eventmap/runtime/'))).toEqual([]);
  });

  // Each subpath costs only the apps that import it: a UI that renders events it receives needs
  // the reducer, not the normalizer; an app that normalises needs no reducer.
  it('bundles the reducer alone, and the root without it', async () => {
    const reducerOnly = await bundledFiles(
      "import { reduceEvents } from '@eventmap/runtime/reducer'; console.log(reduceEvents([]));",
    );
    // The reducer's own files, and the one list it shares with the titles (which tool types are tools).
    expect(
      reducerOnly.filter((f) => !f.includes('/runtime/reducer/') && !f.endsWith('/runtime/tool-items.js')),
    ).toEqual([]);
    expect(reducerOnly.length).toBeGreaterThan(1);
    const rootOnly = await bundledFiles(
      "import { createNormalizer } from '@eventmap/runtime'; console.log(createNormalizer('codex-sdk'));",
    );
    expect(rootOnly.filter((f) => f.includes('/reducer/') || f.includes('/otel/'))).toEqual([]);
  });

  // A source's entry point bundles its own mappers and no other source's (issue 28), and its own
  // source's helpers: no file of runtime/helpers that serves only other sources (issue 31).
  it.each(SOURCES)('the %s entry point bundles no other source', async (source) => {
    const inputs = await bundledInputs(
      `import { createNormalizer } from '@eventmap/runtime/${source}'; console.log(createNormalizer().push('{}'));`,
    );
    const files = Object.keys(inputs);
    const mappers = files.filter((f) => f.includes('/generated/') && f.endsWith('/mappers.js'));
    expect(mappers).toEqual([`node_modules/@eventmap/runtime/generated/${source}/mappers.js`]);
    const helperFiles = files.filter((f) => f.startsWith(HELPER_DIR));
    expect(helperFiles).toContain(`${HELPER_DIR}close.js`); // closeTurn: every source's
    const served = helperFileSources(inputs);
    expect(helperFiles.filter((f) => !served.get(f)?.has(source))).toEqual([]);
  });

  /** The package files an esbuild browser bundle of `entry` includes (metafile inputs). */
  async function bundledFiles(entry: string, external: string[] = []): Promise<string[]> {
    return Object.keys(await bundledInputs(entry, external));
  }

  async function bundledInputs(entry: string, external: string[] = []): Promise<esbuild.Metafile['inputs']> {
    const result = await esbuild.build({
      stdin: { contents: entry, resolveDir: app, loader: 'js' },
      bundle: true,
      platform: 'browser',
      absWorkingDir: app,
      format: 'esm',
      write: false,
      metafile: true,
      external,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    const { '<stdin>': _entry, ...inputs } = result.metafile.inputs;
    return inputs;
  }
});

const HELPER_DIR = 'node_modules/@eventmap/runtime/runtime/helpers/';

/**
 * The sources each file of runtime/helpers in a bundle serves, from the manifest: a file that
 * exports helpers serves their `sources` (manifest `module`); one that exports none (shared
 * state, value-map names) serves the sources of the helper files of the bundle that import it.
 * A file that neither exports a helper nor is imported by one (index.js: the table of every
 * helper) serves no source.
 */
function helperFileSources(inputs: esbuild.Metafile['inputs']): Map<string, Set<string>> {
  const served = new Map<string, Set<string>>();
  const add = (file: string, sources: Iterable<string>): boolean => {
    const set = served.get(file) ?? new Set<string>();
    served.set(file, set);
    const size = set.size;
    for (const s of sources) set.add(s);
    return set.size > size;
  };
  for (const spec of Object.values(HELPER_MANIFEST)) add(`${HELPER_DIR}${spec.module}.js`, spec.sources);
  const exportsHelpers = new Set(served.keys());
  for (let changed = true; changed;) {
    changed = false;
    for (const [file, input] of Object.entries(inputs))
      if (file.startsWith(HELPER_DIR))
        for (const { path } of input.imports)
          if (path.startsWith(HELPER_DIR) && !exportsHelpers.has(path))
            changed = add(path, served.get(file) ?? []) || changed;
  }
  return served;
}
