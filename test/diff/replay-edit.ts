// A one-field edit of the mapping table for the replay tests (diff --spec and view --compare): the
// first mapped notification whose emitted payload has a field some recorded event carries, and the
// recorded events that carry it (what dropping the field must change, and nothing else). A git
// repository made here holds the committed table; the edit goes in its working tree.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { loadSpec } from '../../generator/mapping/load.ts';
import { createNormalizer, type SourceName } from '../../runtime/index.ts';
import { transcripts } from '../conformance/transcripts.ts';
import { committedSpec, REPO, tempDir } from './helpers.ts';

export interface Recorded {
  file: string;
  event: Record<string, any>;
}

export interface FieldDrop {
  source: string;
  name: string;
  type: string;
  field: string;
  /** The recorded events that carry the field, in recording order. */
  hits: Recorded[];
}

/** Every event of every recording of a source, by the working tree's runtime, with its recording. */
export function recorded(source: string): Recorded[] {
  return transcripts()
    .filter((t) => t.source === source)
    .flatMap((t) => {
      const n = createNormalizer(t.source as SourceName, { clock: () => 0, deriveSessionId: true });
      return [...t.lines.flatMap((l) => n.push(l)), ...n.end().events].map((event) => ({ file: t.file, event }));
    });
}

/** A project (`proj/` of a fresh repository) whose committed table is this repository's. */
export function replayProject(): { repo: string; project: string; git: (...args: string[]) => string } {
  const repo = tempDir('eventmap-replay-');
  const project = join(repo, 'proj');
  mkdirSync(project);
  writeFileSync(join(project, 'mapping-spec.yaml'), committedSpec());
  copyFileSync(join(REPO, 'canonical-model.yaml'), join(project, 'canonical-model.yaml'));
  symlinkSync(join(REPO, 'upstream-schemas'), join(project, 'upstream-schemas'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], {
      cwd: repo,
      encoding: 'utf8',
    });
  git('init', '-q', '-b', 'main');
  git('add', 'proj/mapping-spec.yaml', 'proj/canonical-model.yaml');
  git('commit', '-q', '-m', 'the table');
  return { repo, project, git };
}

/** Rewrite the project's table: the committed one, changed. */
export function editSpec(project: string, change: (doc: ReturnType<typeof parseDocument>) => void): void {
  const doc = parseDocument(committedSpec());
  change(doc);
  writeFileSync(join(project, 'mapping-spec.yaml'), doc.toString({ lineWidth: 0 }));
}

/** Pick the field to drop (from the committed table) without changing anything. */
export function pickFieldDrop(project: string): FieldDrop | undefined {
  const spec = loadSpec(join(project, 'mapping-spec.yaml'));
  const events = new Map<string, Recorded[]>();
  for (const e of spec.entries) {
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
      if (hits.length) return { source: e.source, name: e.name, type: emit.type, field, hits };
    }
  }
  return undefined;
}

/** Drop the picked field from the project's working-tree table. */
export function dropField(project: string, d: FieldDrop): void {
  editSpec(project, (doc) =>
    doc.deleteIn(['mappings', d.source, 'notification', d.name, 'emit', 0, 'payload', d.field]),
  );
}
