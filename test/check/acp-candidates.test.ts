// ACP releases eventmap does not vendor, checked with `--with`: the gaps check names are exactly
// the methods and session/update variants the candidate has and no supported release has, as
// computed here from the schema files themselves (plain JSON, not the catalog); and a new
// sessionUpdate variant fails check by name.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { snapshotPipelineOptions } from '../../generator/commands/upstream-option.ts';
import { formatText } from '../../generator/check/format/text.ts';
import { runCheck } from '../../generator/check/run.ts';
import { projectPaths } from '../../generator/project/paths.ts';
import { discriminants, schemaOf, type Json } from '../catalog/acp-walk.ts';

const REPO = join(import.meta.dirname, '..', '..');
const UNVENDORED = join(REPO, 'test', 'fixtures', 'upstream-src', 'acp');
const paths = projectPaths(REPO);
const scratch = mkdtempSync(join(tmpdir(), 'eventmap-acp-candidates-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The releases the spec supports, read from it (a bump changes them; the test does not). */
const supported = (
  parse(readFileSync(join(REPO, 'mapping-spec.yaml'), 'utf8')) as { sources: { acp: { snapshots: string[] } } }
).sources.acp.snapshots;

const gapsOf = async (arg: string) => {
  const r = await runCheck(paths, await snapshotPipelineOptions(paths.upstream, { upstream: [], with: [arg] }));
  return { r, gaps: new Set(r.findings.filter((f) => f.category === 'gap').map((f) => f.discriminant!)) };
};

describe('acp candidates', () => {
  it('supports at least three releases, each vendored', () => {
    expect(supported.length).toBeGreaterThanOrEqual(3);
    expect(readdirSync(join(REPO, 'upstream-schemas', 'acp'))).toEqual(expect.arrayContaining(supported));
  });

  it.each(readdirSync(UNVENDORED))(
    'an unvendored release (%s): the gaps are its methods and variants that no supported release has',
    async (version) => {
      const known = new Set(
        supported.flatMap((v) => [...discriminants(schemaOf(join(REPO, 'upstream-schemas', 'acp', v)))]),
      );
      const candidate = discriminants(schemaOf(join(UNVENDORED, version)));
      const expected = new Set([...candidate].filter((d) => !known.has(d)));
      expect(expected.size).toBeGreaterThan(0);
      const { gaps } = await gapsOf(`acp@${join(UNVENDORED, version)}@${version}`);
      expect([...gaps].sort()).toEqual([...expected].sort());
    },
  );

  it('a new sessionUpdate variant fails check, named', async () => {
    const newest = supported.at(-1)!;
    const schema = schemaOf(join(REPO, 'upstream-schemas', 'acp', newest));
    (schema.$defs.SessionUpdate as { oneOf: Json[] }).oneOf.push({
      description: 'A variant no release has.',
      type: 'object',
      properties: { sessionUpdate: { type: 'string', const: 'eventmap_probe_update' } },
      required: ['sessionUpdate'],
    });
    const dir = join(scratch, 'candidate');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'schema.json'), JSON.stringify(schema, null, 2));
    const { r, gaps } = await gapsOf(`acp@${dir}`);
    expect([...gaps]).toEqual(['session-update:eventmap_probe_update']);
    expect(formatText(r)).toContain('eventmap_probe_update');
  });
});
