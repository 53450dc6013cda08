// The record of what check's fast path needs from mapping-spec.yaml (generator/check/spec-facts.ts,
// issue 17): a second check of the same text parses no YAML and says exactly what the first said;
// another text, another coverage.json or another eventmap is not answered from it; and nothing
// that may not trust the cache folder (CI, --full) reads it.
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCheck } from '../../generator/check/run.ts';
import { sha256 } from '../../generator/fsutil.ts';
import { projectPaths } from '../../generator/project.ts';
import { projectWithOwnCache } from '../generate/own-cache.ts';

const own = projectWithOwnCache(['codex-sdk']);
const RECORD = () => join(own.dir(), 'check-spec.json');
const paths = () => projectPaths(own.project().root);
/** The one codex-sdk version the temp project supports, whichever it is. */
const SUPPORTED = readdirSync(join(import.meta.dirname, '..', '..', 'upstream-schemas', 'codex-sdk'))[0]!;

interface Facts {
  snapshots: Record<string, string[]>;
  coverage: string;
  locs: Record<string, { line: number }>;
}
interface RecordFile {
  version: string;
  entries: { [text: string]: Facts };
}
const record = () => JSON.parse(readFileSync(RECORD(), 'utf8')) as RecordFile;
/** The record with every location moved down `by` lines, and `edit` applied to its one entry. */
function forge(by: number, edit: (f: Facts) => void = () => {}): void {
  const r = record();
  for (const facts of Object.values(r.entries)) {
    for (const loc of Object.values(facts.locs)) loc.line += by;
    edit(facts);
  }
  writeFileSync(RECORD(), JSON.stringify(r));
}
/** The same check with no cache folder at all: the spec parsed whole, no record read. */
async function withoutCache(): ReturnType<typeof runCheck> {
  const saved = process.env.EVENTMAP_CACHE;
  process.env.EVENTMAP_CACHE = '0';
  try {
    return await runCheck(paths());
  } finally {
    if (saved === undefined) delete process.env.EVENTMAP_CACHE;
    else process.env.EVENTMAP_CACHE = saved;
  }
}
/** Every line a check result names in mapping-spec.yaml. */
const lines = (r: Awaited<ReturnType<typeof runCheck>>) =>
  Object.values(r.coverage.sources).flatMap((s) => s.discriminants.map((d) => d.line));

describe('check: the spec facts record', () => {
  it('a check of a text met before answers from the record, exactly as a parse does', async () => {
    await own.files();
    const first = await runCheck(paths());
    expect(first.fast).toBe(true);
    const spec = readFileSync(paths().spec, 'utf8');
    const r = record();
    expect(Object.keys(r.entries)).toEqual([sha256(spec)]);
    const facts = r.entries[sha256(spec)]!;
    expect(Object.keys(facts.snapshots)).toEqual(['codex-sdk']);
    expect(Object.keys(facts.locs).length).toBeGreaterThan(10);
    expect(facts.coverage).toBe(sha256(readFileSync(join(paths().generated, 'coverage.json'))));
    // A parse with a cache folder keeps its blocks (spec-blocks.json): this check parses nothing.
    rmSync(join(own.dir(), 'spec-blocks.json'));
    const second = await runCheck(paths());
    expect(existsSync(join(own.dir(), 'spec-blocks.json'))).toBe(false);
    expect(second).toEqual(first);
    expect(second).toEqual(await withoutCache());
    expect(lines(second).filter((l) => l !== undefined).length).toBeGreaterThan(10);
  });

  it('is believed where the cache is trusted, for its text and coverage.json only; never by --full', async () => {
    await own.files();
    const honest = await runCheck(paths());
    forge(1000);
    // Trusted (outside CI): the record is what spares the parse, so a forged one is believed.
    const believed = await runCheck(paths());
    expect(lines(believed)).toEqual(lines(honest).map((l) => (l === undefined ? l : l + 1000)));
    // --full reads no record (and takes no fast path).
    const full = await runCheck(paths(), { full: true });
    expect(full.fast).toBe(false);
    expect(lines(full)).toEqual(lines(honest));
    // Facts about another coverage.json are not used: the spec is parsed.
    forge(0, (f) => (f.coverage = sha256('another coverage.json')));
    expect(lines(await runCheck(paths()))).toEqual(lines(honest));
    // Names in it are checked as at the door: a source or version that is not one is no record.
    forge(1000, (f) => (f.snapshots = { 'codex-sdk': ['../../..'] }));
    expect(lines(await runCheck(paths()))).toEqual(lines(honest));
    forge(1000, (f) => (f.snapshots = { '../codex-sdk': [] }));
    expect(lines(await runCheck(paths()))).toEqual(lines(honest));
    // Nor does a record another eventmap wrote count.
    forge(1000);
    writeFileSync(RECORD(), JSON.stringify({ ...record(), version: `${record().version}-other` }));
    expect(lines(await runCheck(paths()))).toEqual(lines(honest));
  });

  it('a text met before, with generated/ edited since: the slow path, as without the record', async () => {
    await own.files();
    await runCheck(paths()); // records the facts of this text
    const mappers = join(paths().generated, 'codex-sdk', 'mappers.ts');
    writeFileSync(mappers, `${readFileSync(mappers, 'utf8')}// edited by hand\n`);
    const edited = await runCheck(paths());
    expect(edited.fast).toBe(false);
    expect(edited.findings.map((f) => f.code)).toContain('generated/stale-output');
    expect(edited).toEqual(await withoutCache());
  });

  it('another spec text is parsed: an added line moves every location', async () => {
    await own.files();
    const before = await runCheck(paths());
    forge(1000);
    own.project().editYaml('mapping-spec.yaml', (d) => {
      d.commentBefore = ' a line at the top';
    });
    await own.files(); // the manifest now names the new text
    const after = await runCheck(paths());
    expect(after.fast).toBe(true);
    expect(after).toEqual(await withoutCache());
    const moved = lines(after).filter((l, i) => l !== lines(before)[i]);
    expect(moved.length).toBe(lines(before).filter((l) => l !== undefined).length);
    expect(Object.keys(record().entries)).toEqual([sha256(readFileSync(paths().spec, 'utf8'))]);
  });

  it('names review markers and unsupported snapshots from the record as from a parse', async () => {
    own.project().editYaml('mapping-spec.yaml', (d) => {
      d.commentBefore = ' eventmap suggest: review';
    });
    // Vendored but not supported: another version of a supported source, and a source the spec lacks.
    const upstream = paths().upstream;
    cpSync(join(upstream, 'codex-sdk', SUPPORTED), join(upstream, 'codex-sdk', '999.0.0'), { recursive: true });
    cpSync(join(upstream, 'codex-sdk', SUPPORTED), join(upstream, 'claude-agent-sdk', '999.0.0'), { recursive: true });
    await own.files();
    const first = await runCheck(paths());
    rmSync(join(own.dir(), 'spec-blocks.json'));
    const second = await runCheck(paths());
    expect(existsSync(join(own.dir(), 'spec-blocks.json'))).toBe(false);
    expect(second.notices.map((n) => [n.code, n.source ?? n.loc?.line, n.hint?.split(' ')[0]])).toEqual([
      ['upstream/unsupported-snapshot', 'claude-agent-sdk', 'mapping-spec.yaml'],
      ['upstream/unsupported-snapshot', 'codex-sdk', 'try'],
      ['spec/review-marker', 1, 'check'],
    ]);
    expect(second).toEqual(first);
    expect(second).toEqual(await withoutCache());
  });
});
