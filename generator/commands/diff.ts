// `eventmap diff <source>@A <source>@B` (what changed upstream) and `eventmap diff --spec [A..B]`
// (what changed in the mapping table, and with recordings what that does to their canonical events);
// docs/maintainers.md. Exit 1 only with --fail-on.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { loadCatalog } from '../catalog/load.ts';
import { resolveSnapshot } from '../catalog/snapshots.ts';
import { EventmapError } from '../shared/diagnostics.ts';
import { snapshotJson, specJson } from '../diff/format/json.ts';
import { snapshotMarkdown, specMarkdown } from '../diff/format/markdown.ts';
import { snapshotText, specText } from '../diff/format/text.ts';
import { buildSnapshotDiff } from '../diff/snapshot-report.ts';
import { runSpecDiff } from '../diff/spec-report.ts';
import { replayChangeCount, runReplay } from '../diff/replay/report.ts';
import { CHANGE_CLASSES, type ChangeClass } from '../diff/types.ts';
import { printOut } from '../output/streams.ts';
import { projectPaths, type ProjectPaths } from '../project/paths.ts';
import { loadSpec } from '../mapping/load.ts';
import { loadModel } from '../model/load.ts';
import { parseFormat } from './format.ts';

const FORMATS = ['text', 'json', 'markdown'] as const;
const SNAPSHOT_FORMATTERS = { text: snapshotText, json: snapshotJson, markdown: snapshotMarkdown };
const SPEC_FORMATTERS = { text: specText, json: specJson, markdown: specMarkdown };

export function registerDiffCommand(program: Command): void {
  program
    .command('diff [from] [to]')
    .description(
      'what changed upstream between two snapshots (<source>@<version|folder> twice), classed against mapping-spec.yaml; or, with --spec, what changed in the mapping table between git revisions',
    )
    .option(
      '--spec [range]',
      'diff mapping-spec.yaml between git revisions: A..B, A...B, or A (→ working tree); default: merge base with main → working tree',
    )
    .option(
      '--recordings <dir>',
      'with --spec: replay the recordings (*.jsonl) under this folder with the mapping of each revision and report what changed in the canonical events (default: the folder mapping-spec.yaml names in `recordings:`; `none` skips the replay)',
    )
    .option('--format <format>', 'text, json or markdown (default: text; markdown with --spec)')
    .option('--only <class>', 'list only the changes of this class: breaking, needs-mapping or informational')
    .option(
      '--fail-on <class>',
      'exit 1 when a change of this class or a more severe one exists: breaking, needs-mapping or informational; with --spec, `changed`: exit 1 when the replay changed an event',
    )
    .action(
      async (
        from: string | undefined,
        to: string | undefined,
        opts: { spec?: string | true; recordings?: string; format?: string; only?: string; failOn?: string },
      ) => {
        const paths = projectPaths(program.opts<{ root?: string }>().root);
        if (opts.spec !== undefined) {
          if (from !== undefined)
            throw usage(
              `--spec takes a revision range, not snapshots (got \`${from}\`)`,
              'write `eventmap diff --spec A..B`, or drop --spec to diff snapshots',
            );
          if (opts.only !== undefined)
            throw usage(
              '--only classes upstream changes; --spec changes have no class',
              'drop it, or diff two snapshots',
            );
          if (opts.failOn !== undefined && opts.failOn !== 'changed')
            throw usage(
              `--fail-on ${opts.failOn} classes upstream changes; with --spec it takes \`changed\` (the replay changed an event)`,
              'write `--fail-on changed`',
            );
          const format = parseFormat(opts.format ?? 'markdown', FORMATS);
          const report = runSpecDiff(paths, opts.spec === true ? undefined : opts.spec);
          const dir = replayFolder(paths, opts.recordings);
          if (dir) report.replay = await runReplay(paths, report.from, report.to, dir);
          printOut(SPEC_FORMATTERS[format](report));
          if (opts.failOn) {
            if (!report.replay)
              throw usage(
                '--fail-on changed needs recordings to replay',
                'pass --recordings <dir>, or name the folder in mapping-spec.yaml (`recordings:`)',
              );
            process.exitCode = replayChangeCount(report.replay) ? 1 : 0;
          }
          return;
        }
        const only = opts.only === undefined ? undefined : parseClass('--only', opts.only);
        const failOn = opts.failOn === undefined ? undefined : parseClass('--fail-on', opts.failOn);
        if (opts.recordings !== undefined)
          throw usage('--recordings replays a mapping change; it goes with --spec', 'add --spec A..B');
        const format = parseFormat(opts.format ?? 'text', FORMATS);
        if (from === undefined || to === undefined)
          throw usage(
            'diff needs two snapshots',
            'for example `eventmap diff codex-app-server@0.105.0 codex-app-server@0.171.0`, or `eventmap diff --spec` for the mapping table',
          );
        const [a, b] = [resolveSnapshot(paths.upstream, from), resolveSnapshot(paths.upstream, to)];
        if (a.source !== b.source)
          throw usage(
            `cannot diff two different sources (${a.source} and ${b.source})`,
            'name the same source twice, with two versions',
          );
        const spec = existsSync(paths.spec) ? loadSpec(paths.spec) : undefined;
        const model = spec && existsSync(paths.model) ? loadModel(paths.model) : undefined;
        // What `check --with <to>` analyses besides <to>: the source's supported snapshots.
        const supported = (spec?.sources[a.source]?.snapshots ?? []).map((s) =>
          loadCatalog(resolveSnapshot(paths.upstream, `${a.source}@${s.version}`)),
        );
        const diff = buildSnapshotDiff(loadCatalog(a), loadCatalog(b), spec, model, supported);
        printOut(
          SNAPSHOT_FORMATTERS[format](diff, { ...(only ? { only } : {}), command: `eventmap diff ${from} ${to}` }),
        );
        if (failOn) {
          const severe = CHANGE_CLASSES.slice(0, CHANGE_CLASSES.indexOf(failOn) + 1);
          process.exitCode = diff.changes.some((c) => severe.includes(c.class)) ? 1 : 0;
        }
      },
    );
}

function parseClass(option: string, value: string): ChangeClass {
  if (!(CHANGE_CLASSES as readonly string[]).includes(value))
    throw usage(`unknown class \`${value}\` for ${option}`, `use one of: ${CHANGE_CLASSES.join(', ')}`);
  return value as ChangeClass;
}

/**
 * --recordings (a missing folder is an error), else the spec's `recordings:` relative to the spec
 * (a missing one is reported as skipped: a copy of the spec elsewhere), else none; `none` skips.
 */
function replayFolder(paths: ProjectPaths, option: string | undefined): string | undefined {
  if (option === 'none') return undefined;
  if (option === undefined) {
    const named = existsSync(paths.spec) ? loadSpec(paths.spec).recordings?.path : undefined;
    return named === undefined ? undefined : resolve(paths.root, named);
  }
  const full = resolve(option);
  if (!existsSync(full))
    throw new EventmapError({
      code: 'cli/missing-file',
      message: `no such folder ${option}`,
      hint: 'pass --recordings <dir> with the recordings (*.jsonl) to replay, or --recordings none',
    });
  return full;
}

function usage(message: string, hint: string): EventmapError {
  return new EventmapError({ code: 'cli/bad-argument', message, hint });
}
