// Checking a candidate without editing the spec: `--with` adds a snapshot for one run (a vendored
// version, or a folder whose lack of a version makes it the newest unless `@<version>` places it), `--upstream` replaces one and
// may not be given twice for a source; the formats carry the notices without failing.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotPipelineOptions } from '../../generator/commands/upstream-option.ts';
import { formatGithub } from '../../generator/check/format/github.ts';
import { formatJson } from '../../generator/check/format/json.ts';
import { formatText } from '../../generator/check/format/text.ts';
import { runCheck } from '../../generator/check/run.ts';
import { EventmapError } from '../../generator/shared/diagnostics.ts';
import { projectPaths } from '../../generator/project/paths.ts';
import { BASE, buildBump, REMOVED, REPO } from '../suggest/bump-fixture.ts';

const root = mkdtempSync(join(tmpdir(), 'eventmap-candidates-'));
const paths = projectPaths(root);
let folder: string;
beforeAll(() => {
  for (const p of ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas', 'generated'])
    cpSync(join(REPO, p), join(root, p), { recursive: true });
  folder = buildBump(join(root, 'candidate'));
  rmSync(join(folder, 'provenance.json')); // as `codex app-server generate-json-schema --out` writes it
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const codeOf = async (f: () => unknown) => {
  try {
    await f();
  } catch (err) {
    return err instanceof EventmapError ? err.diagnostics[0]!.code : String(err);
  }
  return undefined;
};

describe('check --with and --upstream', () => {
  it('--with a folder: versioned by its content, newer than every release, so the hint says `until` the newest', async () => {
    const r = await runCheck(
      paths,
      await snapshotPipelineOptions(paths.upstream, { upstream: [], with: [`codex-app-server@${folder}`] }),
    );
    const path = r.findings.find((f) => f.category === 'path')!;
    expect(path.versions).toEqual([expect.stringMatching(/^0\.0\.0-folder-[0-9a-f]{12}$/)]);
    expect(path.hint).toContain(`{ path: ${REMOVED.path}, until: ${BASE} }`);
    expect(r.findings.map((f) => f.category).sort()).toEqual(['gap', 'gap', 'path']);
    expect(r.coverage.sources['codex-app-server']!.snapshots.at(-1)).toMatch(/^0\.0\.0-folder-[0-9a-f]{12}$/);
  });

  it('--with a folder@version places it among the releases: an older one gets `since`, not `until`', async () => {
    const hintFor = async (arg: string) => {
      const r = await runCheck(paths, await snapshotPipelineOptions(paths.upstream, { upstream: [], with: [arg] }));
      return r.findings.find((f) => f.category === 'path')!;
    };
    const older = await hintFor(`codex-app-server@${folder}@0.100.0`);
    expect(older.versions).toEqual(['0.100.0']);
    expect(older.hint).toContain(`{ path: ${REMOVED.path}, since: `);
    expect(older.hint).not.toContain('until');
    expect((await hintFor(`codex-app-server@${folder}`)).hint).toContain(`until: ${BASE}`);
  });

  it('--with a folder@version that its provenance.json contradicts is an error', async () => {
    const versioned = buildBump(join(root, 'versioned'));
    expect(
      await codeOf(() =>
        snapshotPipelineOptions(paths.upstream, { upstream: [], with: [`codex-app-server@${versioned}@0.100.0`] }),
      ),
    ).toBe('cli/version-mismatch');
  });

  it('--upstream twice for one source is an error, not "the last one wins"; --with a supported version too', async () => {
    expect(
      await codeOf(() =>
        snapshotPipelineOptions(paths.upstream, {
          upstream: [`codex-app-server=${folder}`, `codex-app-server=${folder}`],
          with: [],
        }),
      ),
    ).toBe('cli/repeated-option');
    expect(
      await codeOf(() => snapshotPipelineOptions(paths.upstream, { upstream: [], with: ['codex-app-server'] })),
    ).toBe('cli/bad-argument');
    return expect(
      snapshotPipelineOptions(paths.upstream, { upstream: [], with: [`codex-app-server@${BASE}`] }).then((o) =>
        runCheck(paths, o),
      ),
    ).rejects.toMatchObject({ diagnostics: [{ code: 'cli/already-supported' }] });
  });

  it('--upstream and --with together: the replacement, plus the addition', async () => {
    const base = join(paths.upstream, 'codex-app-server', BASE);
    const r = await runCheck(
      paths,
      await snapshotPipelineOptions(paths.upstream, {
        upstream: [`codex-app-server=${base}`],
        with: [`codex-app-server@${folder}`],
      }),
    );
    expect(r.coverage.sources['codex-app-server']!.snapshots).toEqual([
      BASE,
      expect.stringMatching(/^0\.0\.0-folder-[0-9a-f]{12}$/),
    ]);
  });

  it('notices appear in every format, and never count as findings', async () => {
    cpSync(folder, join(paths.upstream, 'codex-app-server', '999.0.0'), { recursive: true });
    try {
      const r = await runCheck(paths);
      expect(r.findings).toEqual([]);
      expect(r.notices.map((n) => n.code)).toEqual(['upstream/unsupported-snapshot']);
      expect((JSON.parse(formatJson(r)) as { ok: boolean; notices: { code: string }[] }).notices[0]!.code).toBe(
        'upstream/unsupported-snapshot',
      );
      expect(formatText(r)).toMatch(
        /notices \(not failures\):\n {2}notice codex-app-server@999\.0\.0: upstream-schemas\/codex-app-server\/999\.0\.0 is vendored, but no source supports it/,
      );
      expect(formatText(r)).toContain('eventmap check: clean');
      expect(formatGithub(r)).toMatch(/^::notice title=eventmap upstream\/unsupported-snapshot::/m);
      expect(formatGithub(r)).not.toContain('::error');
    } finally {
      rmSync(join(paths.upstream, 'codex-app-server', '999.0.0'), { recursive: true, force: true });
    }
  });
});
