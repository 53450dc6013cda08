// `eventmap view <recording> [-o out.html] [--compare A..B]`: one recording as a self-contained
// HTML page (docs/maintainers.md, "See a session: eventmap view").
import { writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { Command } from 'commander';
import { parseRange } from '../diff/git.ts';
import { compareRecording, type LineDiff } from '../diff/replay/compare.ts';
import { readRecording, type Recording } from '../diff/replay/recordings.ts';
import { groupChanges, replayPair } from '../diff/replay/report.ts';
import type { ReplayRuntime } from '../diff/replay/runtime-at.ts';
import { revisionName } from '../diff/format/shared.ts';
import { EventmapError } from '../shared/diagnostics.ts';
import { sayErr } from '../output/streams.ts';
import { projectPaths } from '../project/paths.ts';
import { SOURCE_NAMES } from '../project/sources.ts';
import { buildViewData, type ViewInputs } from '../view/data.ts';
import { renderPage } from '../view/page.ts';

export function registerViewCommand(program: Command): void {
  program
    .command('view <recording>')
    .description(
      "one recording (a capture or bare upstream JSONL) as a self-contained HTML page: native messages and canonical events aligned, lanes per thread and turn, the reducer's session, warnings; with --compare, the replay diff of two revisions of the mapping",
    )
    .option('-o, --output <file>', 'where to write the page (default: <recording name>.html in the current folder)')
    .option(
      '--compare <range>',
      'mark what the mapping change A..B (as diff --spec takes it) does to this recording: events added, removed and changed',
    )
    .action(async (file: string, opts: { output?: string; compare?: string }) => {
      const read = readRecordingFile(file);
      // Loaded here, not at the top: the runtime imports generated/ (as `normalize`).
      const [{ createNormalizer }, { reduceEvents }] = await Promise.all([
        import('../../runtime/index.ts'),
        import('../../runtime/reducer/index.ts'),
      ]);
      let runtime: ReplayRuntime = { createNormalizer };
      let compare: ViewInputs['compare'];
      if (opts.compare !== undefined) {
        const paths = projectPaths(program.opts<{ root?: string }>().root);
        const { from, to } = parseRange(paths.root, opts.compare);
        const range = `${revisionName({ ...from, exists: true })} → ${revisionName({ ...to, exists: true })}`;
        let diffs: LineDiff[] = [];
        try {
          const pair = await replayPair(paths, from, to);
          try {
            if (pair.runtimes && pair.changed.has(read.source)) {
              runtime = pair.runtimes.after;
              diffs = compareRecording(pair.runtimes.before, pair.runtimes.after, read);
            }
          } finally {
            pair.remove();
          }
          const groups = Object.entries(groupChanges([{ recording: read, diffs }])).flatMap(([source, gs]) =>
            gs.map((g) => ({ ...g, source })),
          );
          compare = { range, diffs, groups };
        } catch (err) {
          if (!(err instanceof EventmapError)) throw err;
          compare = { range, diffs: [], groups: [], skipped: err.diagnostics.map((d) => d.message).join('; ') };
        }
      }
      const data = buildViewData({
        recording: read,
        runtime,
        reduce: (events) => reduceEvents(events),
        ...(compare ? { compare } : {}),
      });
      const out = resolve(opts.output ?? `${basename(file).replace(/\.jsonl$/, '')}.html`);
      writeFileSync(out, renderPage(data));
      sayErr(
        `eventmap view: ${data.messages.length} messages, ${data.events.length} events${compare ? `, ${compare.groups.length} change(s) ${compare.range}` : ''} → ${out}`,
      );
    });
}

function readRecordingFile(file: string): Recording {
  let r: ReturnType<typeof readRecording>;
  try {
    r = readRecording(file, file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new EventmapError({
      code: code === 'ENOENT' ? 'cli/missing-file' : 'cli/unreadable-file',
      message: code === 'ENOENT' ? `no such file ${file}` : `cannot read ${file}: ${code ?? String(err)}`,
      hint: 'pass one recording: a JSONL file of upstream messages (a capture, or bare lines)',
      file,
    });
  }
  if (!r.source)
    throw new EventmapError({
      code: 'normalize/unknown-source',
      message: `cannot tell which source wrote ${file}: none of its first lines is a message of ${SOURCE_NAMES.join(', ')}`,
      hint: 'pass a recording of one of the supported sources',
      file,
    });
  return r;
}
