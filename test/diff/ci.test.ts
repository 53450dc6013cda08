// `eventmap diff` for CI and pull requests: a markdown comment that fits GitHub, --only and
// --fail-on, and enums that open or close. On the vendored snapshots (the oldest and newest each
// source supports, read from mapping-spec.yaml) and on edited copies of them.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../generator/catalog/load.ts';
import { MARKDOWN_LIMIT, snapshotMarkdown } from '../../generator/diff/format/markdown.ts';
import { snapshotText } from '../../generator/diff/format/text.ts';
import { buildSnapshotDiff } from '../../generator/diff/snapshot-report.ts';
import { CHANGE_CLASSES, type SnapshotDiff } from '../../generator/diff/types.ts';
import { loadSpec } from '../../generator/mapping/load.ts';
import type { SourceName } from '../../generator/project/sources.ts';
import { catalogOf, copySnapshot } from '../catalog/helpers.ts';
import { eventmap, projectCopy, REPO } from './helpers.ts';

const spec = loadSpec(join(REPO, 'mapping-spec.yaml'));
/** Every source with two supported snapshots or more: its oldest and newest. */
const pairs = Object.entries(spec.sources).flatMap(([source, s]) => {
  const versions = s.snapshots.map((x) => x.version);
  return versions.length > 1
    ? [{ source: source as SourceName, from: versions[0]!, to: versions[versions.length - 1]! }]
    : [];
});
/** As the command builds it: classed against the source's supported snapshots too. */
const diffOf = (p: (typeof pairs)[number]): SnapshotDiff =>
  buildSnapshotDiff(
    catalogOf(p.source, p.from),
    catalogOf(p.source, p.to),
    spec,
    undefined,
    spec.sources[p.source]!.snapshots.map((s) => catalogOf(p.source, s.version)),
  );
const command = (p: (typeof pairs)[number]) => `eventmap diff ${p.source}@${p.from} ${p.source}@${p.to}`;

/** Table rows of the markdown (one per change shown). */
const rows = (md: string) =>
  md
    .split('\n')
    .filter(
      (l) =>
        l.startsWith('| ') && !l.startsWith('| change |') && !l.startsWith('| kind |') && !/^\| [\w-]+ \| \d/.test(l),
    );

describe('markdown for a pull-request comment', () => {
  it('has pairs to test', () => expect(pairs.length).toBeGreaterThan(0));

  it.each(pairs)('$source $from → $to fits in 60,000 characters', (p) => {
    const md = snapshotMarkdown(diffOf(p), { command: command(p) });
    expect(md.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
    expect(MARKDOWN_LIMIT).toBe(60_000);
  });

  it.each(pairs)(
    '$source $from → $to: over a small limit, leaves out rows from the least severe class on, and names the command that lists them',
    (p) => {
      const d = diffOf(p);
      const full = snapshotMarkdown(d, { command: command(p), limit: Number.MAX_SAFE_INTEGER });
      const limit = Math.floor(full.length / 3);
      const md = snapshotMarkdown(d, { command: command(p), limit });
      expect(md.length).toBeLessThanOrEqual(limit);
      let shownTotal = 0;
      for (const cls of CHANGE_CLASSES) {
        const total = d.changes.filter((c) => c.class === cls).length;
        const note = new RegExp(
          `_(\\d+) more ${cls} change\\(s\\) left out to keep this comment under ${limit} characters: \`${command(p).replace(/[.@]/g, '\\$&')} --only ${cls} --format text\` lists them all\\._`,
        ).exec(md);
        const left = note ? Number(note[1]) : 0;
        expect(left, cls).toBeLessThanOrEqual(total);
        shownTotal += total - left;
      }
      // Every change is either a row or counted in a note.
      expect(rows(md)).toHaveLength(shownTotal);
      expect(shownTotal).toBeLessThan(d.changes.length);
      // Breaking changes go first: none is left out while a less severe one is shown.
      if (d.changes.some((c) => c.class === 'breaking')) expect(md).not.toMatch(/more breaking change\(s\) left out/);
    },
  );

  it('--only lists one class and keeps the summary of all', () => {
    const p = pairs[0]!;
    const d = diffOf(p);
    const md = snapshotMarkdown(d, { only: 'informational', limit: Number.MAX_SAFE_INTEGER });
    expect(rows(md)).toHaveLength(d.changes.filter((c) => c.class === 'informational').length);
    expect(md).toContain(`**${d.changes.filter((c) => c.class === 'breaking').length} breaking**`);
    const text = snapshotText(d, { only: 'breaking' });
    expect(text).not.toMatch(/^informational \(/m);
    expect(text).toContain('(listed: breaking only)');
  });
});

describe('--fail-on and --only on the command line', () => {
  const p = pairs[0]!;
  it('exits 1 when a change of the class (or a more severe one) exists, 0 otherwise', async () => {
    const d = diffOf(p);
    const root = projectCopy();
    const breaking = d.changes.some((c) => c.class === 'breaking');
    const r = await eventmap(
      root,
      'diff',
      `${p.source}@${p.from}`,
      `${p.source}@${p.to}`,
      '--fail-on',
      'breaking',
      '--only',
      'breaking',
      '--format',
      'json',
    );
    expect(r.status).toBe(breaking ? 1 : 0);
    const json = JSON.parse(r.stdout) as { only: string; changes: { class: string }[] };
    expect(json.only).toBe('breaking');
    expect(json.changes.every((c) => c.class === 'breaking')).toBe(true);
    const same = await eventmap(
      root,
      'diff',
      `${p.source}@${p.to}`,
      `${p.source}@${p.to}`,
      '--fail-on',
      'informational',
    );
    expect(same.status).toBe(0);
    const bad = await eventmap(root, 'diff', `${p.source}@${p.from}`, `${p.source}@${p.to}`, '--fail-on', 'severe');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('use one of: breaking, needs-mapping, informational');
  });
});

describe('enums that open or close', () => {
  // CodexErrorInfo in the newest codex snapshot ends with a member that is any string: open.
  const codex = pairs.find((x) => x.source === 'codex-app-server')!;
  type Obj = Record<string, any>;
  const edit = (dir: string, f: (doc: Obj) => void) => {
    const file = join(dir, 'ServerNotification.json');
    const doc = JSON.parse(readFileSync(file, 'utf8')) as Obj;
    f(doc);
    writeFileSync(file, JSON.stringify(doc));
  };
  const catalogAt = (dir: string) => loadCatalog({ source: 'codex-app-server', version: codex.to, dir });

  it('a closed set of named values that becomes open, with new names, is reported once per definition', () => {
    const real = JSON.parse(
      readFileSync(join(REPO, 'upstream-schemas/codex-app-server', codex.to, 'ServerNotification.json'), 'utf8'),
    ) as Obj;
    const members = real.definitions.CodexErrorInfo.anyOf as Obj[];
    const openMember = members.findIndex((m) => m.enum === undefined && [m.type].flat().includes('string'));
    expect(openMember).toBeGreaterThanOrEqual(0);
    const named = members.filter((m) => Array.isArray(m.enum)).flatMap((m) => m.enum as string[]);
    // Before: the same definition, closed, without its last two named values.
    const dir = copySnapshot('codex-app-server', codex.to);
    edit(dir, (doc) => {
      const info = doc.definitions.CodexErrorInfo;
      info.anyOf = (info.anyOf as Obj[])
        .filter((_, i) => i !== openMember)
        .map((m) =>
          Array.isArray(m.enum) ? { ...m, enum: (m.enum as string[]).filter((v) => !named.slice(-2).includes(v)) } : m,
        )
        .filter((m) => !Array.isArray(m.enum) || m.enum.length);
    });
    const d = buildSnapshotDiff(catalogAt(dir), catalogOf('codex-app-server', codex.to), spec);
    const opened = d.changes.filter((c) => c.change === 'field-values-opened');
    const added = d.changes.filter((c) => c.change === 'field-values-added');
    expect(opened.length).toBeGreaterThan(0);
    for (const c of opened) expect('path' in c && c.after?.open).toBe(true);
    expect(added.flatMap((c) => ('values' in c ? (c.values ?? []) : []))).toEqual(
      expect.arrayContaining(named.slice(-2)),
    );
    // Reported where CodexErrorInfo is used, once per definition that uses it, with the places.
    const keys = opened.map((c) => ('origin' in c && c.origin ? `${c.origin.definition} ${c.origin.path}` : ''));
    expect(new Set(keys).size).toBe(keys.length);
    const text = snapshotText(d);
    expect(text).toMatch(/opened: accepts strings beyond its named values \(.*\)/);
    // And back: closed.
    const back = buildSnapshotDiff(catalogOf('codex-app-server', codex.to), catalogAt(dir), spec);
    expect(back.changes.filter((c) => c.change === 'field-values-closed')).toHaveLength(opened.length);
  });

  it('a catalog enum a value map covers that becomes open needs mapping unless the map has a default', () => {
    const covered = Object.values(spec.valueMaps).find(
      (m) =>
        m.source === 'codex-app-server' &&
        m.covers &&
        'enum' in m.covers &&
        catalogOf('codex-app-server', codex.to).enums[m.covers.enum],
    )!;
    const name = (covered.covers as { enum: string }).enum;
    const dir = copySnapshot('codex-app-server', codex.to);
    const doc = JSON.parse(
      readFileSync(join(dir, catalogOf('codex-app-server', codex.to).enums[name]!.document), 'utf8'),
    ) as Obj;
    const def = doc.definitions[name] as Obj;
    const opened = def.enum
      ? { anyOf: [{ type: 'string', enum: def.enum }, { type: 'string' }] }
      : { ...def, [def.oneOf ? 'oneOf' : 'anyOf']: [...(def.oneOf ?? def.anyOf), { type: 'string' }] };
    doc.definitions[name] = opened;
    writeFileSync(join(dir, catalogOf('codex-app-server', codex.to).enums[name]!.document), JSON.stringify(doc));
    const after = catalogAt(dir);
    expect(after.enums[name]).toMatchObject({
      values: catalogOf('codex-app-server', codex.to).enums[name]!.values,
      open: true,
    });
    const d = buildSnapshotDiff(catalogOf('codex-app-server', codex.to), after, spec);
    const [c, ...more] = d.changes.filter((x) => x.change === 'enum-opened');
    expect(more).toEqual([]);
    expect(c!.class).toBe(covered.default === undefined ? 'needs-mapping' : 'informational');
    expect(c!.affects).toContainEqual(expect.objectContaining({ line: covered.loc.line, how: 'value-map' }));
  });
});
