// Issue 30: a bump whose mapped message gains a field that fits an empty canonical slot ends with
// the field mapped or consciously ignored, following the printed steps only. The candidate is the
// newest supported claude-agent-sdk snapshot with one field added to a mapped message: a field
// named like a free slot of the event it emits (as 0.3.333's `tool_progress.description` was for
// `tool.progress.summary`). Which message and slot are picked from the spec and the model, so the
// test holds whatever the newest snapshot already maps. Run on the repository's supported set and
// on that set plus a synthetic next release (test/next-release.ts).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.ts';
import { REVIEW_MARKER } from '../../generator/mapping/review.ts';
import { loadInputs } from '../../generator/pipeline/pipeline.ts';
import { projectPaths } from '../../generator/project/paths.ts';
import { fieldInfo, payloadShape } from '../../generator/model/query.ts';
import { getAtPointer } from '../../generator/schema/pointer.ts';
import { derefPointer } from '../../generator/schema/ref.ts';
import { newestSupported, removeReviewMarkers, REPO, takeNextReleases } from '../next-release.ts';

const SOURCE = 'claude-agent-sdk';
type Schema = { type?: string; properties?: Record<string, unknown> };

/** A mapped sdk-message whose schema (in `version`) lacks a field named like a free string slot of its one emit. */
function pickField(root: string, version: string) {
  const inputs = loadInputs(projectPaths(root));
  const catalog = inputs.catalogs[SOURCE]!.find((c) => c.version === version)!;
  for (const entry of inputs.spec.entries.filter((e) => e.source === SOURCE && e.kind === 'sdk-message')) {
    if (entry.emit.length !== 1) continue;
    const [emit] = entry.emit;
    const at = catalog.entries.find((c) => c.kind === entry.kind && c.name === entry.name);
    if (!at) continue;
    const doc = catalog.documents[at.document];
    const pointer = derefPointer(doc, at.pointer);
    const schema = getAtPointer(doc, pointer) as Schema | undefined;
    if (!schema?.properties || schema.type !== 'object') continue;
    for (const [slot, field] of Object.entries(payloadShape(inputs.model, emit!.type)?.fields ?? {})) {
      const free = !(slot in emit!.payload) && !(slot in schema.properties);
      if (free && fieldInfo(inputs.model, field)?.types.has('string'))
        return {
          entry: entry.name,
          emit: emit!.type,
          slot,
          document: at.document,
          pointer: derefPointer(doc, at.pointer),
        };
    }
  }
  throw new Error(`no mapped ${SOURCE} message with a free string slot in ${version}`);
}

type Report = { findings: { code: string; category: string; line: number; message: string; hint: string }[] };

describe.each([
  ['the supported snapshots', false],
  ['the supported snapshots and a next release', true],
])('a new field that fits a canonical slot, on %s', (_, withNext) => {
  const root = mkdtempSync(join(tmpdir(), 'eventmap-new-field-'));
  const spec = join(root, 'mapping-spec.yaml');
  const eventmap = (...args: string[]) => runCli(['--root', root, ...args]);
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let candidate = '';
  let base = '';
  let pick: ReturnType<typeof pickField>;
  let fix = '';

  beforeAll(async () => {
    for (const p of ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas'])
      cpSync(join(REPO, p), join(root, p), { recursive: true });
    const upstream = join(root, 'upstream-schemas');
    if (withNext) await takeNextReleases(root, [SOURCE]);
    base = newestSupported(SOURCE, readFileSync(spec, 'utf8'));
    const version = semver.inc(base, 'patch')!;
    pick = pickField(root, base);
    candidate = `${SOURCE}@${version}`;
    fix = `${pick.slot}: { path: $.${pick.slot}, since: ${version} }`;
    const dir = join(upstream, SOURCE, version);
    cpSync(join(upstream, SOURCE, base), dir, { recursive: true });
    const file = join(dir, pick.document);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    (getAtPointer(doc, pick.pointer) as Schema).properties![pick.slot] = { type: 'string' };
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const prov = join(dir, 'provenance.json');
    writeFileSync(prov, JSON.stringify({ ...(JSON.parse(readFileSync(prov, 'utf8')) as object), version }));
  });

  const check = async () => {
    const r = await eventmap('check', '--with', candidate, '--format', 'json');
    return { status: r.status, report: JSON.parse(r.stdout) as Report };
  };

  it('check --with: one review finding at the emit, naming the field, the slot and the fix', async () => {
    const { status, report } = await check();
    expect(status).toBe(1);
    expect(report.findings.map((f) => [f.category, f.code])).toEqual([['review', 'spec/new-field-fits-slot']]);
    const [f] = report.findings;
    expect(f!.message).toContain(`\`$.${pick.slot}\``);
    expect(f!.message).toContain(`\`${pick.emit}.${pick.slot}\``);
    expect(f!.hint).toContain(fix);
    expect(readFileSync(spec, 'utf8').split('\n')[f!.line - 1]).toContain(`type: ${pick.emit}`);
  });

  it('diff --fail-on needs-mapping fails on the same field, located at the same emit (one classification)', async () => {
    const r = await eventmap('diff', `${SOURCE}@${base}`, candidate, '--format', 'json', '--fail-on', 'needs-mapping');
    expect(r.status, r.stderr).toBe(1);
    const { changes } = JSON.parse(r.stdout) as {
      changes: { class: string; change: string; name: string; path: string; affects: { line: number }[] }[];
    };
    const needs = changes.filter((c) => c.class !== 'informational');
    expect(needs.map((c) => [c.class, c.change, c.name, c.path])).toEqual([
      ['needs-mapping', 'field-added', pick.entry, `$.${pick.slot}`],
    ]);
    const { report } = await check();
    expect(needs[0]!.affects.map((a) => a.line)).toContain(report.findings[0]!.line);
  });

  it('ignoreFields closes it the other way', async () => {
    const text = readFileSync(spec, 'utf8');
    const at = `\n      ${pick.entry}:\n`;
    expect(text).toContain(at);
    writeFileSync(spec, text.replace(at, `${at}        ignoreFields: { $.${pick.slot}: not shown }\n`));
    expect((await check()).status).toBe(0);
    writeFileSync(spec, text);
  });

  it('suggest --with --write applies the printed fix, marked for review; check --with fails until the marker is deleted', async () => {
    const before = readFileSync(spec, 'utf8');
    const r = await eventmap('suggest', '--with', candidate, '--write');
    expect(r.status, r.stderr).toBe(0);
    const after = readFileSync(spec, 'utf8');
    const added = after.split('\n').filter((l) => !before.includes(l));
    expect(added).toHaveLength(2);
    expect(added[0]).toMatch(new RegExp(`^ +# ${REVIEW_MARKER} \\(new field \\$\\.${pick.slot}`));
    expect(added[1]).toContain(fix);
    const drafted = await check();
    expect(drafted.report.findings.map((f) => [f.category, f.code, f.line])).toEqual([
      ['review', 'spec/review-marker', after.split('\n').indexOf(added[0]!) + 1],
    ]);
    expect(drafted.status).toBe(1);
    writeFileSync(spec, removeReviewMarkers(after));
    const { status, report } = await check();
    expect(report.findings).toEqual([]);
    expect(status).toBe(0);
  });
});
