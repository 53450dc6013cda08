// Fields that come and go: `since`/`until` (and the older `absentIn`) on a read path, checked
// against the real snapshots of every supported version; the hints tell a typo from a field that
// was removed or renamed.
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../generator/catalog/load.ts';
import { snapshotFromDir } from '../../generator/catalog/snapshots.ts';
import { buildSnapshotDiff } from '../../generator/diff/snapshot-report.ts';
import { analyzeSpec } from '../../generator/mapping/analyze.ts';
import type { Finding } from '../../generator/mapping/findings.ts';
import { parseSpec } from '../../generator/mapping/load.ts';
import { compareVersions, expectedIn } from '../../generator/mapping/presence.ts';
import { BASE, buildBump, NEXT, REMOVED, useRepoAndBump } from '../suggest/bump-fixture.ts';

const repo = useRepoAndBump();
const helpers = repo.helpers;

// The committed read: `terminal_reason` is in claude-agent-sdk 0.3.332 and not in 0.2.62.
const READ = '{ path: $.terminal_reason, map: claudeResultState, since: 0.3.332 }';
const claude = () => repo.inputs().spec.sources['claude-agent-sdk']!.snapshots.map((s) => s.version);

function findingsWith(replacement: string, catalogs = repo.inputs().catalogs): Finding[] {
  expect(repo.inputs().spec.text).toContain(READ);
  const spec = parseSpec(repo.inputs().spec.text.replace(READ, replacement), 'mapping-spec.yaml');
  return analyzeSpec(spec, catalogs, repo.inputs().model, helpers).findings.filter(
    (f) => f.discriminant === 'sdk-message:result:success' || f.category === 'error',
  );
}

describe('since / until', () => {
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

  it('accepts the committed `since`, the equivalent `absentIn`, and a `since` anywhere between the two versions', () => {
    const [older, newer] = [claude()[0]!, claude()[claude().length - 1]!];
    expect(findingsWith(READ)).toEqual([]);
    expect(findingsWith(`{ path: $.terminal_reason, map: claudeResultState, absentIn: [${older}] }`)).toEqual([]);
    expect(findingsWith(`{ path: $.terminal_reason, map: claudeResultState, since: ${newer} }`)).toEqual([]);
  });

  it('without a range, names the versions lacking it and suggests `since:` the first version that has it', () => {
    const f = findingsWith('{ path: $.terminal_reason, map: claudeResultState }');
    expect(f.map((x) => [x.code, x.versions])).toEqual([['spec/unknown-path', [claude()[0]]]]);
    expect(f[0]!.hint).toContain(`{ path: $.terminal_reason, since: ${claude()[1]} }`);
  });

  it('a range the wrong way round: stale where it excludes a version having the path, missing where it expects it', () => {
    const f = findingsWith(`{ path: $.terminal_reason, map: claudeResultState, until: ${claude()[0]} }`);
    expect(f.map((x) => [x.category, x.code, x.versions]).sort()).toEqual([
      ['path', 'spec/unknown-path', [claude()[0]]],
      ['stale', 'spec/stale-absent-in', [claude()[1]]],
    ]);
    const stale = f.find((x) => x.category === 'stale')!;
    expect(stale.message).toContain(`is marked until ${claude()[0]}`);
    expect(stale.hint).toContain(`since: ${claude()[1]}`);
  });

  it('a path no supported snapshot has is a typo: did-you-mean, no version range suggested', () => {
    const f = findingsWith('{ path: $.terminal_reasn, map: claudeResultState }');
    // One cause, one finding: every version that lacks it is named in it.
    expect(f.length).toBe(1);
    expect(f[0]!.versions).toEqual(claude());
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
      analyzeSpec(parseSpec(text, 'mapping-spec.yaml'), withBump(), repo.inputs().model, helpers).findings.filter(
        (f) => f.category !== 'gap',
      );
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
