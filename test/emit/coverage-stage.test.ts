// The coverage and manifest stages called directly on the real inputs (mapping-spec.yaml, the
// model, the supported snapshots): what they write is what generated/ holds, their counts add up,
// and the stored report round-trips to the spec's lines. A hand-made gap covers the edge.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCoverage, emitCoverage, locatedCoverage, storedCoverage } from '../../generator/emit/coverage.ts';
import { buildManifest } from '../../generator/emit/manifest.ts';
import { readTree } from '../../generator/io/fsutil.ts';
import { loadInputs } from '../../generator/pipeline/pipeline.ts';
import { projectPaths } from '../../generator/project/paths.ts';
import { specLocator } from '../../generator/mapping/load.ts';

const REPO = join(import.meta.dirname, '..', '..');
const inputs = loadInputs(projectPaths(REPO));
const versionsOf = (s: string) => inputs.catalogs[s]?.map((c) => c.version) ?? [];
const report = buildCoverage(inputs.spec, inputs.analysis.coverage, inputs.analysis.findings, versionsOf);
const committed = readTree(join(REPO, 'generated'));

describe('coverage stage', () => {
  it('writes what generated/ holds', () => {
    for (const [rel, text] of emitCoverage(report)) expect(text, rel).toBe(committed.get(rel));
  });

  it('names every supported snapshot of every source, and its summaries add up to its rows', () => {
    expect(Object.keys(report.sources).sort()).toEqual(Object.keys(inputs.spec.sources).sort());
    for (const [source, s] of Object.entries(report.sources)) {
      expect(s.snapshots).toEqual(inputs.spec.sources[source]!.snapshots.map((x) => x.version));
      for (const [kind, k] of Object.entries(s.summary)) {
        const rows = s.discriminants.filter((d) => d.kind === kind);
        expect(k.total, `${source} ${kind}`).toBe(rows.length);
        expect(k.mapped + k.ignored + k.gap).toBe(k.total);
        expect(k.gap).toBe(rows.filter((d) => d.status === 'gap').length);
      }
      for (const d of s.discriminants) for (const v of d.versions) expect(s.snapshots).toContain(v);
    }
  });

  it('stores no spec line, and the stored report located again has the lines analyze gave', () => {
    const stored = storedCoverage(report);
    expect(JSON.stringify(stored)).not.toMatch(/"line":/);
    const located = locatedCoverage(stored, specLocator(inputs.spec.text, inputs.spec.file));
    for (const [source, s] of Object.entries(report.sources))
      expect(located.sources[source]!.discriminants.map((d) => d.line)).toEqual(s.discriminants.map((d) => d.line));
  });

  it('a discriminant nobody maps is a **gap** row in COVERAGE.md and a gap in coverage.json', () => {
    const [row] = inputs.analysis.coverage.filter((r) => r.status === 'mapped');
    const rows = inputs.analysis.coverage.map((r) =>
      r === row ? { ...row!, status: 'gap' as const, targets: [], loc: undefined } : r,
    );
    const files = emitCoverage(buildCoverage(inputs.spec, rows, inputs.analysis.findings, versionsOf));
    expect(files.get('COVERAGE.md')).toContain(`| \`${row!.name}\` | ${row!.versions.join(', ')} | gap | **gap** |`);
    const json = JSON.parse(files.get('coverage.json')!) as {
      sources: Record<string, { discriminants: { name: string; status: string }[] }>;
    };
    expect(json.sources[row!.source]!.discriminants.find((d) => d.name === row!.name)?.status).toBe('gap');
  });
});

describe('manifest stage', () => {
  it('hashes every generated file but itself, and changes when one file does', () => {
    const files = new Map([...committed].filter(([rel]) => rel !== 'manifest.json'));
    const manifest = JSON.parse(buildManifest('inputs', files)) as { files: Record<string, string> };
    expect(Object.keys(manifest.files).sort()).toEqual([...files.keys()].sort());
    const [first] = files.keys();
    const edited = new Map(files).set(first!, `${files.get(first!)} `);
    expect(buildManifest('inputs', edited)).not.toBe(buildManifest('inputs', files));
    expect(JSON.parse(readFileSync(join(REPO, 'generated', 'manifest.json'), 'utf8'))).toMatchObject({
      files: JSON.parse(buildManifest('x', files)).files,
    });
  });
});
