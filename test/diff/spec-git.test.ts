// `eventmap diff --spec`: the mapping table between git revisions, in a real repository made here
// (the project in a subfolder of it), and once in this repository.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { loadSpec } from '../../generator/mapping/load.ts';
import type { MappingEntry } from '../../generator/mapping/types.ts';
import { committedSpec, eventmap, REPO, tempDir } from './helpers.ts';

interface Coverage {
  snapshots: string[];
  missing: string[];
  kinds: Record<string, { total: number; mapped: number; ignored: number; gap: number }>;
}
interface SpecReport {
  from: { label: string; commit?: string; exists: boolean };
  to: { label: string; commit?: string; exists: boolean };
  changes: number;
  sources: Record<
    string,
    {
      entries: {
        kind: string;
        name: string;
        change: string;
        before?: { status: string; targets: string[]; reason?: string };
        after?: { status: string; targets: string[]; reason?: string };
        details: string[];
      }[];
      valueMaps: { map: string; change: string; value?: string; before?: string | null; after?: string | null }[];
      snapshots: { before: string[] | null; after: string[] | null; added: string[]; removed: string[] };
      coverage: { before: Coverage | null; after: Coverage | null };
    }
  >;
}

const SRC = 'codex-app-server';
const PATH = ['mappings', SRC, 'notification'];
let repo: string;
let project: string;
let picked: { retarget: MappingEntry; ignore: MappingEntry; remove: MappingEntry };
let valueMap: { name: string; value: string; from: string; to: string };

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], {
    cwd: repo,
    encoding: 'utf8',
  });
const specFile = () => join(project, 'mapping-spec.yaml');
const editSpec = (edit: (doc: ReturnType<typeof parseDocument>) => void) => {
  const doc = parseDocument(readFileSync(specFile(), 'utf8'));
  edit(doc);
  writeFileSync(specFile(), doc.toString({ lineWidth: 0 }));
};
const commit = (message: string) => {
  git('add', 'proj/mapping-spec.yaml');
  git('commit', '-q', '-m', message);
};
const diffJson = async (...args: string[]) => {
  const r = await eventmap(project, 'diff', '--spec', ...args, '--format', 'json');
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout) as SpecReport;
};

beforeAll(() => {
  repo = tempDir('eventmap-diff-git-');
  project = join(repo, 'proj');
  mkdirSync(project);
  writeFileSync(specFile(), committedSpec());
  copyFileSync(join(REPO, 'canonical-model.yaml'), join(project, 'canonical-model.yaml'));
  symlinkSync(join(REPO, 'upstream-schemas'), join(project, 'upstream-schemas'));
  git('init', '-q', '-b', 'main');
  git('add', 'proj/mapping-spec.yaml', 'proj/canonical-model.yaml');
  git('commit', '-q', '-m', 'the table');
  // Three mapped notifications of the copy, whatever the table holds today.
  const spec = loadSpec(specFile());
  const mapped = spec.entries.filter(
    (e) => e.source === SRC && e.kind === 'notification' && e.emit.length === 1 && !e.response.length,
  );
  picked = { retarget: mapped[0]!, ignore: mapped[1]!, remove: mapped[2]! };
  // A value map with two different canonical values: one of its upstream values gets the other.
  const [name, map] = Object.entries(spec.valueMaps).find(
    ([, m]) =>
      m.source === SRC &&
      new Set(
        Object.values(m.values)
          .map((v) => v.value)
          .filter(Boolean),
      ).size >= 2,
  )!;
  const [from, first] = Object.entries(map.values).find(([, v]) => v.value)!;
  const other = Object.values(map.values)
    .map((v) => v.value)
    .find((v) => v && v !== first.value)!;
  valueMap = { name, value: from, from: first.value!, to: other };
  editSpec((doc) => {
    doc.setIn([...PATH, picked.retarget.name, 'emit', 0, 'type'], 'runtime.warning');
    doc.setIn([...PATH, picked.ignore.name], doc.createNode({ ignore: 'not agent activity (test)' }));
    doc.deleteIn([...PATH, picked.remove.name]);
    doc.setIn(['valueMaps', name, 'values', from], other);
  });
  commit('edit the table');
});

describe('eventmap diff --spec in a fresh repository', () => {
  it('names the retargeted, newly ignored and removed entries and the value-map change', async () => {
    const r = await diffJson('HEAD~1..HEAD');
    expect(r.from.label).toBe('HEAD~1');
    const s = r.sources[SRC]!;
    const byName = new Map(s.entries.map((e) => [e.name, e]));
    const re = byName.get(picked.retarget.name)!;
    expect(re.change).toBe('target-changed');
    expect(re.after!.targets[0]).toBe('runtime.warning');
    expect(re.details.join('\n')).toContain(`${picked.retarget.emit[0]!.type} → runtime.warning`);
    expect(byName.get(picked.ignore.name)).toMatchObject({
      change: 'newly-ignored',
      before: { status: 'mapped' },
      after: { status: 'ignored', reason: 'not agent activity (test)' },
    });
    expect(byName.get(picked.remove.name)).toMatchObject({ change: 'removed', before: { status: 'mapped' } });
    expect(s.entries).toHaveLength(3);
    expect(s.valueMaps).toEqual([
      {
        source: SRC,
        map: valueMap.name,
        change: 'value-changed',
        value: valueMap.value,
        before: valueMap.from,
        after: valueMap.to,
        line: expect.any(Number),
      },
    ]);
    expect(r.changes).toBe(4);
  });

  it('counts coverage before → after over the vendored snapshots', async () => {
    const { before, after } = (await diffJson('HEAD~1..HEAD')).sources[SRC]!.coverage;
    expect(before!.snapshots).toEqual(after!.snapshots);
    expect(before!.missing).toEqual([]);
    const [b, a] = [before!.kinds.notification!, after!.kinds.notification!];
    expect(a).toEqual({ total: b.total, mapped: b.mapped - 2, ignored: b.ignored + 1, gap: b.gap + 1 });
  });

  it('defaults to the merge base with main → working tree, as a markdown table', async () => {
    editSpec((doc) => doc.setIn([...PATH, picked.retarget.name, 'emit', 0, 'type'], 'runtime.error'));
    const r = await eventmap(project, 'diff', '--spec');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^### eventmap diff --spec: merge-base main \([0-9a-f]{12}\) → working tree/);
    expect(r.stdout).toContain('| change | what | before | after | details |');
    expect(r.stdout).toContain(
      `| target changed | \`notification ${picked.retarget.name}\` | runtime.warning | runtime.error |`,
    );
    git('checkout', '-q', '--', 'proj/mapping-spec.yaml');
    expect((await diffJson()).changes).toBe(0);
  });

  it('says which snapshots a revision names that are not vendored, instead of failing', async () => {
    const supported = loadSpec(specFile()).sources[SRC]!.snapshots.map((x) => x.version);
    editSpec((doc) =>
      doc.setIn(['sources', SRC, 'snapshots'], doc.createNode([...supported, '0.999.0'], { flow: true })),
    );
    const r = await diffJson('HEAD');
    expect(r.sources[SRC]!.coverage.after!.missing).toEqual(['0.999.0']);
    expect((await eventmap(project, 'diff', '--spec', 'HEAD', '--format', 'text')).stdout).toContain(
      'snapshot(s) 0.999.0 not vendored',
    );
    git('checkout', '-q', '--', 'proj/mapping-spec.yaml');
  });

  it('reports a change of the supported snapshot list in every format', async () => {
    const supported = loadSpec(specFile()).sources[SRC]!.snapshots.map((x) => x.version);
    const after = [...supported.slice(1), '0.999.0'];
    editSpec((doc) => doc.setIn(['sources', SRC, 'snapshots'], doc.createNode(after, { flow: true })));
    const r = await diffJson('HEAD');
    expect(r.sources[SRC]!.snapshots).toEqual({
      before: supported,
      after,
      added: ['0.999.0'],
      removed: [supported[0]],
    });
    expect(r.changes).toBe(2);
    const line = `supported snapshots ${supported.join(', ')} → ${after.join(', ')} (added 0.999.0; removed ${supported[0]})`;
    for (const format of ['text', 'markdown'])
      expect((await eventmap(project, 'diff', '--spec', 'HEAD', '--format', format)).stdout, format).toContain(line);
    git('checkout', '-q', '--', 'proj/mapping-spec.yaml');
    expect((await diffJson('HEAD')).sources[SRC]!.snapshots).toEqual({
      before: supported,
      after: supported,
      added: [],
      removed: [],
    });
  });

  it('a spec that does not parse at a revision is exit 2, naming the revision and line', async () => {
    const lines = readFileSync(specFile(), 'utf8').split('\n');
    const at = lines.findIndex((l) => l.startsWith('version:'));
    lines[at] = 'version: one';
    writeFileSync(specFile(), lines.join('\n'));
    commit('break the table');
    const r = await eventmap(project, 'diff', '--spec', 'HEAD~1..HEAD');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`HEAD:mapping-spec.yaml:${at + 1}:`);
    expect(r.stderr).toContain('revision HEAD');
    git('reset', '-q', '--hard', 'HEAD~1');
  });

  it('an unknown revision, or snapshots with --spec, is exit 2', async () => {
    const r = await eventmap(project, 'diff', '--spec', 'nosuchbranch..HEAD');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('error diff/unknown-revision');
    const both = await eventmap(project, 'diff', `${SRC}@0.105.0`, '--spec', 'HEAD');
    expect(both.status).toBe(2);
  });
});

describe('eventmap diff --spec in this repository', () => {
  it('HEAD..HEAD has no changes', async () => {
    const r = await eventmap(REPO, 'diff', '--spec', 'HEAD..HEAD', '--format', 'json');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as SpecReport;
    expect(report.changes).toBe(0);
    for (const s of Object.values(report.sources)) expect(s.coverage.before).toEqual(s.coverage.after);
  });

  it('HEAD~3..HEAD parses', async () => {
    const r = await eventmap(REPO, 'diff', '--spec', 'HEAD~3..HEAD', '--format', 'text');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^mapping-spec\.yaml: HEAD~3 \([0-9a-f]{12}\) → HEAD/);
  });
});
