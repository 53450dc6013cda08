// generator/mapping in process, on the real mapping-spec.yaml, canonical-model.yaml and vendored
// snapshots: what load reads and where, what analyze covers and finds, and the presence rules
// (since/until/absentIn) with their hints. Edits of the real spec cover the edges.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { entryKey } from '../../generator/catalog/load.ts';
import { listVersions } from '../../generator/catalog/vendored.ts';
import { loadInputs } from '../../generator/pipeline/pipeline.ts';
import { projectPaths } from '../../generator/project/paths.ts';
import { analyzeSpec } from '../../generator/mapping/analyze.ts';
import { MESSAGE_KINDS } from '../../generator/mapping/coverage-status.ts';
import { parseSpec } from '../../generator/mapping/load.ts';
import { compareVersions, describePresence, expectedIn, presenceFor } from '../../generator/mapping/presence.ts';
import { HELPER_MANIFEST } from '../../runtime/helpers/manifest.ts';

const REPO = join(import.meta.dirname, '..', '..');
const SPEC_FILE = join(REPO, 'mapping-spec.yaml');
const text = readFileSync(SPEC_FILE, 'utf8');
const inputs = loadInputs(projectPaths(REPO));
const analyze = (t: string) => analyzeSpec(parseSpec(t, SPEC_FILE), inputs.catalogs, inputs.model, HELPER_MANIFEST);
const lineText = (line: number) => text.split('\n')[line - 1]!;

describe('load', () => {
  const raw = parse(text) as { sources: Record<string, { snapshots: unknown[] }> };

  it('reads every source with its snapshots as the YAML lists them, each vendored', () => {
    expect(Object.keys(inputs.spec.sources).sort()).toEqual(Object.keys(raw.sources).sort());
    for (const [name, src] of Object.entries(inputs.spec.sources)) {
      expect(src.snapshots.map((s) => s.version)).toEqual(raw.sources[name]!.snapshots.map(String));
      for (const s of src.snapshots) {
        expect(listVersions(join(REPO, 'upstream-schemas'), name as never)).toContain(s.version);
        expect(lineText(s.loc.line).slice(s.loc.col - 1)).toMatch(new RegExp(`^${s.version.replace(/\./g, '\\.')}`));
      }
    }
  });

  it('locates every entry at its key, and every emit at its type (an alias `*x` at its anchor)', () => {
    expect(inputs.spec.entries.length).toBeGreaterThan(0);
    for (const e of inputs.spec.entries) {
      expect(lineText(e.loc.line), `${e.kind} ${e.name}`).toContain(e.name.split(':').pop()!.replace(/\[.*$/, ''));
      for (const emit of e.emit) {
        const at = lineText(emit.loc.line);
        if (/: \*\w+\s*$/.test(at)) expect(emit.loc.line).toBe(e.loc.line);
        else expect(at, `${e.name} → ${emit.type}`).toContain(emit.type);
      }
    }
  });

  it('names the value maps the YAML declares', () => {
    const declared = Object.keys((parse(text) as { valueMaps?: Record<string, unknown> }).valueMaps ?? {});
    expect(Object.keys(inputs.spec.valueMaps).sort()).toEqual(declared.sort());
  });
});

describe('analyze', () => {
  it('the committed spec has no errors, and no finding without a place', () => {
    expect(inputs.analysis.findings.filter((f) => f.category === 'error')).toEqual([]);
    for (const f of inputs.analysis.findings) expect(f.loc ?? f.source, f.code).toBeDefined();
  });

  it('has one coverage row per upstream message discriminant of the supported snapshots, with the versions that have it', () => {
    for (const [source, cats] of Object.entries(inputs.catalogs)) {
      const want = new Map<string, string[]>();
      for (const c of cats)
        for (const e of c.entries.filter((x) => MESSAGE_KINDS.has(x.kind)))
          want.set(entryKey(e), [...(want.get(entryKey(e)) ?? []), c.version]);
      const rows = inputs.analysis.coverage.filter((r) => r.source === source && MESSAGE_KINDS.has(r.kind as never));
      expect(new Map(rows.map((r) => [`${r.kind}:${r.name}`, r.versions])), source).toEqual(want);
    }
  });

  it('a mapped row names its canonical types, an ignored one its reason, and both their spec line', () => {
    for (const r of inputs.analysis.coverage) {
      if (r.status === 'mapped') expect(r.targets.length, r.name).toBeGreaterThan(0);
      if (r.status === 'ignored' && MESSAGE_KINDS.has(r.kind as never)) expect(r.reason, r.name).toBeTruthy();
      if (r.status !== 'gap') expect(r.loc?.line, r.name).toBeGreaterThan(0);
    }
  });

  it('removing an entry turns its discriminant into a gap in every version that has it', () => {
    const entry = inputs.spec.entries.find((e) => MESSAGE_KINDS.has(e.kind) && e.emit.length === 1 && !e.after.length)!;
    const lines = text.split('\n');
    const start = entry.loc.line - 1;
    const indent = lines[start]!.search(/\S/);
    let end = start + 1;
    while (end < lines.length && (lines[end]!.trim() === '' || lines[end]!.search(/\S/) > indent)) end++;
    const without = [...lines.slice(0, start), ...lines.slice(end)].join('\n');
    const row = (a: ReturnType<typeof analyze>) =>
      a.coverage.find((r) => r.source === entry.source && r.kind === entry.kind && r.name === entry.name);
    const before = row(inputs.analysis)!;
    expect(before.status).toBe('mapped');
    const after = analyze(without);
    expect(row(after)).toMatchObject({ status: 'gap', versions: before.versions });
    const gap = after.findings.filter((f) => f.category === 'gap' && f.source === entry.source);
    expect(gap.map((f) => f.discriminant)).toContain(`${entry.kind}:${entry.name}`);
  });

  it('a misspelt read path is a located finding with the path it meant', () => {
    const at = text.indexOf('payload: { unifiedDiff: $.params.diff }');
    expect(at).toBeGreaterThan(0);
    const broken = text.replace('payload: { unifiedDiff: $.params.diff }', 'payload: { unifiedDiff: $.params.dfif }');
    const f = analyze(broken).findings.filter((x) => x.message.includes('$.params.dfif'));
    expect(f).toHaveLength(1);
    expect(f[0]!.loc?.line).toBe(text.slice(0, at).split('\n').length);
    expect(f[0]!.hint).toContain('did you mean `$.params.diff`');
  });

  it('a `since` dropped from a real path read is found again in the versions that lack it, with the since to write', () => {
    const m = /\{ path: (\$[.\w]+), since: ([\w.-]+) \}/.exec(text);
    expect(m, 'the spec has a `{ path, since }` read').not.toBeNull();
    const [whole, path, since] = m!;
    const found = analyze(text.replace(whole, path!)).findings.filter((f) => f.message.includes(path!));
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.loc?.line).toBe(text.slice(0, m!.index).split('\n').length);
    expect(found[0]!.hint).toContain(`{ path: ${path}, since: ${since} }`);
    const older = inputs.spec.sources[found[0]!.source ?? '']?.snapshots.map((s) => s.version) ?? [];
    expect(found[0]!.versions ?? older.filter((v) => compareVersions(v, since!) < 0)).toEqual(
      older.filter((v) => compareVersions(v, since!) < 0),
    );
  });
});

describe('presence (hand-made versions)', () => {
  it('since when only older versions lack the path, until when only newer ones do, else the exact list', () => {
    expect(presenceFor(['1.2.0', '1.10.0'], ['1.0.0'])).toEqual({ absentIn: [], since: '1.2.0' });
    expect(presenceFor(['1.0.0'], ['1.10.0', '1.2.0'])).toEqual({ absentIn: [], until: '1.0.0' });
    expect(presenceFor(['1.2.0'], ['1.0.0', '1.10.0'])).toEqual({ absentIn: ['1.0.0', '1.10.0'] });
    expect(presenceFor([], ['1.0.0'])).toEqual({ absentIn: ['1.0.0'] });
  });

  it('never names a folder candidate (semver too: 0.0.0-folder-<hash>) as a since or until boundary', () => {
    expect(presenceFor(['0.0.0-folder-abc'], ['1.0.0'])).toEqual({ absentIn: ['1.0.0'] });
    expect(presenceFor(['1.0.0', '0.0.0-folder-abc'], ['0.9.0'])).toEqual({ absentIn: [], since: '1.0.0' });
  });

  it('orders releases by semver (1.10 after 1.9) and a folder candidate after every release', () => {
    expect(['1.10.0', '1.9.0', '0.0.0-folder-abc'].sort(compareVersions)).toEqual([
      '1.9.0',
      '1.10.0',
      '0.0.0-folder-abc',
    ]);
  });

  it('expectedIn honours since, until (inclusive) and absentIn, and says so', () => {
    const p = { absentIn: ['1.5.0'], since: '1.2.0', until: '2.0.0' };
    expect(['1.0.0', '1.2.0', '1.5.0', '2.0.0', '2.1.0'].filter((v) => expectedIn(p, v))).toEqual(['1.2.0', '2.0.0']);
    expect(describePresence(p)).toBe('since 1.2.0, until 2.0.0, absentIn 1.5.0');
    expect(describePresence({ absentIn: [] })).toBe('');
  });
});
