// `eventmap diff --spec` replaying the committed recordings with the mapping of each revision, in a
// real repository made here: a dropped payload field is reported as exactly the events it changes;
// a comment, or a reordering that emits other mappers with the same behaviour, reports nothing.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { loadSpec } from '../../generator/mapping/load.ts';
import type { ReplayReport } from '../../generator/diff/replay/report.ts';
import { createNormalizer, type SourceName } from '../../runtime/index.ts';
import { transcripts, TRANSCRIPTS_ROOT } from '../conformance/transcripts.ts';
import { committedSpec, eventmap, REPO, tempDir } from './helpers.ts';

let repo: string;
let project: string;
const specFile = () => join(project, 'mapping-spec.yaml');
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], {
    cwd: repo,
    encoding: 'utf8',
  });
const edit = (change: (doc: ReturnType<typeof parseDocument>) => void) => {
  const doc = parseDocument(committedSpec());
  change(doc);
  writeFileSync(specFile(), doc.toString({ lineWidth: 0 }));
};

async function replay(...extra: string[]): Promise<{ status: number; report: ReplayReport }> {
  const r = await eventmap(
    project,
    'diff',
    '--spec',
    'HEAD',
    '--recordings',
    TRANSCRIPTS_ROOT,
    '--format',
    'json',
    ...extra,
  );
  expect(r.stderr).toBe('');
  return { status: r.status, report: (JSON.parse(r.stdout) as { replay: ReplayReport }).replay };
}

/** Every event of every recording of a source, by the working tree's runtime, with its recording. */
function recorded(source: string): { file: string; event: Record<string, any> }[] {
  return transcripts()
    .filter((t) => t.source === source)
    .flatMap((t) => {
      const n = createNormalizer(t.source as SourceName, { clock: () => 0, deriveSessionId: true });
      return [...t.lines.flatMap((l) => n.push(l)), ...n.end().events].map((event) => ({ file: t.file, event }));
    });
}

beforeAll(() => {
  repo = tempDir('eventmap-replay-');
  project = join(repo, 'proj');
  mkdirSync(project);
  writeFileSync(specFile(), committedSpec());
  copyFileSync(join(REPO, 'canonical-model.yaml'), join(project, 'canonical-model.yaml'));
  symlinkSync(join(REPO, 'upstream-schemas'), join(project, 'upstream-schemas'));
  git('init', '-q', '-b', 'main');
  git('add', 'proj/mapping-spec.yaml', 'proj/canonical-model.yaml');
  git('commit', '-q', '-m', 'the table');
});

describe('eventmap diff --spec replays the recordings', () => {
  it('reports a dropped payload field as exactly the events it changes, and --fail-on changed fails', async () => {
    // The first mapped notification of a source whose payload field some recorded event carries.
    const spec = loadSpec(specFile());
    const events = new Map<string, ReturnType<typeof recorded>>();
    let picked:
      { source: string; name: string; type: string; field: string; hits: ReturnType<typeof recorded> } | undefined;
    for (const e of spec.entries) {
      if (picked) break;
      if (e.kind !== 'notification' || e.emit.length !== 1 || e.response.length || e.ignore !== undefined) continue;
      const [emit] = e.emit;
      if (!emit || emit.when || Object.keys(emit.payload).length < 2) continue;
      if (!events.has(e.source)) events.set(e.source, recorded(e.source));
      for (const field of Object.keys(emit.payload)) {
        const hits = events
          .get(e.source)!
          .filter(
            ({ event }) =>
              event.raw?.method === e.name && event.type === emit.type && event.payload?.[field] !== undefined,
          );
        if (hits.length) {
          picked = { source: e.source, name: e.name, type: emit.type, field, hits };
          break;
        }
      }
    }
    expect(picked).toBeDefined();
    const { source, name, type, field, hits } = picked!;
    edit((doc) => doc.deleteIn(['mappings', source, 'notification', name, 'emit', 0, 'payload', field]));
    const { status, report } = await replay('--fail-on', 'changed');
    expect(status).toBe(1);
    expect(report.skipped).toBeUndefined();
    const groups = Object.entries(report.sources).flatMap(([s, r]) => r.groups.map((g) => ({ s, ...g })));
    expect(
      groups.map(({ s, type, field, change, events, recordings }) => ({ s, type, field, change, events, recordings })),
    ).toEqual([
      {
        s: source,
        type,
        field: `payload.${field}`,
        change: 'removed',
        events: hits.length,
        recordings: [...new Set(hits.map((h) => h.file))],
      },
    ]);
    const [g] = groups;
    expect(g!.example.file).toBe(hits[0]!.file);
    expect(g!.example.before).toEqual(hits[0]!.event.payload[field]);
    expect(g!.example.after).toBeUndefined();
    // The line named is the recording's line holding the message.
    const line = readFileSync(join(TRANSCRIPTS_ROOT, g!.example.file), 'utf8').split('\n')[
      (g!.example.line as number) - 1
    ]!;
    expect(line).toContain(JSON.stringify(name).slice(1, -1));
  });

  it('reports nothing for a comment', async () => {
    writeFileSync(specFile(), committedSpec().replace('\nsources:', '\n# a comment about nothing\nsources:'));
    const { status, report } = await replay('--fail-on', 'changed');
    expect(status).toBe(0);
    expect(Object.keys(report.sources).length).toBeGreaterThan(0);
    for (const s of Object.values(report.sources)) expect(s).toMatchObject({ mappersChanged: false, groups: [] });
  });

  it('holds ids and times equal: mappers emitted differently with the same behaviour report nothing', async () => {
    // The payload keys of every emit of one source in reverse order: other mapper text, same events.
    const source = loadSpec(specFile()).entries[0]!.source;
    edit((doc) => {
      const kinds = doc.getIn(['mappings', source]) as { items: { value: { items: { value: any }[] } }[] };
      for (const kind of kinds.items)
        for (const entry of kind.value.items)
          for (const emit of entry.value.get?.('emit')?.items ?? []) {
            const payload = emit.get?.('payload');
            if (payload?.items?.length > 1) payload.items.reverse();
          }
    });
    const { status, report } = await replay('--fail-on', 'changed');
    expect(report.sources[source]!.mappersChanged).toBe(true);
    expect(report.sources[source]!.groups).toEqual([]);
    expect(status).toBe(0);
  });
});
