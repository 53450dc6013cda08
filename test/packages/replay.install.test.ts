// `eventmap diff --spec` replaying a user's own captures with the installed CLI (@eventmap/cli from
// its tarball alone): a project outside the checkout, in its own git repository, with its own
// mapping-spec.yaml whose `recordings:` names one copied recording, and two commits, the second
// dropping a payload field. `npx eventmap diff --spec HEAD~1..HEAD --fail-on changed` fails and
// names exactly the events the edit changes in that recording; `npx eventmap view <capture>
// --compare HEAD~1..HEAD` writes a page that marks exactly those events, checked in headless
// Chromium (test/view/chromium.ts).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayReport } from '../../generator/diff/replay/report.ts';
import { TRANSCRIPTS_ROOT } from '../conformance/transcripts.ts';
import { committedSpec } from '../diff/helpers.ts';
import { pickFieldDrop, type FieldDrop } from '../diff/replay-edit.ts';
import { available, skipped, viewer, type Doc } from '../view/chromium.ts';
import { installProject, packInTemp, REPO, type Workspace } from './support.ts';

const CAPTURES = 'captures';

let ws: Workspace;
let project: string;
let picked: FieldDrop;
let recording: string;

function git(...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], {
    cwd: project,
    encoding: 'utf8',
  });
}

/** The committed table with `recordings:` naming the project's captures, `change`d. */
function writeSpec(change: (doc: ReturnType<typeof parseDocument>) => void = () => {}): void {
  const doc = parseDocument(committedSpec());
  doc.set('recordings', CAPTURES);
  change(doc);
  writeFileSync(join(project, 'mapping-spec.yaml'), doc.toString({ lineWidth: 0 }));
}

beforeAll(async () => {
  ws = await packInTemp();
  project = join(ws.root, 'user project');
  installProject(project, [ws.packages.eventmap.tarball], ['--prefer-offline']);
  writeSpec();
  // The field to drop and the recorded events that carry it, picked from this repository's table.
  const found = pickFieldDrop(project);
  if (!found) throw new Error('no mapped payload field reaches a recorded event');
  picked = found;
  recording = picked.hits[0]!.file;
  copyFileSync(join(REPO, 'canonical-model.yaml'), join(project, 'canonical-model.yaml'));
  cpSync(join(REPO, 'upstream-schemas'), join(project, 'upstream-schemas'), { recursive: true });
  mkdirSync(dirname(join(project, CAPTURES, recording)), { recursive: true });
  copyFileSync(join(TRANSCRIPTS_ROOT, recording), join(project, CAPTURES, recording));
  writeFileSync(join(project, '.gitignore'), 'node_modules/\n');
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('commit', '-q', '-m', 'the table');
  writeSpec((doc) =>
    doc.deleteIn(['mappings', picked.source, 'notification', picked.name, 'emit', 0, 'payload', picked.field]),
  );
  git('commit', '-q', '-am', `drop ${picked.field}`);
});

afterAll(() => ws?.remove());

function npx(...args: string[]) {
  const r = spawnSync('npx', ['--no-install', 'eventmap', ...args], {
    cwd: project,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("the installed CLI replays a project's own captures", () => {
  it('diff --spec HEAD~1..HEAD --fail-on changed exits 1 and names the events the dropped field changes', () => {
    const inRecording = picked.hits.filter((h) => h.file === recording);
    const json = npx('diff', '--spec', 'HEAD~1..HEAD', '--fail-on', 'changed', '--format', 'json');
    expect(json.stderr).toBe('');
    expect(json.status).toBe(1);
    const report = (JSON.parse(json.stdout) as { replay: ReplayReport }).replay;
    expect(report.skipped).toBeUndefined();
    const groups = Object.entries(report.sources).flatMap(([s, r]) => r.groups.map((g) => ({ s, ...g })));
    expect(
      groups.map(({ s, type, field, change, events, recordings }) => ({ s, type, field, change, events, recordings })),
    ).toEqual([
      {
        s: picked.source,
        type: picked.type,
        field: `payload.${picked.field}`,
        change: 'removed',
        events: inRecording.length,
        recordings: [recording],
      },
    ]);
    expect(groups[0]!.example.before).toEqual(inRecording[0]!.event.payload[picked.field]);

    const text = npx('diff', '--spec', 'HEAD~1..HEAD', '--fail-on', 'changed', '--format', 'text');
    expect(text.status).toBe(1);
    expect(text.stdout).toContain(`${picked.type} payload.${picked.field} removed`);
    expect(text.stdout).toContain(recording);
  });

  it.skipIf(!available)(`view <capture> --compare HEAD~1..HEAD marks exactly those events${skipped}`, async () => {
    const inRecording = picked.hits.filter((h) => h.file === recording);
    const html = join(ws.root, 'compare.html');
    const r = npx('view', join(CAPTURES, recording), '-o', html, '--compare', 'HEAD~1..HEAD');
    expect(r.status, r.stderr).toBe(0);
    const v = await viewer();
    try {
      const { page, errors } = await v.open(html);
      const marked = await page.evaluate(() =>
        Array.from(
          (globalThis as unknown as { document: Doc }).document.querySelectorAll('#timeline .event[data-diff]'),
        ).map((e) => ({
          diff: e.getAttribute('data-diff'),
          type: e.getAttribute('data-type'),
          fields: e.querySelector('.fields')?.textContent ?? '',
        })),
      );
      expect(marked).toEqual(
        inRecording.map(() => ({ diff: 'changed', type: picked.type, fields: `payload.${picked.field} removed` })),
      );
      expect(errors).toEqual([]);
    } finally {
      await v.close();
    }
  });
});
