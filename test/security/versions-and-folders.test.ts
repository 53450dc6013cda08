// Versions and snapshot folders at the door (issue 12): a version is strict semver in its canonical
// form wherever it enters, a snapshot folder path that cannot be printed is refused, and a folder
// without provenance.json is named by its content, so neither reaches generated code or a hint.
// Reproduction 1 of the issue (each exited 0 and ran the payload on import) is refused, located.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveSnapshot, snapshotFromDir } from '../../generator/catalog/snapshots.ts';
import { listVersions } from '../../generator/catalog/vendored.ts';
import { isStrictVersion } from '../../generator/project/versions.ts';
import { formatDiagnostic } from '../../generator/shared/diagnostics.ts';
import { printable } from '../../generator/output/text.ts';
import { parseSpec } from '../../generator/mapping/load.ts';
import { parseSourceAtVersion } from '../../generator/upstream/source-at-version.ts';
import { refusal } from './refusal.ts';
import { generate, hostileProject, PAYLOAD, REPO, type HostileProject } from './hostile-project.ts';

const SDK = join(REPO, 'upstream-schemas', 'codex-sdk');
/** A version the spec supports, read from the vendored folder (not hard-coded). */
const VERSION = listVersions(join(REPO, 'upstream-schemas'), 'codex-sdk').at(-1)!;

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

function temp(): string {
  const d = mkdtempSync(join(tmpdir(), 'eventmap-door-'));
  cleanup.push(() => rmSync(d, { recursive: true, force: true }));
  return d;
}

function project(): HostileProject {
  const p = hostileProject(['codex-sdk']);
  cleanup.push(() => p.remove());
  return p;
}

/** A copy of the vendored codex-sdk snapshot at `<temp>/<name>`. */
function snapshotCopy(name = 'snapshot'): string {
  const dir = join(temp(), name);
  cpSync(join(SDK, VERSION), dir, { recursive: true });
  return dir;
}

describe('reproduction 1: a hostile snapshot version or folder', () => {
  it('a provenance.json version with a line break and code is refused at provenance.json:line:col', async () => {
    const dir = snapshotCopy();
    const provenance = JSON.parse(readFileSync(join(dir, 'provenance.json'), 'utf8'));
    provenance.version = `${VERSION}\n${PAYLOAD}\n//`;
    const text = JSON.stringify(provenance, null, 2);
    writeFileSync(join(dir, 'provenance.json'), text);
    const outcome = await generate(project(), { upstreamOverrides: { 'codex-sdk': dir } });
    expect(outcome.kind).toBe('refused');
    if (outcome.kind !== 'refused') return;
    const line = text.split('\n').findIndex((l) => l.includes('"version"')) + 1;
    expect(outcome.diagnostics).toEqual([
      expect.objectContaining({
        code: 'snapshot/bad-provenance',
        file: expect.stringMatching(/provenance\.json$/),
        line,
        col: expect.any(Number),
      }),
    ]);
    // Shown on one line: the payload's line breaks are escaped.
    expect(formatDiagnostic(outcome.diagnostics[0]!).split('\n')[0]).toContain('\\nglobalThis');
  });

  it('a folder path with a line break (and no provenance.json) is refused, and printed escaped', async () => {
    const dir = snapshotCopy(`x\n${PAYLOAD}\n//`);
    rmSync(join(dir, 'provenance.json'));
    const outcome = await generate(project(), { upstreamOverrides: { 'codex-sdk': dir } });
    expect(outcome.kind).toBe('refused');
    if (outcome.kind !== 'refused') return;
    expect(outcome.diagnostics).toEqual([expect.objectContaining({ code: 'cli/unsafe-path', file: resolve(dir) })]);
    const shown = formatDiagnostic(outcome.diagnostics[0]!);
    expect(shown.split('\n')).toHaveLength(2); // the diagnostic line and its fix
    expect(shown).toContain('x\\u{a}globalThis');
  });

  it.each(['a\u202eb', 'a\u0007b', 'a */ b', 'a\u2028b'])('a folder path with %j is refused', (name) => {
    const dir = snapshotCopy(name);
    expect(refusal(() => snapshotFromDir('codex-sdk', dir)).diagnostics[0]).toMatchObject({ code: 'cli/unsafe-path' });
  });
});

describe('a snapshot folder without provenance.json', () => {
  it('is named by its content: the same files give the same version and output anywhere, and no path is written', async () => {
    const [a, b] = [snapshotCopy('one'), snapshotCopy('two')];
    for (const d of [a, b]) rmSync(join(d, 'provenance.json'));
    const version = snapshotFromDir('codex-sdk', a).version;
    expect(version).toMatch(/^0\.0\.0-folder-[0-9a-f]{12}$/);
    expect(isStrictVersion(version)).toBe(true);
    expect(snapshotFromDir('codex-sdk', b).version).toBe(version);
    const [ga, gb] = [
      await generate(project(), { upstreamOverrides: { 'codex-sdk': a } }),
      await generate(project(), { upstreamOverrides: { 'codex-sdk': b } }),
    ];
    if (ga.kind !== 'generated' || gb.kind !== 'generated')
      throw new Error(`refused: ${JSON.stringify(ga.kind === 'refused' ? ga.diagnostics : gb)}`);
    const outputOf = (files: Map<string, string>) => [...files].filter(([rel]) => rel !== 'manifest.json');
    expect(outputOf(gb.files)).toEqual(outputOf(ga.files));
    for (const [rel, text] of ga.files) expect(text.includes(a), rel).toBe(false);
  });

  it('gives hints that name neither its path nor its made-up version as something to write in the spec', async () => {
    const dir = snapshotCopy();
    rmSync(join(dir, 'provenance.json'));
    // A field the spec reads, gone from this folder: an unknown-path finding, which stops generate.
    const schema = JSON.parse(readFileSync(join(dir, 'index.schema.json'), 'utf8'));
    delete schema.definitions.ThreadStartedEvent.properties.thread_id;
    schema.definitions.ThreadStartedEvent.required = ['type'];
    writeFileSync(join(dir, 'index.schema.json'), JSON.stringify(schema, null, 2));
    const outcome = await generate(project(), { upstreamOverrides: { 'codex-sdk': dir } });
    expect(outcome.kind).toBe('refused');
    if (outcome.kind !== 'refused') return;
    const unknown = outcome.diagnostics.filter((d) => d.code === 'spec/unknown-path');
    expect(unknown.length).toBeGreaterThan(0);
    for (const d of unknown) {
      expect(d.hint).not.toContain('absentIn');
      expect(d.hint).not.toContain(dir);
    }
  });
});

describe('versions in canonical semver form only', () => {
  const BAD = [
    `v${VERSION}`,
    `${VERSION}\n`,
    ` ${VERSION}`,
    `=${VERSION}`,
    `${VERSION}+build.1`,
    `${VERSION}\nx`,
    '1.2',
    'latest',
  ];

  it.each(BAD)('`upstream add codex-sdk@%j` is refused before anything is installed', (v) => {
    expect(refusal(() => parseSourceAtVersion(`codex-sdk@${v}`)).diagnostics[0]).toMatchObject({
      code: 'cli/bad-version',
    });
  });

  it('the fix names the canonical form when there is one', () => {
    expect(refusal(() => parseSourceAtVersion(`codex-sdk@v${VERSION}`)).diagnostics[0]!.hint).toContain(
      `\`${VERSION}\``,
    );
    expect(parseSourceAtVersion(`codex-sdk@${VERSION}`)).toEqual({ source: 'codex-sdk', version: VERSION });
    expect(parseSourceAtVersion('codex-sdk@1.0.0-alpha.1')).toEqual({ source: 'codex-sdk', version: '1.0.0-alpha.1' });
  });

  it.each(BAD)('`catalog codex-sdk@%j` is refused', (v) => {
    expect(
      refusal(() => resolveSnapshot(join(REPO, 'upstream-schemas'), `codex-sdk@${v}`)).diagnostics[0],
    ).toMatchObject({ code: 'cli/bad-version' });
  });

  it.each([`v${VERSION}`, `${VERSION}\n`])(
    'a folder named %j under upstream-schemas/ is refused, not sorted as the newest',
    (name) => {
      const upstream = join(temp(), 'upstream-schemas');
      cpSync(join(SDK, VERSION), join(upstream, 'codex-sdk', VERSION), { recursive: true });
      cpSync(join(SDK, VERSION), join(upstream, 'codex-sdk', name), { recursive: true });
      const err = refusal(() => resolveSnapshot(upstream, 'codex-sdk'));
      expect(err.diagnostics[0]).toMatchObject({ code: 'snapshot/bad-folder-name', file: join(upstream, 'codex-sdk') });
      expect(err.diagnostics[0]!.hint).toContain(VERSION);
    },
  );

  it('the folders writeTreeAtomic works in are not versions, and not errors', () => {
    const upstream = join(temp(), 'upstream-schemas');
    cpSync(join(SDK, VERSION), join(upstream, 'codex-sdk', VERSION), { recursive: true });
    for (const n of ['eventmap-tmp-123', 'eventmap-commit', 'eventmap-lock'])
      mkdirSync(join(upstream, 'codex-sdk', `${VERSION}.${n}`));
    expect(listVersions(upstream, 'codex-sdk')).toEqual([VERSION]);
  });

  it('the spec lists versions and absentIn entries in canonical form, located', () => {
    const spec = readFileSync(join(REPO, 'mapping-spec.yaml'), 'utf8');
    const listed = /snapshots: \[([^\]]*)\]/.exec(spec)!;
    const first = listed[1]!.split(',')[0]!.trim();
    const bad = spec.replace(listed[0], listed[0].replace(first, `v${first}`));
    const d = refusal(() => parseSpec(bad, 'mapping-spec.yaml')).diagnostics[0]!;
    expect(d).toMatchObject({
      code: 'spec/bad-version',
      file: 'mapping-spec.yaml',
      line: spec.slice(0, listed.index).split('\n').length,
    });
    expect(d.hint).toContain(`\`${first}\``);
    const absent = /absentIn: \[([^\]]+)\]/.exec(spec);
    if (absent) {
      const withBad = spec.slice(0, absent.index) + spec.slice(absent.index).replace(absent[1]!, `${absent[1]}\\n`);
      expect(refusal(() => parseSpec(withBad, 'mapping-spec.yaml')).diagnostics[0]).toMatchObject({
        code: 'spec/bad-version',
        line: spec.slice(0, absent.index).split('\n').length,
      });
    }
  });

  it('provenance.json of another source is refused', () => {
    const dir = snapshotCopy();
    expect(refusal(() => snapshotFromDir('claude-agent-sdk', dir)).diagnostics[0]).toMatchObject({
      code: 'snapshot/bad-provenance',
      file: expect.stringMatching(/provenance\.json$/),
      line: expect.any(Number),
    });
  });
});

describe('printable', () => {
  it('escapes what a terminal or a log would act on, and nothing else', () => {
    expect(printable('a\nb\r\u001b[31m\u202e\u2028\u0000é日本')).toBe(
      'a\\u{a}b\\u{d}\\u{1b}[31m\\u{202e}\\u{2028}\\u{0}é日本',
    );
  });
});
