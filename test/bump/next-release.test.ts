// The bump of every source at once, played from the printed steps on a copy of the project: each
// source's synthetic next release (its newest supported snapshot plus one new message,
// test/next-release.ts). `check --with` and `diff --fail-on needs-mapping` name exactly the new
// messages; after `suggest --write`, deleting the review markers and `upstream support`,
// `generate` then `check` are clean, with no other edit.
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.ts';
import {
  buildNextRelease,
  REPO,
  SOURCE_NAMES,
  supportedVersions,
  takeNextReleases,
  type NextRelease,
} from '../next-release.ts';
import { scratchDir } from '../scratch.ts';

const root = scratchDir('eventmap-next-release-');
const eventmap = (...args: string[]) => runCli(['--root', root, ...args]);
const spec = () => readFileSync(join(root, 'mapping-spec.yaml'), 'utf8');
let candidates: NextRelease[] = [];

beforeAll(() => {
  for (const p of ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas'])
    cpSync(join(REPO, p), join(root, p), { recursive: true });
  // Vendored, not supported: as `upstream add` leaves them.
  candidates = SOURCE_NAMES.map((s) => buildNextRelease(s, join(root, 'upstream-schemas')));
});

type Finding = { category: string; source: string; discriminant: string; versions: string[] };

describe('a next release of every source', () => {
  it('check --with fails on exactly the new messages, one gap each', async () => {
    const r = await eventmap(
      'check',
      ...candidates.flatMap((c) => ['--with', `${c.source}@${c.version}`]),
      '--format',
      'json',
    );
    expect(r.status, r.stderr).toBe(1);
    const findings = (JSON.parse(r.stdout) as { findings: Finding[] }).findings;
    expect(findings.map((f) => [f.category, f.source, f.discriminant, f.versions]).sort()).toEqual(
      candidates.map((c) => ['gap', c.source, c.discriminant, [c.version]]).sort(),
    );
  });

  it.each(SOURCE_NAMES)(
    '%s: diff --fail-on needs-mapping fails on the same message, and only on it',
    async (source) => {
      const c = candidates.find((x) => x.source === source)!;
      const r = await eventmap(
        'diff',
        `${source}@${c.base}`,
        `${source}@${c.version}`,
        '--format',
        'json',
        '--fail-on',
        'needs-mapping',
      );
      expect(r.status, r.stderr).toBe(1);
      const changes = (
        JSON.parse(r.stdout) as { changes: { class: string; change: string; kind: string; name: string }[] }
      ).changes;
      expect(changes.map((x) => [x.class, x.change, `${x.kind}:${x.name}`])).toEqual([
        ['needs-mapping', 'discriminant-added', c.discriminant],
      ]);
    },
  );

  it('after suggest --write, the markers deleted and upstream support: generate, then check, clean', async () => {
    const listed = async () =>
      JSON.parse((await eventmap('upstream', 'list', '--format', 'json')).stdout) as {
        source: string;
        version: string;
        supported: boolean;
      }[];
    const next = (rows: Awaited<ReturnType<typeof listed>>) =>
      rows.filter((r) => candidates.some((c) => c.source === r.source && c.version === r.version));
    expect(next(await listed()).map((r) => r.supported)).toEqual(candidates.map(() => false));
    const taken = await takeNextReleases(root, candidates);
    for (const c of taken) expect(supportedVersions(c.source, spec())).toContain(c.version);
    expect((await listed()).every((r) => r.supported)).toBe(true);
    expect(next(await listed())).toHaveLength(candidates.length);
    const generate = await eventmap('generate');
    expect(generate.status, generate.stderr).toBe(0);
    const check = await eventmap('check', '--full', '--format', 'json');
    expect(JSON.parse(check.stdout)).toMatchObject({ ok: true, findings: [], notices: [] });
    expect(check.status).toBe(0);
  });
});
