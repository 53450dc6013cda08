// Fields that come and go: `since`/`until` (and the older `absentIn`) on a read path, checked
// against the real snapshots of every supported version; the hints tell a typo from a field that
// was removed or renamed.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../generator/catalog/load.ts';
import { snapshotFromDir } from '../../generator/catalog/snapshots.ts';
import { buildSnapshotDiff } from '../../generator/diff/snapshot-report.ts';
import { analyzeSpec, type AnalysisMemo } from '../../generator/mapping/analyze.ts';
import type { Finding } from '../../generator/mapping/findings.ts';
import { parseSpec } from '../../generator/mapping/load.ts';
import { compareVersions, expectedIn } from '../../generator/mapping/presence.ts';
import type { Inputs } from '../../generator/pipeline/pipeline.ts';
import { buildNextRelease, supportedVersions } from '../next-release.ts';
import { scratchDir } from '../scratch.ts';
import { BASE, buildBump, NEXT, REMOVED, useRepoAndBump } from '../suggest/bump-fixture.ts';

const repo = useRepoAndBump();
const helpers = repo.helpers;

// The committed read: `terminal_reason` is in claude-agent-sdk from FIRST on, not before it.
const READ = '{ path: $.terminal_reason, map: claudeResultState, since: 0.3.332 }';
const FIRST = /since: (\S+) \}/.exec(READ)![1]!;
const SOURCE = 'claude-agent-sdk';

type Set = { text: string; catalogs: Inputs['catalogs'] };
// The supported set as committed, and with a synthetic next release (test/next-release.ts): no
// assertion below may depend on how many versions there are or which is the newest.
const SETS: [string, () => Set][] = [
  ['the supported snapshots', () => ({ text: repo.inputs().spec.text, catalogs: repo.inputs().catalogs })],
  ['the supported snapshots and a next release', () => withNextRelease()],
];

let next: Set | undefined;
function withNextRelease(): Set {
  if (next) return next;
  const {
    spec: { text },
    catalogs,
  } = repo.inputs();
  const root = scratchDir('eventmap-versions-');
  const release = buildNextRelease(SOURCE, root, { specText: text });
  const versions = supportedVersions(SOURCE, text);
  const list = `snapshots: [${versions.join(', ')}]`;
  expect(text).toContain(list);
  const dir = join(root, SOURCE, release.version);
  next = {
    text: text.replace(list, `snapshots: [${[...versions, release.version].join(', ')}]`),
    catalogs: { ...catalogs, [SOURCE]: [...catalogs[SOURCE]!, loadCatalog(snapshotFromDir(SOURCE, dir))] },
  };
  return next;
}

/**
 * The analysis of `source` alone: each test edits one read of one source, and the other sources'
 * findings (the same on every call, and the whole spec's business in check.test.ts) would cost a
 * whole analysis of every snapshot per call.
 */
const only =
  (source: string): AnalysisMemo =>
  (s, _part, analyze) =>
    s === source ? analyze() : { findings: [], coverage: [] };

function findings({ text, catalogs }: Set, replacement: string): Finding[] {
  expect(text).toContain(READ);
  const spec = parseSpec(text.replace(READ, replacement), 'mapping-spec.yaml');
  return analyzeSpec(spec, catalogs, repo.inputs().model, helpers, only(SOURCE)).findings.filter(
    (f) => f.discriminant === 'sdk-message:result:success' || f.category === 'error',
  );
}

describe('versions', () => {
  it('orders versions by semver, a folder without a version (a candidate) after every release', () => {
    expect(['0.3.332', 'dir:/tmp/x', '0.2.62', '0.10.0'].sort(compareVersions)).toEqual([
      '0.2.62',
      '0.3.332',
      '0.10.0',
      'dir:/tmp/x',
    ]);
    // A folder without provenance is versioned 0.0.0-folder-<hash>: a candidate, newer than every release.
    expect(['0.0.0-folder-0123456789ab', '0.171.0', '0.105.0'].sort(compareVersions)).toEqual([
      '0.105.0',
      '0.171.0',
      '0.0.0-folder-0123456789ab',
    ]);
    expect(expectedIn({ absentIn: [], since: '0.3.0' }, '0.2.62')).toBe(false);
    expect(expectedIn({ absentIn: [], until: '0.171.0' }, 'dir:/tmp/candidate')).toBe(false);
    expect(expectedIn({ absentIn: ['0.3.332'], since: '0.3.0' }, '0.3.332')).toBe(false);
  });
});

describe.each(SETS)('since / until, on %s', (_, set) => {
  const versions = () => supportedVersions(SOURCE, set().text);
  const lacking = () => versions().filter((v) => compareVersions(v, FIRST) < 0);
  const having = () => versions().filter((v) => compareVersions(v, FIRST) >= 0);
  const findingsWith = (replacement: string) => findings(set(), replacement);

  it('accepts the committed `since`, the equivalent `absentIn`, and a `since` anywhere between the versions lacking and having it', () => {
    const between = semver.inc(lacking().at(-1)!, 'patch')!; // after the last lacking it, not after the first having it
    expect(compareVersions(between, having()[0]!)).toBeLessThan(0);
    expect(findingsWith(READ)).toEqual([]);
    expect(
      findingsWith(`{ path: $.terminal_reason, map: claudeResultState, absentIn: [${lacking().join(', ')}] }`),
    ).toEqual([]);
    expect(findingsWith(`{ path: $.terminal_reason, map: claudeResultState, since: ${between} }`)).toEqual([]);
  });

  it('without a range, names the versions lacking it and suggests `since:` the first version that has it', () => {
    const f = findingsWith('{ path: $.terminal_reason, map: claudeResultState }');
    expect(f.map((x) => [x.code, x.versions])).toEqual([['spec/unknown-path', lacking()]]);
    expect(f[0]!.hint).toContain(`{ path: $.terminal_reason, since: ${having()[0]} }`);
  });

  it('a range the wrong way round: stale where it excludes a version having the path, missing where it expects it', () => {
    const until = lacking().at(-1)!;
    const f = findingsWith(`{ path: $.terminal_reason, map: claudeResultState, until: ${until} }`);
    expect(f.map((x) => [x.category, x.code, x.versions]).sort()).toEqual([
      ['path', 'spec/unknown-path', lacking()],
      ['stale', 'spec/stale-absent-in', having()],
    ]);
    const stale = f.find((x) => x.category === 'stale')!;
    expect(stale.message).toContain(`is marked until ${until}`);
    expect(stale.hint).toContain(`since: ${having()[0]}`);
  });

  it('a path no supported snapshot has is a typo: did-you-mean, no version range suggested', () => {
    const f = findingsWith('{ path: $.terminal_reasn, map: claudeResultState }');
    // One cause, one finding: every version that lacks it is named in it.
    expect(f.length).toBe(1);
    expect(f[0]!.versions).toEqual(versions());
    for (const x of f) {
      expect(x.hint).toContain('a typo? did you mean `$.terminal_reason`');
      expect(x.hint).not.toMatch(/since|until|absentIn/);
    }
  });

  it('a `since` that is not a version is an error', () => {
    const f = findingsWith('{ path: $.terminal_reason, map: claudeResultState, since: soon }');
    expect(f.map((x) => x.code)).toContain('spec/bad-version');
  });
});

describe('a field removed in a newer version', () => {
  const withBump = () => ({
    ...repo.inputs().catalogs,
    'codex-app-server': [
      ...repo.inputs().catalogs['codex-app-server']!,
      loadCatalog(snapshotFromDir('codex-app-server', repo.bump())),
    ],
  });
  const plan = `explanation: ${REMOVED.path}`;

  it('is a path finding with an `until:` hint; `until` the last version having it settles it', () => {
    const analyse = (text: string) =>
      analyzeSpec(
        parseSpec(text, 'mapping-spec.yaml'),
        withBump(),
        repo.inputs().model,
        helpers,
        only('codex-app-server'),
      ).findings.filter((f) => f.category !== 'gap');
    expect(repo.inputs().spec.text).toContain(plan);
    const before = analyse(repo.inputs().spec.text);
    expect(before.map((f) => [f.code, f.discriminant, f.versions])).toEqual([
      ['spec/unknown-path', `notification:${REMOVED.method}`, [NEXT]],
    ]);
    expect(before[0]!.hint).toContain(`{ path: ${REMOVED.path}, until: ${BASE} }`);
    expect(
      analyse(repo.inputs().spec.text.replace(plan, `explanation: { path: ${REMOVED.path}, until: ${BASE} }`)),
    ).toEqual([]);
  });

  it('that was renamed: the hint reads both names with `first:`', () => {
    const renamed = buildBump();
    try {
      const cat = loadCatalog(snapshotFromDir('codex-app-server', renamed));
      const def = (
        cat.documents['ServerNotification.json'] as {
          definitions: Record<string, { properties: Record<string, unknown> }>;
        }
      ).definitions.TurnPlanUpdatedNotification!;
      def.properties.explanations = { type: ['string', 'null'] };
      const f = analyzeSpec(
        repo.inputs().spec,
        { ...repo.inputs().catalogs, 'codex-app-server': [...repo.inputs().catalogs['codex-app-server']!, cat] },
        repo.inputs().model,
        helpers,
        only('codex-app-server'),
      ).findings.filter((x) => x.code === 'spec/unknown-path');
      expect(f).toHaveLength(1);
      expect(f[0]!.hint).toContain(
        `renamed to \`$.params.explanations\`? read both: \`{ first: [{ path: $.params.explanation, until: ${BASE} }, { path: $.params.explanations, since: ${NEXT} }] }\``,
      );
    } finally {
      rmSync(renamed, { recursive: true, force: true });
    }
  });

  it('`eventmap diff` classes the removal breaking, and informational once the read says `until`', () => {
    const [from, to] = [
      repo.inputs().catalogs['codex-app-server']!.find((c) => c.version === BASE)!,
      loadCatalog(snapshotFromDir('codex-app-server', repo.bump())),
    ];
    const removal = (text: string) =>
      buildSnapshotDiff(from, to, parseSpec(text, 'mapping-spec.yaml')).changes.find(
        (c) => c.change === 'field-removed' && c.name === REMOVED.method && c.path === REMOVED.path,
      );
    expect(removal(repo.inputs().spec.text)?.class).toBe('breaking');
    expect(
      removal(repo.inputs().spec.text.replace(plan, `explanation: { path: ${REMOVED.path}, until: ${BASE} }`))?.class,
    ).toBe('informational');
  });
});
