// The replay half of `eventmap diff --spec`: every recording normalised with the mapping of each
// revision, and what changed in the canonical output, grouped per source by event type and field
// with one concrete example each. Never prints.
import { existsSync } from 'node:fs';
import { compareStrings, displayPath } from '../../io/fsutil.ts';
import { EventmapError } from '../../shared/diagnostics.ts';
import type { ProjectPaths } from '../../project/paths.ts';
import type { Revision } from '../git.ts';
import { compareRecording, type ChangeKind, type Json, type LineDiff, type LineRef } from './compare.ts';
import { readRecordings, type Recording } from './recordings.ts';
import { mappersAt, runtimeWith, scratchDir, type ReplayRuntime } from './runtime-at.ts';

export interface ReplayGroup {
  type: string;
  /** The field (`payload.explanation`), or null when whole events were added or removed. */
  field: string | null;
  change: ChangeKind;
  /** Events it touches, and the recordings they are in. */
  events: number;
  recordings: string[];
  /** The first occurrence: recording, line, and the field (or event) before and after. */
  example: { file: string; line: LineRef; before?: Json; after?: Json };
}

export interface SourceReplay {
  recordings: number;
  /** False when the two revisions emit the same mappers for the source: nothing can differ. */
  mappersChanged: boolean;
  groups: ReplayGroup[];
}

export interface ReplayReport {
  /** The folder, as given or as the spec names it. */
  dir: string;
  sources: Record<string, SourceReplay>;
  /** *.jsonl files under the folder that no source's messages were found in. */
  unclaimed: string[];
  /** Why nothing was replayed (the folder is missing, or a revision's mapping cannot be emitted). */
  skipped?: string;
}

/** The mappers of both revisions, and a runtime for each when some source's differ. */
export interface ReplayPair {
  changed: Set<string>;
  runtimes?: { before: ReplayRuntime; after: ReplayRuntime };
  remove: () => void;
}

export async function replayPair(paths: ProjectPaths, from: Revision, to: Revision): Promise<ReplayPair> {
  const scratch = scratchDir();
  try {
    const [a, b] = [mappersAt(paths, from, scratch.dir), mappersAt(paths, to, scratch.dir)];
    const changed = new Set([...a.keys(), ...b.keys()].filter((s) => a.get(s) !== b.get(s)));
    if (!changed.size) return { changed, remove: scratch.remove };
    const [before, after] = [await runtimeWith(a), await runtimeWith(b)];
    return { changed, runtimes: { before, after }, remove: scratch.remove };
  } catch (err) {
    scratch.remove();
    throw err;
  }
}

/** The lines of one recording that differ (none when its source's mappers are the same). */
export function replayRecording(pair: ReplayPair, recording: Recording): LineDiff[] {
  if (!pair.runtimes || !pair.changed.has(recording.source)) return [];
  return compareRecording(pair.runtimes.before, pair.runtimes.after, recording);
}

/**
 * A revision whose mapping this eventmap cannot emit (a helper renamed since, say) is reported as
 * skipped, with the reason, not an error: the table's own diff still stands.
 */
export async function runReplay(paths: ProjectPaths, from: Revision, to: Revision, dir: string): Promise<ReplayReport> {
  const shown = displayPath(dir);
  if (!existsSync(dir)) return { dir: shown, sources: {}, unclaimed: [], skipped: `${shown} does not exist` };
  const { recordings, unclaimed } = readRecordings(dir);
  let pair: ReplayPair;
  try {
    pair = await replayPair(paths, from, to);
  } catch (err) {
    if (!(err instanceof EventmapError)) throw err;
    return { dir: shown, sources: {}, unclaimed, skipped: err.diagnostics.map((d) => d.message).join('; ') };
  }
  try {
    const sources: Record<string, SourceReplay> = {};
    const replayed: ReplayedRecording[] = [];
    for (const r of recordings) {
      const s = (sources[r.source] ??= { recordings: 0, mappersChanged: pair.changed.has(r.source), groups: [] });
      s.recordings++;
      replayed.push({ recording: r, diffs: replayRecording(pair, r) });
    }
    for (const [source, groups] of Object.entries(groupChanges(replayed))) sources[source]!.groups = groups;
    const sorted = Object.fromEntries(Object.entries(sources).sort(([x], [y]) => compareStrings(x, y)));
    return { dir: shown, sources: sorted, unclaimed };
  } finally {
    pair.remove();
  }
}

export interface ReplayedRecording {
  recording: Recording;
  diffs: LineDiff[];
}

/** The changes of the recordings grouped per source by event type, field and change, sorted. */
export function groupChanges(replayed: ReplayedRecording[]): Record<string, ReplayGroup[]> {
  const out: Record<string, ReplayGroup[]> = {};
  const groups = new Map<string, ReplayGroup>();
  const files = new Map<ReplayGroup, Set<string>>();
  for (const { recording: r, diffs } of replayed)
    for (const diff of diffs)
      for (const c of diff.changes) {
        const key = JSON.stringify([r.source, c.type, c.field, c.change]);
        let g = groups.get(key);
        if (!g) {
          g = {
            type: c.type,
            field: c.field,
            change: c.change,
            events: 0,
            recordings: [],
            example: {
              file: r.file,
              line: diff.line,
              ...(c.before !== undefined ? { before: c.before } : {}),
              ...(c.after !== undefined ? { after: c.after } : {}),
            },
          };
          groups.set(key, g);
          files.set(g, new Set());
          (out[r.source] ??= []).push(g);
        }
        g.events++;
        files.get(g)!.add(r.file);
      }
  for (const [source, list] of Object.entries(out))
    out[source] = list
      .map((g) => ({ ...g, recordings: [...files.get(g)!] }))
      .sort(
        (x, y) =>
          compareStrings(x.type, y.type) ||
          compareStrings(x.field ?? '', y.field ?? '') ||
          compareStrings(x.change, y.change),
      );
  return out;
}

/** Groups over every source. */
export function replayChangeCount(r: ReplayReport): number {
  return Object.values(r.sources).reduce((n, s) => n + s.groups.length, 0);
}
