// The acceptance test: a bump played on a fixture (the newest supported codex-app-server
// snapshot with a new notification, a removed field the spec reads and a new ThreadItem type,
// vendored as the next version). `check --with` reports exactly those three, located; `suggest
// --with --write` drafts the notification and the item type; after the one human fix for the
// removed field, `check --with` exits 0; `upstream support` then makes it part of the spec.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../generator/check/run.ts';
import { resolveSnapshot } from '../../generator/catalog/snapshots.ts';
import { projectPaths } from '../../generator/project/paths.ts';
import { REVIEW_MARKER } from '../../generator/mapping/review.ts';
import { supportSnapshot } from '../../generator/commands/upstream-support.ts';
import { runCli } from '../run-cli.ts';
import { removeReviewMarkers } from '../next-release.ts';
import { BASE, buildBump, NEW_ITEM, NEW_NOTIFICATION, NEXT, REMOVED, REPO } from '../suggest/bump-fixture.ts';

const root = mkdtempSync(join(tmpdir(), 'eventmap-bump-project-'));
const paths = projectPaths(root);
const CANDIDATE = `codex-app-server@${NEXT}`;
afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeAll(() => {
  for (const p of ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas'])
    cpSync(join(REPO, p), join(root, p), { recursive: true });
  buildBump(join(root, 'upstream-schemas', 'codex-app-server', NEXT)); // as `upstream add` (without --support) leaves it
});

const withCandidate = () => ({ withSnapshots: [resolveSnapshot(paths.upstream, CANDIDATE)] });
const specLine = (needle: string) =>
  readFileSync(paths.spec, 'utf8')
    .split('\n')
    .findIndex((l) => l.trim().startsWith(needle)) + 1;
const lineWith = (needle: string) =>
  readFileSync(paths.spec, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(needle)) + 1;
const eventmap = (...args: string[]) => runCli(['--root', root, ...args]);

describe('a bump, end to end', () => {
  it('plain check does not fail on it, and names the vendored snapshot nobody supports', async () => {
    const r = await runCheck(paths);
    expect(r.findings.filter((f) => f.code !== 'generated/stale-output')).toEqual([]); // no generated/ in this copy
    expect(r.notices.map((n) => [n.code, n.source, n.versions])).toEqual([
      ['upstream/unsupported-snapshot', 'codex-app-server', [NEXT]],
    ]);
  });

  it('check --with reports exactly the three changes, each located in mapping-spec.yaml', async () => {
    const r = await runCheck(paths, withCandidate());
    const got = r.findings.map((f) => ({
      category: f.category,
      discriminant: f.discriminant,
      versions: f.versions,
      line: f.loc?.line,
    }));
    expect(got).toEqual([
      { category: 'gap', discriminant: `thread-item:${NEW_ITEM}`, versions: [NEXT], line: specLine('codexItemType:') },
      {
        category: 'gap',
        discriminant: `notification:${NEW_NOTIFICATION}`,
        versions: [NEXT],
        line: specLine('notification:'),
      },
      {
        category: 'path',
        discriminant: `notification:${REMOVED.method}`,
        versions: [NEXT],
        line: lineWith(`explanation: ${REMOVED.path}`),
      },
    ]);
    expect(r.findings[2]!.message).toContain(`has no \`${REMOVED.path}\``);
    expect(r.notices).toEqual([]); // the candidate is in the set for this run
  });

  it('suggest --with --write drafts the notification and the item type, marked for review', async () => {
    const before = readFileSync(paths.spec, 'utf8');
    const r = await eventmap('suggest', '--with', CANDIDATE, '--write', '--format', 'json');
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { written: boolean; drafts: { discriminant: string; placeholder?: boolean }[] };
    expect(out.written).toBe(true);
    expect(out.drafts.map((d) => d.discriminant).sort()).toEqual([
      `notification:${NEW_NOTIFICATION}`,
      `thread-item:${NEW_ITEM}`,
    ]);
    expect(out.drafts.some((d) => d.placeholder)).toBe(false);
    expect(r.stderr).toContain(`eventmap check --with ${CANDIDATE}`);
    const after = readFileSync(paths.spec, 'utf8');
    expect(after.split('\n').length - before.split('\n').length).toBeGreaterThan(2);
    expect(after.split(`# ${REVIEW_MARKER}`)).toHaveLength(3);
  });

  it('after the one human fix for the removed field, check --with fails only on the review markers; without them, exits 0', async () => {
    const text = readFileSync(paths.spec, 'utf8');
    const read = `explanation: ${REMOVED.path}`;
    expect(text).toContain(read);
    writeFileSync(paths.spec, text.replace(read, `explanation: { path: ${REMOVED.path}, until: ${BASE} }`));
    const r = await eventmap('check', '--with', CANDIDATE, '--format', 'json');
    expect(r.status, r.stdout + r.stderr).toBe(1);
    const report = JSON.parse(r.stdout) as { findings: { category: string; code: string }[]; notices: unknown[] };
    expect(report.findings.map((f) => [f.category, f.code])).toEqual([
      ['review', 'spec/review-marker'],
      ['review', 'spec/review-marker'],
    ]);
    expect(report.notices).toEqual([]);
    writeFileSync(paths.spec, removeReviewMarkers(readFileSync(paths.spec, 'utf8')));
    const reviewed = await eventmap('check', '--with', CANDIDATE, '--format', 'json');
    expect(reviewed.status, reviewed.stdout + reviewed.stderr).toBe(0);
  });

  it('upstream support adds the version to the spec, oldest first; then plain check fails only on the stale generated/', async () => {
    const before = readFileSync(paths.spec, 'utf8');
    expect(supportSnapshot(paths, CANDIDATE)).toBe(true);
    expect(supportSnapshot(paths, CANDIDATE)).toBe(false);
    const after = readFileSync(paths.spec, 'utf8');
    const changed = after.split('\n').filter((l, i) => l !== before.split('\n')[i]);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatch(
      new RegExp(`snapshots: \\[.*${BASE.replace(/\./g, '\\.')}, ${NEXT.replace(/\./g, '\\.')}\\]`),
    );
    const r = await runCheck(paths);
    expect(r.findings.every((f) => f.code === 'generated/stale-output')).toBe(true);
    expect(r.notices).toEqual([]);
  });

  it('upstream support prints next steps in the order that works: diff, generate, then check', async () => {
    const r = await eventmap('upstream', 'support', CANDIDATE);
    expect(r.status, r.stderr).toBe(0);
    const steps = r.stderr.split('\n').filter((l) => l.startsWith('  eventmap '));
    const at = (command: string) => steps.findIndex((l) => l.startsWith(`  eventmap ${command}`));
    expect(steps[at('diff')]).toContain(`@${BASE} `);
    expect(at('diff')).toBeLessThan(at('generate'));
    // check compares generated/, which is stale until generate has run with the new snapshot.
    expect(at('generate')).toBeLessThan(at('check'));
  });
});
