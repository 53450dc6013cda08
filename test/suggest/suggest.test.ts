// `eventmap suggest` in process, on the real spec and snapshots: entries removed from the spec
// are drafted again by analogy, placeholders where nothing fits; the drafts written into the spec
// pass the checks, and every other byte of the file stays.
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { loadCatalog } from '../../generator/catalog/load.ts';
import { snapshotFromDir } from '../../generator/catalog/snapshots.ts';
import type { Inputs } from '../../generator/pipeline/pipeline.ts';
import { analyzeSpec } from '../../generator/mapping/analyze.ts';
import { parseSpec } from '../../generator/mapping/load.ts';
import { REVIEW_MARKER } from '../../generator/mapping/review.ts';
import { suggest } from '../../generator/suggest/run.ts';
import { NEW_ITEM, NEW_NOTIFICATION, useRepoAndBump } from './bump-fixture.ts';

const repo = useRepoAndBump();
const helpers = repo.helpers;

/** The committed spec less some keys (through the yaml Document), analysed again. */
function without(...paths: string[][]): Inputs {
  const doc = parseDocument(repo.inputs().spec.text);
  for (const p of paths) doc.deleteIn(p);
  return reanalysed(doc.toString());
}

function reanalysed(text: string, catalogs = repo.inputs().catalogs): Inputs {
  const spec = parseSpec(text, 'mapping-spec.yaml');
  return { ...repo.inputs(), spec, catalogs, analysis: analyzeSpec(spec, catalogs, repo.inputs().model, helpers) };
}

const committed = (path: string[]) => parseDocument(repo.inputs().spec.text).getIn(path) as { toJSON(): unknown };
const notification = (name: string) => ['mappings', 'codex-app-server', 'notification', name];

describe('eventmap suggest', () => {
  it('drafts again, exactly, an entry whose canonical type is named like it (ids and payload from same-name fields)', () => {
    const names = ['thread/realtime/started', 'thread/realtime/closed', 'model/rerouted'];
    const r = suggest(without(...names.map(notification)), helpers);
    for (const name of names) {
      const d = r.drafts.find((x) => x.type === 'entry' && x.name === name);
      expect(d, name).toMatchObject({ placeholder: false });
      expect(d!.value, name).toEqual(committed(notification(name)).toJSON());
    }
  });

  it('drafts by analogy with the nearest entry of the family, and puts it next to it', () => {
    const r = suggest(without(notification('thread/environment/disconnected')), helpers);
    const d = r.drafts.find((x) => x.type === 'entry' && x.name === 'thread/environment/disconnected');
    expect(d).toMatchObject({ placeholder: false });
    expect(d!.type === 'entry' && d!.like?.startsWith('thread/')).toBe(true);
    expect(d!.value).toEqual(committed(notification('thread/environment/disconnected')).toJSON());
    const lines = r.text.split('\n');
    const at = lines.findIndex((l) => l.trim() === 'thread/environment/disconnected:');
    expect(lines[at - 1]).toContain(`# ${REVIEW_MARKER} (like ${d!.type === 'entry' ? d!.like : ''})`);
  });

  it('writes an ignore placeholder when nothing fits, which check then names as needing a person', () => {
    const r = suggest(without(notification('error')), helpers);
    const d = r.drafts.find((x) => x.type === 'entry' && x.name === 'error');
    expect(d).toMatchObject({ placeholder: true });
    const after = reanalysed(r.text).analysis.findings.filter((f) => f.discriminant === 'notification:error');
    expect(after.map((f) => [f.category, f.code])).toEqual([['review', 'spec/needs-review']]);
    expect(after[0]!.loc?.line).toBe(r.text.split('\n').findIndex((l) => l.trim() === 'error:') + 1);
  });

  it('drafts a line in every value map that covers a new value kind member, from its nearest name', () => {
    const maps = ['claudeToolItemType', 'claudePermissionRequestType'];
    const r = suggest(without(...maps.map((m) => ['valueMaps', m, 'values', 'CronList'])), helpers);
    for (const map of maps) {
      const d = r.drafts.find((x) => x.type === 'value' && x.map === map && x.name === 'CronList');
      expect(d, map).toMatchObject({
        value: committed(['valueMaps', map, 'values', 'CronList']),
        after: expect.stringMatching(/^Cron/),
      });
    }
  });

  it('drafts a new enum value with a value of the canonical enum, and the spec still generates', () => {
    const r = suggest(without(['valueMaps', 'codexTurnState', 'values', 'failed']), helpers);
    const d = r.drafts.find((x) => x.type === 'value' && x.discriminant === 'enum:TurnStatus.failed');
    expect(d).toBeDefined();
    expect([null, ...repo.inputs().model.enums.TurnState!.values]).toContain(
      d!.type === 'value' ? d!.value : undefined,
    );
    expect(reanalysed(r.text).analysis.findings.filter((f) => f.category !== 'notice')).toEqual([]);
  });

  it('on a bumped snapshot: drafts the new notification and item type, keeping every other byte of the file', () => {
    const catalogs = {
      ...repo.inputs().catalogs,
      'codex-app-server': [
        ...repo.inputs().catalogs['codex-app-server']!,
        loadCatalog(snapshotFromDir('codex-app-server', repo.bump())),
      ],
    };
    const r = suggest(reanalysed(repo.inputs().spec.text, catalogs), helpers);
    expect(
      r.drafts.map((d) => (d.type === 'value' || d.type === 'fix' ? d.discriminant : `${d.kind}:${d.name}`)).sort(),
    ).toEqual([`notification:${NEW_NOTIFICATION}`, `thread-item:${NEW_ITEM}`]);
    expect(r.drafts.every((d) => d.type !== 'entry' || !d.placeholder)).toBe(true);
    // The original lines, in order, are all there; what was added is exactly the drafts.
    const [before, after] = [repo.inputs().spec.text.split('\n'), r.text.split('\n')];
    const added: string[] = [];
    let i = 0;
    for (const line of after) {
      if (i < before.length && line === before[i]) i++;
      else added.push(line);
    }
    expect(i).toBe(before.length);
    expect(added.filter((l) => l.includes(`# ${REVIEW_MARKER}`))).toHaveLength(2);
    expect(added.join('\n')).toContain(`${NEW_NOTIFICATION}:`);
    expect(added.join('\n')).toContain(`${NEW_ITEM}: web_search`);
    const findings = reanalysed(r.text, catalogs).analysis.findings.filter(
      (f) => f.discriminant?.includes(NEW_NOTIFICATION) || f.discriminant?.includes(NEW_ITEM),
    );
    expect(findings).toEqual([]);
  });
});
