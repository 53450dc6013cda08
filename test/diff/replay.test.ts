// `eventmap diff --spec` replaying the committed recordings with the mapping of each revision, in a
// real repository made here: a dropped payload field is reported as exactly the events it changes;
// a comment, or a reordering that emits other mappers with the same behaviour, reports nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../generator/mapping/load.ts';
import type { ReplayReport } from '../../generator/diff/replay/report.ts';
import { TRANSCRIPTS_ROOT } from '../conformance/transcripts.ts';
import { committedSpec, eventmap } from './helpers.ts';
import { dropField, editSpec, pickFieldDrop, replayProject } from './replay-edit.ts';

let project: string;

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

beforeAll(() => {
  project = replayProject().project;
});

describe('eventmap diff --spec replays the recordings', () => {
  it('reports a dropped payload field as exactly the events it changes, and --fail-on changed fails', async () => {
    const picked = pickFieldDrop(project);
    expect(picked).toBeDefined();
    const { source, name, type, field, hits } = picked!;
    dropField(project, picked!);
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
    writeFileSync(
      join(project, 'mapping-spec.yaml'),
      committedSpec().replace('\nsources:', '\n# a comment about nothing\nsources:'),
    );
    const { status, report } = await replay('--fail-on', 'changed');
    expect(status).toBe(0);
    expect(Object.keys(report.sources).length).toBeGreaterThan(0);
    for (const s of Object.values(report.sources)) expect(s).toMatchObject({ mappersChanged: false, groups: [] });
  });

  it('holds ids and times equal: mappers emitted differently with the same behaviour report nothing', async () => {
    // The payload keys of every emit of one source in reverse order: other mapper text, same events.
    const source = loadSpec(join(project, 'mapping-spec.yaml')).entries[0]!.source;
    editSpec(project, (doc) => {
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
