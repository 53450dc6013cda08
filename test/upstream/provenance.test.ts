// Every vendored snapshot's provenance.json records what docs/security.md says it records (the
// reviewer's checklist, "Reviewing a snapshot bump"), and its files are in the canonical order
// `upstream add` writes, so vendoring the release again gives the same bytes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../generator/io/canonical-json.ts';
import { sha256 } from '../../generator/io/fsutil.ts';
import { ingestAcp } from '../../generator/upstream/acp.ts';
import { REPO } from '../next-release.ts';

const UPSTREAM = join(REPO, 'upstream-schemas');
const snapshots = readdirSync(UPSTREAM).flatMap((source) =>
  readdirSync(join(UPSTREAM, source)).map((version) => ({ source, version, dir: join(UPSTREAM, source, version) })),
);

type Provenance = Record<string, unknown> & {
  published: string;
  resolvedBefore: string;
  files: Record<string, string>;
  confinement: Record<string, unknown>;
};

describe.each(snapshots)('$source@$version', ({ source, version, dir }) => {
  const provenance = JSON.parse(readFileSync(join(dir, 'provenance.json'), 'utf8')) as Provenance;

  it('provenance.json names the release, its publish time, the cut-off, what was installed and how it ran', () => {
    expect(provenance).toMatchObject({
      source,
      version,
      eventmapCommand: `eventmap upstream add ${source}@${version}`,
    });
    for (const key of ['package', 'integrity', 'command'])
      expect(provenance[key], key).toEqual(expect.stringMatching(/\S/));
    expect(provenance.integrity).toMatch(/^sha512-/);
    const [published, before] = [Date.parse(provenance.published), Date.parse(provenance.resolvedBefore)];
    expect(new Date(published).toISOString()).toBe(provenance.published);
    // The cut-off: the last of the release's own pieces, minutes after it at most.
    expect(before - published).toBeGreaterThanOrEqual(0);
    expect(before - published).toBeLessThan(60 * 60_000);
    expect(Object.keys(provenance.installed as object)).toContain(provenance.package);
    const c = provenance.confinement;
    expect(
      c.sandbox === 'bubblewrap' ? typeof c.version : c,
      'confinement: bubblewrap, or no upstream code run (never unconfined in a committed snapshot)',
    ).toEqual(c.sandbox === 'bubblewrap' ? 'string' : { sandbox: 'none', ranUpstreamCode: false });
  });

  it('lists every file with its hash, each in canonical order unless copied verbatim', () => {
    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name !== 'provenance.json')
      .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
    expect(Object.keys(provenance.files).sort()).toEqual(files.sort());
    for (const rel of files) {
      const text = readFileSync(join(dir, rel), 'utf8');
      expect(provenance.files[rel], rel).toBe(`sha256-${sha256(text)}`);
      if (source !== 'acp' || !ingestAcp.verbatim) expect(canonicalJson(text) === text, rel).toBe(true);
    }
  });
});
