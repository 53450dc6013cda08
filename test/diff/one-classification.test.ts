// Issue 38, deliverable 5: `diff` and `check` class every change the same way. A type change is
// judged by where the read value lands (a payload field, an id, a value map): the new type either
// still fits there, or fails both. For each class of
// change, a candidate release of codex-app-server (its newest supported snapshot with that one
// change) goes through `check --with` and `diff <newest> <candidate> --fail-on needs-mapping`
// (a new field that fits a free slot: test/check/new-field.test.ts):
// both fail, or both pass. On the real snapshots: a removal an older supported release still has
// passes both, and fails both once that release is dropped from the supported set.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../generator/catalog/load.ts';
import { resolveSnapshot } from '../../generator/catalog/snapshots.ts';
import { parseSpec } from '../../generator/mapping/load.ts';
import { getAtPointer } from '../../generator/schema/pointer.ts';
import { buildNextRelease, newestSupported, supportedVersions } from '../next-release.ts';
import { eventmap, REPO, tempDir, type JsonDiff } from './helpers.ts';

const SOURCE = 'codex-app-server';
type Json = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[]; enum?: string[] };

/** A project root with its own copy of the spec, the model and the snapshots (candidates are written into it). */
function project(): string {
  const root = tempDir('eventmap-one-class-');
  for (const p of ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas'])
    cpSync(join(REPO, p), join(root, p), { recursive: true });
  return root;
}

/** Whether each command fails: exit 1 on findings or changes, 2 on a spec error (`check`'s type mismatch), never a usage error. */
const verdicts = async (root: string, from: string, to: string) => {
  const check = await eventmap(root, 'check', '--with', to, '--format', 'json');
  const diff = await eventmap(root, 'diff', from, to, '--format', 'json', '--fail-on', 'needs-mapping');
  expect(check.stderr).not.toMatch(/cli\//);
  expect([0, 1], diff.stderr).toContain(diff.status);
  const changes = (JSON.parse(diff.stdout) as JsonDiff).changes;
  const verdict = (status: number) => (status === 0 ? 'pass' : 'fail');
  return { check: verdict(check.status), diff: verdict(diff.status), said: check.stdout + check.stderr, changes };
};

describe('one classification: diff --fail-on needs-mapping and check --with agree on each class of change', () => {
  const root = project();
  const spec = () => parseSpec(readFileSync(join(root, 'mapping-spec.yaml'), 'utf8'), 'mapping-spec.yaml');
  const base = newestSupported(SOURCE);
  let version = base;
  // The newest snapshot's turn/completed and the enum its state is mapped from (codexTurnState's).
  const catalog = loadCatalog(resolveSnapshot(join(REPO, 'upstream-schemas'), `${SOURCE}@${base}`));
  const turnStatus = Object.values(spec().valueMaps).find((m) => m.source === SOURCE && m.to === 'TurnState')!
    .covers as { enum: string };
  const completed = catalog.entries.find((e) => e.kind === 'notification' && e.name === 'turn/completed')!;

  /** The next patch version: the newest supported snapshot with one edit to the document `file` (`delete`: without it). */
  const candidate = (file: string, edit: ((doc: Json) => void) | 'delete'): string => {
    version = semver.inc(version, 'patch')!;
    const dir = join(root, 'upstream-schemas', SOURCE, version);
    cpSync(join(REPO, 'upstream-schemas', SOURCE, base), dir, { recursive: true });
    if (edit === 'delete') rmSync(join(dir, file));
    else {
      const doc = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Json;
      edit(doc);
      writeFileSync(join(dir, file), JSON.stringify(doc, null, 2));
    }
    const prov = join(dir, 'provenance.json');
    writeFileSync(prov, JSON.stringify({ ...(JSON.parse(readFileSync(prov, 'utf8')) as object), version }));
    return `${SOURCE}@${version}`;
  };
  /** turn/completed's params schema in `doc`. */
  const params = (doc: Json): Json => {
    const msg = getAtPointer(doc, completed.pointer.slice(1)) as Json;
    const ref = (msg.properties!.params as { $ref: string }).$ref;
    return getAtPointer(doc, ref.slice(1)) as Json;
  };
  /** The Turn that turn/completed carries, in `doc`. */
  const turn = (doc: Json): Json => {
    const ref = (params(doc).properties!.turn as { $ref: string }).$ref;
    return getAtPointer(doc, ref.slice(1)) as Json;
  };
  // A request whose answer the spec maps (`response:`), and the document that describes the answer.
  const answered = catalog.entries.find(
    (e) =>
      e.response &&
      'document' in e.response &&
      spec().entries.some((s) => s.source === SOURCE && s.kind === e.kind && s.name === e.name && s.response.length),
  )!;
  const enumOf = (doc: Json) => getAtPointer(doc, catalog.enums[turnStatus.enum]!.pointer.slice(1)) as Json;

  /** Each class of change: how its candidate is made, whether both commands fail on it, the change diff names. */
  const cases: [string, 'fail' | 'pass', string, () => string][] = [
    [
      'a discriminant added',
      'fail',
      'discriminant-added',
      () => {
        const next = buildNextRelease(SOURCE, join(root, 'upstream-schemas'), {
          specText: readFileSync(join(root, 'mapping-spec.yaml'), 'utf8'),
        });
        version = next.version;
        return `${SOURCE}@${next.version}`;
      },
    ],
    [
      'a mapped discriminant removed that the supported snapshots have',
      'pass',
      'discriminant-removed',
      () =>
        candidate(completed.document, (doc) => {
          (doc.oneOf as unknown[]).splice(Number(completed.pointer.split('/').at(-1)), 1);
        }),
    ],
    [
      'a field added that fits no slot',
      'pass',
      'field-added',
      () =>
        candidate(completed.document, (doc) => {
          params(doc).properties!.eventmapNewField = { type: 'integer' };
        }),
    ],
    [
      'a field the spec reads removed',
      'fail',
      'field-removed',
      () =>
        candidate(completed.document, (doc) => {
          const p = params(doc);
          delete p.properties!.threadId;
          p.required = p.required!.filter((r) => r !== 'threadId');
        }),
    ],
    [
      'a field the spec reads made optional',
      'pass',
      'field-made-optional',
      () =>
        candidate(completed.document, (doc) => {
          const p = params(doc);
          p.required = p.required!.filter((r) => r !== 'threadId');
        }),
    ],
    [
      'a field the spec reads into a string slot made an integer',
      'fail',
      'field-type-changed',
      () =>
        candidate(completed.document, (doc) => {
          const msg = getAtPointer(doc, '/definitions/TurnError') as Json;
          msg.properties!.message = { type: 'integer' };
        }),
    ],
    [
      'a field the spec reads into a string field made nullable',
      'pass',
      'field-type-changed',
      () =>
        candidate(completed.document, (doc) => {
          const msg = getAtPointer(doc, '/definitions/TurnError') as Json;
          msg.properties!.message = { type: ['string', 'null'] };
        }),
    ],
    [
      'a field the spec reads as an id made an integer (an id takes a number)',
      'pass',
      'field-type-changed',
      () =>
        candidate(completed.document, (doc) => {
          params(doc).properties!.threadId = { type: 'integer' };
        }),
    ],
    [
      'a field the spec reads as an id made an object',
      'fail',
      'field-type-changed',
      () =>
        candidate(completed.document, (doc) => {
          params(doc).properties!.threadId = { type: 'object', properties: { id: { type: 'string' } } };
        }),
    ],
    [
      'a field read through a value map made a tagged object (the map translates its tag)',
      'pass',
      'field-type-changed',
      () =>
        candidate(completed.document, (doc) => {
          turn(doc).properties!.status = {
            type: 'object',
            properties: { type: { type: 'string' } },
            required: ['type'],
          };
        }),
    ],
    [
      'a field read through a value map made an integer',
      'fail',
      'field-type-changed',
      () =>
        candidate(completed.document, (doc) => {
          turn(doc).properties!.status = { type: 'integer' };
        }),
    ],
    [
      'a field read through a value map given values the map does not list',
      'fail',
      'field-values-added',
      () =>
        candidate(completed.document, (doc) => {
          turn(doc).properties!.status = { type: 'string', enum: ['eventmapA', 'eventmapB'] };
        }),
    ],
    [
      'an enum value added',
      'fail',
      'enum-values-added',
      () =>
        candidate(catalog.enums[turnStatus.enum]!.document, (doc) => {
          enumOf(doc).enum!.push('eventmapNewStatus');
        }),
    ],
    [
      'an enum value removed that the supported snapshots have',
      'pass',
      'enum-values-removed',
      () =>
        candidate(catalog.enums[turnStatus.enum]!.document, (doc) => {
          enumOf(doc).enum!.pop();
        }),
    ],
    [
      'a mapped response removed that the supported snapshots have',
      'pass',
      'response-removed',
      () => candidate((answered.response as { document: string }).document, 'delete'),
    ],
  ];

  it.each(cases)('%s: both %s', async (_, expected, change, make) => {
    const to = make();
    const v = await verdicts(root, `${SOURCE}@${base}`, to);
    expect(v.changes.map((c) => c.change)).toContain(change);
    expect({ check: v.check, diff: v.diff }, v.said).toEqual({ check: expected, diff: expected });
  });

  it('values a value-mapped field can take that its map lacks: suggest --write drafts them, and check then fails only on the review markers', async () => {
    const to = candidate(completed.document, (doc) => {
      turn(doc).properties!.status = { type: 'string', enum: ['eventmapA'] };
    });
    const gap = await eventmap(root, 'check', '--with', to, '--format', 'json');
    const codes = (r: typeof gap) =>
      (JSON.parse(r.stdout) as { findings: { code: string }[] }).findings.map((f) => f.code);
    expect(codes(gap)).toEqual(['coverage/map-gap']);
    const s = await eventmap(root, 'suggest', '--with', to, '--write');
    expect(s.status, s.stderr).toBe(0);
    expect(readFileSync(join(root, 'mapping-spec.yaml'), 'utf8')).toMatch(/eventmapA: \w+ # eventmap suggest: review/);
    const after = await eventmap(root, 'check', '--with', to, '--format', 'json');
    expect(codes(after)).toEqual(['spec/review-marker']);
  });
});

describe('one classification on the real snapshots', () => {
  const versions = supportedVersions(SOURCE);
  const [oldest, newest] = [versions[0]!, versions.at(-1)!];

  it('a removal an older supported release still has: informational in diff, as check is clean', async () => {
    const root = project();
    const d = await eventmap(root, 'diff', `${SOURCE}@${oldest}`, `${SOURCE}@${newest}`, '--format', 'json');
    const removed = (JSON.parse(d.stdout) as JsonDiff).changes.filter((c) => c.change.endsWith('-removed'));
    expect(removed.length).toBeGreaterThan(0);
    expect(removed.filter((c) => c.class !== 'informational')).toEqual([]);
  });

  it('once that release is dropped, both fail on it', async () => {
    const root = project();
    const file = join(root, 'mapping-spec.yaml');
    const text = readFileSync(file, 'utf8');
    const { line } = parseSpec(text, 'mapping-spec.yaml').sources[SOURCE]!.snapshots.find(
      (s) => s.version === oldest,
    )!.loc;
    const lines = text.split('\n');
    // The one edit: the oldest version out of the source's `snapshots:` list.
    lines[line - 1] = lines[line - 1]!.replace(new RegExp(`\\b${oldest.replaceAll('.', '\\.')}\\b,? ?`), '');
    expect(lines[line - 1]).not.toContain(oldest);
    writeFileSync(file, lines.join('\n'));
    const check = await eventmap(root, 'check', '--format', 'json');
    expect(check.status, check.stderr).toBe(1);
    const stale = (JSON.parse(check.stdout) as { findings: { category: string }[] }).findings.filter(
      (f) => f.category === 'stale',
    );
    expect(stale.length).toBeGreaterThan(0);
    const d = await eventmap(root, 'diff', `${SOURCE}@${oldest}`, `${SOURCE}@${newest}`, '--fail-on', 'needs-mapping');
    expect(d.status, d.stderr).toBe(1);
  });
});
