// `eventmap check`, the CI gate, on copies of the real snapshots.
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../run-cli.ts';
import { SOURCE_NAMES } from '../../generator/project/sources.ts';

const REPO = join(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'eventmap-check-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Outside CI unless a test says otherwise (in CI, check trusts nothing in generated/).
const eventmap = (...args: string[]) => runCli(['--root', work, ...args], { env: { CI: undefined } });

interface JsonFinding {
  category: string;
  code: string;
  message: string;
  source?: string;
  versions?: string[];
  discriminant?: string;
  line?: number;
}
interface JsonReport {
  ok: boolean;
  fast: boolean;
  findings: JsonFinding[];
  sources: Record<
    string,
    {
      snapshots: string[];
      summary: Record<string, { total: number; mapped: number; ignored: number; gap: number }>;
      discriminants: { kind: string; name: string; status: string; targets: string[]; versions: string[] }[];
    }
  >;
}
const json = (s: string) => JSON.parse(s) as JsonReport;

/** A snapshot folder copy the test may break. */
function snapshotCopy(version: string): string {
  const dir = mkdtempSync(join(work, `snap-${version}-`));
  cpSync(join(REPO, 'upstream-schemas', 'codex-app-server', version), dir, { recursive: true });
  return dir;
}

beforeAll(() => {
  for (const p of ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas', 'generated'])
    cpSync(join(REPO, p), join(work, p), { recursive: true });
});

describe('eventmap check', () => {
  it('is clean on the committed tree, and answers from the fast path', async () => {
    const r = await eventmap('check', '--format', 'json');
    expect(r.stderr).toBe('');
    const report = json(r.stdout);
    expect(report.findings).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.fast).toBe(true);
    expect(r.status).toBe(0);
  });

  it('in CI, or with --full, regenerates instead: clean on the committed tree, fast false', async () => {
    for (const r of [
      await runCli(['--root', work, 'check', '--format', 'json'], { env: { CI: 'true' } }),
      await eventmap('check', '--format', 'json', '--full'),
    ]) {
      expect(r.stderr).toBe('');
      expect(json(r.stdout)).toMatchObject({ ok: true, fast: false, findings: [] });
      expect(r.status).toBe(0);
    }
    const both = await eventmap('check', '--full', '--fast');
    expect(both.status).toBe(2);
    expect(both.stderr).toMatch(/--full.*--fast|--fast.*--full/);
  });

  it('a forged generated file with a forged manifest hash passes the fast path only: --full and CI report it', async () => {
    const root = mkdtempSync(join(work, 'forged-'));
    for (const p of ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas', 'generated'])
      cpSync(join(work, p), join(root, p), { recursive: true });
    const rel = 'codex-sdk/upstream-validators.js';
    const forged = `${readFileSync(join(root, 'generated', rel), 'utf8')}globalThis.forged = true;\n`;
    writeFileSync(join(root, 'generated', rel), forged);
    const manifestFile = join(root, 'generated', 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { files: Record<string, string> };
    manifest.files[rel] = createHash('sha256').update(forged).digest('hex');
    writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    const check = (args: string[], CI?: string) =>
      runCli(['--root', root, 'check', '--format', 'json', ...args], { env: { CI } });

    // The fast path believes the manifest (documented: a local convenience, not the gate).
    expect(json((await check(['--fast'])).stdout)).toMatchObject({ ok: true, fast: true });
    for (const r of [await check(['--full']), await check([], 'true')]) {
      expect(r.status).toBe(1);
      expect(json(r.stdout).findings).toContainEqual(
        expect.objectContaining({ code: 'generated/stale-output', message: expect.stringContaining(rel) }),
      );
    }
    // generate in CI rebuilds the file rather than reuse it, so `generate && git diff` sees the forgery
    // (the emit cache may serve it: it holds what generate computed, never what generated/ says).
    const gen = await runCli(['--root', root, 'generate'], { env: { CI: 'true' } });
    expect(gen.status).toBe(0);
    expect(readFileSync(join(root, 'generated', rel), 'utf8')).toBe(readFileSync(join(work, 'generated', rel), 'utf8'));
  });

  it('names a method added to ServerNotification.json as a gap (exit 1)', async () => {
    const dir = snapshotCopy('0.171.0');
    const file = join(dir, 'ServerNotification.json');
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { oneOf: unknown[] };
    doc.oneOf.push({
      type: 'object',
      required: ['method', 'params'],
      properties: { method: { type: 'string', enum: ['thread/teleported'] }, params: { type: 'object' } },
    });
    writeFileSync(file, JSON.stringify(doc));
    const r = await eventmap('check', '--upstream', `codex-app-server=${dir}`);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('gap codex-app-server');
    expect(r.stdout).toContain('notification `thread/teleported`');
  });

  it('reports a mapping whose method was removed upstream as stale, with its spec line', async () => {
    const dir = snapshotCopy('0.171.0');
    const file = join(dir, 'ServerNotification.json');
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { oneOf: { properties: { method: { enum: string[] } } }[] };
    doc.oneOf = doc.oneOf.filter((m) => m.properties.method.enum[0] !== 'turn/diff/updated');
    writeFileSync(file, JSON.stringify(doc));
    const report = json((await eventmap('check', '--format', 'json', '--upstream', `codex-app-server=${dir}`)).stdout);
    const stale = report.findings.find((f) => f.discriminant === 'notification:turn/diff/updated');
    expect(stale?.category).toBe('stale');
    const specText = readFileSync(join(work, 'mapping-spec.yaml'), 'utf8');
    expect(stale?.line).toBe(specText.split('\n').findIndex((l) => l.trim() === 'turn/diff/updated:') + 1);
  });

  it('against the real 0.105.0 snapshot reports exactly the set differences, both ways', async () => {
    const report = json(
      (
        await eventmap(
          'check',
          '--format',
          'json',
          '--upstream',
          `codex-app-server=${join(REPO, 'upstream-schemas/codex-app-server/0.105.0')}`,
        )
      ).stdout,
    );
    // Independently: the discriminants straight from the 0.105.0 files, and the spec's keys straight from the YAML.
    const snap = (f: string) =>
      JSON.parse(readFileSync(join(REPO, 'upstream-schemas/codex-app-server/0.105.0', f), 'utf8')) as {
        oneOf: { properties: Record<string, { enum: string[] }> }[];
        definitions: Record<string, { oneOf: { properties: { type: { enum: string[] } } }[] }>;
      };
    const upstream = new Set([
      ...snap('ServerNotification.json').oneOf.map((m) => `notification:${m.properties.method!.enum[0]}`),
      ...snap('ServerRequest.json').oneOf.map((m) => `request:${m.properties.method!.enum[0]}`),
      ...snap('EventMsg.json').oneOf.map((m) => `eventmsg:${m.properties.type!.enum[0]}`),
      ...snap('ServerNotification.json').definitions.ThreadItem!.oneOf.map(
        (m) => `thread-item:${m.properties.type.enum[0]}`,
      ),
    ]);
    const spec = parse(readFileSync(join(work, 'mapping-spec.yaml'), 'utf8')) as {
      mappings: Record<string, Record<string, Record<string, unknown>>>;
      valueMaps: Record<
        string,
        { source: string; covers?: { kind?: string; enum?: string }; values: Record<string, unknown> }
      >;
    };
    const specKeys = new Set([
      ...Object.entries(spec.mappings['codex-app-server']!).flatMap(([kind, m]) =>
        Object.keys(m).map((n) => `${kind}:${n}`),
      ),
      ...Object.values(spec.valueMaps)
        .filter((m) => m.covers?.kind === 'thread-item')
        .flatMap((m) => Object.keys(m.values).map((n) => `thread-item:${n}`)),
    ]);
    const expectedGaps = [...upstream].filter((k) => !specKeys.has(k)).sort();
    const expectedStale = [...specKeys].filter((k) => !upstream.has(k)).sort();
    expect(expectedStale.length).toBeGreaterThan(40);
    const got = (cat: string, code: string) =>
      report.findings
        .filter((f) => f.source === 'codex-app-server' && f.category === cat && f.code === code)
        .map((f) => f.discriminant!)
        .sort();
    expect(got('gap', 'coverage/gap')).toEqual(expectedGaps);
    const staleValues = got('stale', 'spec/stale-value');
    expect([...got('stale', 'spec/stale-entry'), ...staleValues.filter((d) => !d.startsWith('enum:'))].sort()).toEqual(
      expectedStale,
    );
    // Enum values the 0.105.0 ReviewDecision lacks, read straight from its response file.
    const review = JSON.parse(
      readFileSync(join(REPO, 'upstream-schemas/codex-app-server/0.105.0/ExecCommandApprovalResponse.json'), 'utf8'),
    ) as { definitions: { ReviewDecision: { oneOf: { enum?: string[]; required?: string[] }[] } } };
    const have = new Set(review.definitions.ReviewDecision.oneOf.flatMap((m) => m.enum ?? m.required ?? []));
    const mapped = Object.values(spec.valueMaps).find((m) => m.covers?.enum === 'ReviewDecision')!;
    expect(staleValues.filter((d) => d.startsWith('enum:ReviewDecision.'))).toEqual(
      Object.keys(mapped.values)
        .filter((v) => !have.has(v))
        .map((v) => `enum:ReviewDecision.${v}`)
        .sort(),
    );
  });

  it('reports a hand-edited generated file as stale output', async () => {
    const file = join(work, 'generated', 'codex-app-server', 'mappers.ts');
    const original = readFileSync(file, 'utf8');
    appendFileSync(file, '\n// edited by hand\n');
    const r = await eventmap('check');
    writeFileSync(file, original);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('generated/codex-app-server/mappers.ts differs from what generate writes now');
  });

  it('prints GitHub annotations and a markdown summary', async () => {
    const dir = snapshotCopy('0.171.0');
    const file = join(dir, 'ServerRequest.json');
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { oneOf: { properties: { method: { enum: string[] } } }[] };
    doc.oneOf = doc.oneOf.filter((m) => m.properties.method.enum[0] !== 'attestation/generate');
    writeFileSync(file, JSON.stringify(doc));
    const gh = await eventmap('check', '--format', 'github', '--upstream', `codex-app-server=${dir}`);
    expect(gh.stdout).toMatch(
      /^::error file=mapping-spec\.yaml,line=\d+,col=\d+,title=eventmap stale%3A codex-app-server request%3Aattestation\/generate::/m,
    );
    const md = await eventmap('check', '--format', 'markdown', '--upstream', `codex-app-server=${dir}`);
    expect(md.stdout).toContain('| codex-app-server | request |');
    expect(md.stdout).toContain('❌');
  });

  it('exits 2 when it cannot run', async () => {
    const r = await eventmap('check', '--format', 'yaml');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('unknown --format `yaml`');
  });
});

describe('check --format json', () => {
  it('has the shape docs/maintainers.md documents', async () => {
    const report = json((await eventmap('check', '--format', 'json')).stdout);
    expect(Object.keys(report).sort()).toEqual(['fast', 'findings', 'notices', 'ok', 'sources']);
    for (const [, s] of Object.entries(report.sources)) {
      expect(Object.keys(s).sort()).toEqual(['discriminants', 'snapshots', 'summary']);
      for (const k of Object.values(s.summary)) expect(k.total).toBe(k.mapped + k.ignored + k.gap);
      for (const d of s.discriminants) {
        expect(['mapped', 'ignored', 'gap']).toContain(d.status);
        expect(d.versions.length).toBeGreaterThan(0);
        if (d.status === 'mapped') expect(d.targets.length).toBeGreaterThan(0);
      }
    }
    // Every source is in the spec.
    expect(Object.keys(report.sources).sort()).toEqual([...SOURCE_NAMES].sort());
  });
});
