// Issue 30: a bump whose mapped message gains a field that fits an empty canonical slot ends with
// the field mapped or consciously ignored, following the printed steps only. The candidate is the
// vendored claude-agent-sdk snapshot with `description` added to tool_progress, as 0.3.333.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../run-cli.ts';
import { REVIEW_MARKER } from '../../generator/mapping/review.ts';
import { REPO } from '../suggest/bump-fixture.ts';

const SOURCE = 'claude-agent-sdk';
const supported = (
  parse(readFileSync(join(REPO, 'mapping-spec.yaml'), 'utf8')) as { sources: Record<string, { snapshots: string[] }> }
).sources[SOURCE]!.snapshots;
const BASE = [...supported].sort(semver.compare).pop()!;
const NEXT = semver.inc(BASE, 'patch')!;
const CANDIDATE = `${SOURCE}@${NEXT}`;
const FIX = `summary: { path: $.description, since: ${NEXT} }`;

const root = mkdtempSync(join(tmpdir(), 'eventmap-new-field-'));
const spec = join(root, 'mapping-spec.yaml');
const eventmap = (...args: string[]) => runCli(['--root', root, ...args]);
afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeAll(() => {
  for (const p of ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas'])
    cpSync(join(REPO, p), join(root, p), { recursive: true });
  const dir = join(root, 'upstream-schemas', SOURCE, NEXT);
  cpSync(join(root, 'upstream-schemas', SOURCE, BASE), dir, { recursive: true });
  const file = join(dir, 'sdk.schema.json');
  const doc = JSON.parse(readFileSync(file, 'utf8')) as {
    definitions: Record<string, { properties: Record<string, unknown> }>;
  };
  doc.definitions.SDKToolProgressMessage!.properties.description = { type: 'string' };
  writeFileSync(file, JSON.stringify(doc, null, 2));
  const prov = join(dir, 'provenance.json');
  writeFileSync(prov, JSON.stringify({ ...(JSON.parse(readFileSync(prov, 'utf8')) as object), version: NEXT }));
});

type Report = { findings: { code: string; category: string; line: number; message: string; hint: string }[] };
const check = async () => {
  const r = await eventmap('check', '--with', CANDIDATE, '--format', 'json');
  return { status: r.status, report: JSON.parse(r.stdout) as Report };
};

describe('a new field that fits a canonical slot', () => {
  it('check --with: one review finding at the emit, naming the field, the slot and the fix', async () => {
    const { status, report } = await check();
    expect(status).toBe(1);
    expect(report.findings.map((f) => [f.category, f.code])).toEqual([['review', 'spec/new-field-fits-slot']]);
    const [f] = report.findings;
    expect(f!.message).toContain('`$.description`');
    expect(f!.message).toContain('`tool.progress.summary`');
    expect(f!.hint).toContain(FIX);
    expect(readFileSync(spec, 'utf8').split('\n')[f!.line - 1]).toContain('type: tool.progress');
  });

  it('ignoreFields closes it the other way', async () => {
    const text = readFileSync(spec, 'utf8');
    const at = '      tool_progress:\n        before: [claudeOpenTurn]\n';
    expect(text).toContain(at);
    writeFileSync(
      spec,
      text.replace(at, `${at}        ignoreFields: { $.description: shown by the tool item itself }\n`),
    );
    expect((await check()).status).toBe(0);
    writeFileSync(spec, text);
  });

  it('suggest --with --write applies the printed fix, marked for review; then check --with passes', async () => {
    const before = readFileSync(spec, 'utf8');
    const r = await eventmap('suggest', '--with', CANDIDATE, '--write');
    expect(r.status, r.stderr).toBe(0);
    const after = readFileSync(spec, 'utf8');
    const added = after.split('\n').filter((l) => !before.includes(l));
    expect(added).toHaveLength(2);
    expect(added[0]).toMatch(new RegExp(`^ +# ${REVIEW_MARKER} \\(new field \\$\\.description`));
    expect(added[1]).toContain(`, ${FIX} }`);
    const { status, report } = await check();
    expect(report.findings).toEqual([]);
    expect(status).toBe(0);
  });
});
