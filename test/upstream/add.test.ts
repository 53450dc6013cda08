// `upstream add` without the network: a stand-in installer, registry and ingester, to check what
// the command reports (progress, the number of files it really wrote), that every dependency is
// installed as of the release (issue 29: `--before` the release's cut-off, recorded in
// provenance.json), that a vendored version is not replaced unless asked, and that vendoring it
// again gives the same bytes. `upstream support` (the --support edit) is played in
// test/check/bump.test.ts.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EventmapError } from '../../generator/shared/diagnostics.ts';
import { addUpstream, type AddOptions } from '../../generator/upstream/add.ts';
import type { Ingester } from '../../generator/upstream/ingester.ts';
import { npmInstallArgs } from '../../generator/upstream/npm.ts';
import { OUTPUT_LIMITS } from '../../generator/upstream/read-output.ts';
import { exactPins, npmViewArgs, releaseDate, type Registry } from '../../generator/upstream/release-date.ts';
import { installMissingArgs } from '../../generator/upstream/ts-extract/complete-imports.ts';

const root = mkdtempSync(join(tmpdir(), 'eventmap-add-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ingester: Ingester = {
  npmPackage: '@openai/codex',
  npmInstallArgs: ['--omit=optional'],
  ingest(_installed, outDir) {
    mkdirSync(join(outDir, 'v2'), { recursive: true });
    writeFileSync(join(outDir, 'ServerNotification.json'), '{}');
    writeFileSync(join(outDir, 'v2', 'Other.json'), '{}');
    return { command: 'fake', confinement: { sandbox: 'bubblewrap', version: '0.0.0-test' } };
  },
};

// @openai/codex as the registry tells it: the release, then its platform binaries a minute later.
const registry: Registry = {
  times: (pkg) =>
    pkg === '@openai/codex'
      ? {
          '9.9.8': '2026-01-01T00:00:00Z',
          '9.9.9': '2026-02-01T10:00:00+00:00',
          '9.9.9-linux-x64': '2026-02-01T10:00:40+00:00',
          '9.9.9-darwin-x64': '2026-02-01T10:09:00+00:00',
          '9.9.10': '2026-03-01T00:00:00Z',
        }
      : {},
  optionalDependencies: () => ({
    '@openai/codex-linux-x64': 'npm:@openai/codex@9.9.9-linux-x64',
    '@openai/codex-darwin-x64': 'npm:@openai/codex@9.9.9-darwin-x64',
  }),
};

function add(upstream: string, options: Partial<AddOptions> = {}) {
  const calls: { version: string; extra: string[]; before?: string }[] = [];
  const steps: string[] = [];
  const added = addUpstream(upstream, 'codex-app-server@9.9.9', {
    progress: (m) => steps.push(m),
    install: (scratch, _pkg, version, extra = [], before) => {
      calls.push({ version, extra, before });
      return { scratch, packageDir: scratch, integrity: 'sha512-fake', resolved: { '@openai/codex': version } };
    },
    registry,
    ingester,
    ...options,
  });
  return { added, calls, steps };
}

describe('upstream add', () => {
  it('reports each step, and counts every file it wrote (provenance.json included)', () => {
    const { added, steps } = add(join(root, 'a', 'upstream-schemas'));
    const written = readdirSync(added.dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(added.files).toBe(written.length);
    expect(written.map((e) => e.name).sort()).toEqual(['Other.json', 'ServerNotification.json', 'provenance.json']);
    expect(steps.map((s) => s.split(' ')[0])).toEqual(['asking', 'installing', 'extracting', 'writing']);
    expect(steps[1]).toContain('@openai/codex@9.9.9');
  });

  it('installs every dependency as of the release: --before its last platform package, recorded in provenance', () => {
    const { added, calls } = add(join(root, 'b', 'upstream-schemas'));
    expect(calls).toEqual([{ version: '9.9.9', extra: ['--omit=optional'], before: '2026-02-01T10:09:00.000Z' }]);
    const provenance = JSON.parse(readFileSync(join(added.dir, 'provenance.json'), 'utf8')) as Record<string, unknown>;
    expect(provenance).toMatchObject({
      published: '2026-02-01T10:00:00.000Z',
      resolvedBefore: '2026-02-01T10:09:00.000Z',
      installed: { '@openai/codex': '9.9.9' },
      confinement: { sandbox: 'bubblewrap', version: '0.0.0-test' },
    });
  });

  it('refuses a version already vendored (exit 2, upstream/already-vendored), before installing anything', () => {
    const upstream = join(root, 'c', 'upstream-schemas');
    add(upstream);
    const provenance = join(upstream, 'codex-app-server', '9.9.9', 'provenance.json');
    const before = statSync(provenance).mtimeMs;
    let error: unknown;
    let calls: unknown[] = [];
    try {
      ({ calls } = add(upstream));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EventmapError);
    const d = (error as EventmapError).diagnostics[0]!;
    expect(d.code).toBe('upstream/already-vendored');
    expect(d.message).toContain('codex-app-server@9.9.9 is already vendored');
    expect(d.hint).toContain('--overwrite');
    expect(calls).toEqual([]);
    expect(statSync(provenance).mtimeMs).toBe(before);
  });

  it('with overwrite, vendors it again byte for byte: no file changes', () => {
    const upstream = join(root, 'd', 'upstream-schemas');
    const first = add(upstream).added;
    const files = () =>
      Object.fromEntries(
        readdirSync(first.dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => [join(e.parentPath, e.name), readFileSync(join(e.parentPath, e.name), 'utf8')]),
      );
    const was = files();
    const again = add(upstream, { overwrite: true }).added;
    expect(again.replaced).toEqual({ written: 0, unchanged: 3, removed: 0 });
    expect(files()).toEqual(was);
  });

  it('writes the definitions of each JSON file in code-unit order: a binary that orders them by chance vendors the same bytes', () => {
    // As codex 0.130.0 does: the same definitions in another order on each run; numbers keep their text.
    const orders = [
      ['B', 'a', 'C'],
      ['C', 'B', 'a'],
    ];
    const written = orders.map((order, i) => {
      const run: Ingester = {
        ...ingester,
        ingest(_installed, outDir) {
          mkdirSync(outDir, { recursive: true });
          const defs = order.map((n) => `    "${n}": {\n      "minimum": 0.0\n    }`).join(',\n');
          writeFileSync(
            join(outDir, 'ServerNotification.json'),
            `{\n  "title": "x",\n  "definitions": {\n${defs}\n  }\n}`,
          );
          return { command: 'fake' };
        },
      };
      const { added } = add(join(root, `order-${i}`, 'upstream-schemas'), { ingester: run });
      return readFileSync(join(added.dir, 'ServerNotification.json'), 'utf8');
    });
    expect(written[1]).toBe(written[0]);
    expect(written[0]).toBe(
      '{\n  "title": "x",\n  "definitions": {\n    "B": {\n      "minimum": 0.0\n    },\n    "C": {\n      "minimum": 0.0\n    },\n    "a": {\n      "minimum": 0.0\n    }\n  }\n}',
    );
  });

  it('checks the sandbox before asking the registry or installing anything (upstream/no-sandbox)', () => {
    const asked: string[] = [];
    const upstream = join(root, 'f', 'upstream-schemas');
    const run = (unconfined: boolean) =>
      add(upstream, {
        ingester: { ...ingester, runsUpstreamCode: true },
        sandbox: () => ({ available: false, reason: 'bubblewrap (`bwrap`) is not installed' }),
        registry: { ...registry, times: (pkg) => (asked.push(pkg), registry.times(pkg)) },
        unconfined,
        overwrite: true,
      });
    expect(() => run(false)).toThrow(/nothing was installed/);
    expect(asked).toEqual([]);
    expect(readdirSync(root)).not.toContain('f');
    expect(run(true).calls).toHaveLength(1); // --unconfined needs no sandbox
  });

  it('records that no upstream code ran when the ingester runs none', () => {
    const { added } = add(join(root, 'e', 'upstream-schemas'), {
      ingester: { ...ingester, ingest: (i, o, s) => ({ command: ingester.ingest(i, o, s).command }) },
    });
    expect(added.provenance.confinement).toEqual({ sandbox: 'none', ranUpstreamCode: false });
  });
});

// What an ingester (an upstream binary) writes is checked before it is read (issue 37): a 600 MB
// sparse file made `upstream add` fail with a raw `Cannot create a string longer than…` at 820 MB
// of memory, and hostile file names were vendored as they were.
describe('upstream add, on what the upstream binary wrote', () => {
  const writing = (write: (outDir: string) => void): Ingester => ({
    ...ingester,
    ingest(i, outDir, s) {
      const done = ingester.ingest(i, outDir, s);
      write(outDir);
      return done;
    },
  });
  const refusal = (at: string, write: (outDir: string) => void) => {
    const upstream = join(root, at, 'upstream-schemas');
    let error: unknown;
    try {
      add(upstream, { ingester: writing(write) });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EventmapError);
    // Nothing is vendored, and the message is safe to print.
    expect(existsSync(join(upstream, 'codex-app-server', '9.9.9'))).toBe(false);
    const text = (error as EventmapError).message;
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e]/);
    return (error as EventmapError).diagnostics[0]!;
  };

  it('refuses a 600 MB (sparse) file by its size, before reading it', () => {
    const d = refusal('big', (out) => {
      writeFileSync(join(out, 'Huge.json'), '');
      truncateSync(join(out, 'Huge.json'), 600_000_000);
    });
    expect(d.code).toBe('upstream/output-too-large');
    expect(d.message).toContain('"Huge.json" has 600,000,000 bytes');
  });

  it('refuses more files than a snapshot may hold', () => {
    const d = refusal('many', (out) => {
      mkdirSync(join(out, 'many'));
      for (let i = 0; i <= OUTPUT_LIMITS.files; i++) writeFileSync(join(out, 'many', `f${i}.json`), '');
    });
    expect(d.code).toBe('upstream/output-too-large');
    expect(d.message).toContain(`more than ${OUTPUT_LIMITS.files.toLocaleString('en-US')} files`);
  });

  it('refuses folders nested deeper than a snapshot’s', () => {
    const d = refusal('deep', (out) =>
      mkdirSync(join(out, ...Array(OUTPUT_LIMITS.depth + 1).fill('d')), { recursive: true }),
    );
    expect(d.code).toBe('upstream/output-too-large');
  });

  it.each([
    ['ESC', 'a\u001b]0;title\u0007.json'],
    ['LF and a workflow command', 'a\n::error file=x::forged.json'],
    ['U+202E', 'a\u202enosj.json'],
    ['a command substitution', '`$(id)`.json'],
    ['a leading dash', '--force.json'],
    ['a dotfile', '.npmrc'],
  ])('refuses a file name with %s (upstream/bad-output-name)', (_what, name) => {
    const d = refusal(`name-${name.length}-${name.charCodeAt(1)}`, (out) => writeFileSync(join(out, 'v2', name), '{}'));
    expect(d.code).toBe('upstream/bad-output-name');
  });

  it('writes provenance.json through the output layer: no raw bidi control, the same value parsed', () => {
    const name = 'evil\u202e';
    const upstream = join(root, 'prov', 'upstream-schemas');
    const added = addUpstream(upstream, 'codex-app-server@9.9.9', {
      install: (scratch, _pkg, version) => ({
        scratch,
        packageDir: scratch,
        integrity: 'sha512-x',
        resolved: { [name]: version },
      }),
      registry,
      ingester,
    });
    const text = readFileSync(join(added.dir, 'provenance.json'), 'utf8');
    expect(text).not.toContain('\u202e');
    expect(text).toContain('\\u202e');
    expect((JSON.parse(text) as { installed: Record<string, string> }).installed).toEqual({ [name]: '9.9.9' });
  });
});

describe('the npm arguments', () => {
  it('install the exact version, no scripts, with the cut-off when given', () => {
    expect(npmInstallArgs('@openai/codex', '9.9.9', ['--omit=optional'], '2026-02-01T10:09:00.000Z')).toEqual([
      'install',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--no-package-lock=false',
      '--before=2026-02-01T10:09:00.000Z',
      '--omit=optional',
      '--',
      '@openai/codex@9.9.9',
    ]);
    expect(npmInstallArgs('x', '1.0.0').some((a) => a.startsWith('--before'))).toBe(false);
  });

  it('install missing imports at the same cut-off', () => {
    expect(installMissingArgs(['@types/node'], '2026-02-01T10:09:00.000Z')).toContain(
      '--before=2026-02-01T10:09:00.000Z',
    );
  });

  // Issue 37: names an upstream package supplies reached npm's command line, where a name is an option.
  it('ask the registry with the name after `--`', () => {
    expect(npmViewArgs('@openai/codex', '9.9.9', 'optionalDependencies')).toEqual([
      'view',
      '--json',
      '--',
      '@openai/codex@9.9.9',
      'optionalDependencies',
    ]);
    expect(npmViewArgs('@openai/codex', undefined, 'time')).toEqual(['view', '--json', '--', '@openai/codex', 'time']);
    expect(installMissingArgs(['@types/node', 'zod'], 'x').slice(-3)).toEqual(['--', '@types/node', 'zod']);
  });

  it.each([
    '--registry=http://127.0.0.1:9/',
    '--userconfig=/path',
    '-x',
    '.hidden',
    '_x',
    'a b',
    'a\nb',
    `${'a'.repeat(215)}`,
  ])('refuse %j as a package name (upstream/bad-package-name)', (name) => {
    expect(() => installMissingArgs([name], 'x')).toThrow(/upstream\/bad-package-name/);
    expect(() => npmViewArgs(name, undefined, 'time')).toThrow(/upstream\/bad-package-name/);
  });
});

describe('the release date', () => {
  it('is the publish time of the package; the cut-off the last of its exactly pinned optional packages', () => {
    expect(releaseDate(registry, '@openai/codex', '9.9.9')).toEqual({
      published: '2026-02-01T10:00:00.000Z',
      before: '2026-02-01T10:09:00.000Z',
    });
  });

  it('leaves out an optional pin the registry does not list (npm cannot install it either)', () => {
    const pins = registry.optionalDependencies('@openai/codex', '9.9.9');
    const lacking = {
      ...registry,
      optionalDependencies: () => ({ ...pins, extra: 'npm:@openai/codex@9.9.9-aix-ppc64' }),
    };
    expect(releaseDate(lacking, '@openai/codex', '9.9.9').before).toBe('2026-02-01T10:09:00.000Z');
  });

  it('counts exact pins (plain or npm: aliases), not ranges', () => {
    expect(exactPins({ a: '1.2.3', b: '^1.2.3', c: 'npm:@s/c@0.1.0-linux-x64', d: 'npm:e@>=1', f: '*' })).toEqual([
      { name: '@s/c', version: '0.1.0-linux-x64' },
      { name: 'a', version: '1.2.3' },
    ]);
  });

  // A name the upstream package's optionalDependencies holds was passed to `npm view <name> time`,
  // where `--registry=…` moved the cut-off (issue 37).
  it.each([
    [{ '--registry=http://127.0.0.1:9/': '1.0.0' }],
    [{ x: 'npm:--userconfig=/path@1.0.0' }],
    [{ '@openai/codex-linux-x64': 'npm:--before=2099-01-01@9.9.9-linux-x64' }],
  ])('refuses a hostile dependency name in the release’s optionalDependencies: %j', (deps) => {
    const asked: string[] = [];
    const hostile: Registry = {
      times: (pkg) => (asked.push(pkg), registry.times(pkg)),
      optionalDependencies: () => deps,
    };
    expect(() => releaseDate(hostile, '@openai/codex', '9.9.9')).toThrow(/upstream\/bad-package-name/);
    expect(asked).toEqual(['@openai/codex']);
  });

  it('refuses a version the registry gives no publish time for (upstream/no-publish-time)', () => {
    expect(() => releaseDate(registry, '@openai/codex', '1.0.0')).toThrow(/no publish time for @openai\/codex@1.0.0/);
  });
});
