// `eventmap diff <source>@A <source>@B` (what changed upstream) and `eventmap diff --spec [A..B]`
// (what changed in the mapping table); docs/maintainers.md. Exit 1 only with --fail-on.
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { loadCatalog } from '../catalog/load.ts';
import { resolveSnapshot } from '../catalog/snapshots.ts';
import { EventmapError } from '../shared/diagnostics.ts';
import { snapshotJson, specJson } from '../diff/format/json.ts';
import { snapshotMarkdown, specMarkdown } from '../diff/format/markdown.ts';
import { snapshotText, specText } from '../diff/format/text.ts';
import { buildSnapshotDiff } from '../diff/snapshot-report.ts';
import { runSpecDiff } from '../diff/spec-report.ts';
import { CHANGE_CLASSES, type ChangeClass } from '../diff/types.ts';
import { printOut } from '../output/streams.ts';
import { projectPaths } from '../project/paths.ts';
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
    .option('--format <format>', 'text, json or markdown (default: text; markdown with --spec)')
    .option('--only <class>', 'list only the changes of this class: breaking, needs-mapping or informational')
    .option(
      '--fail-on <class>',
      'exit 1 when a change of this class or a more severe one exists: breaking, needs-mapping or informational',
    )
    .action(
      (
        from: string | undefined,
        to: string | undefined,
        opts: { spec?: string | true; format?: string; only?: string; failOn?: string },
      ) => {
        const paths = projectPaths(program.opts<{ root?: string }>().root);
        const only = opts.only === undefined ? undefined : parseClass('--only', opts.only);
        const failOn = opts.failOn === undefined ? undefined : parseClass('--fail-on', opts.failOn);
        if (opts.spec !== undefined) {
          if (from !== undefined)
            throw usage(
              `--spec takes a revision range, not snapshots (got \`${from}\`)`,
              'write `eventmap diff --spec A..B`, or drop --spec to diff snapshots',
            );
          if (only || failOn)
            throw usage(
              `${only ? '--only' : '--fail-on'} classes upstream changes; --spec changes have no class`,
              'drop it, or diff two snapshots',
            );
          const format = parseFormat(opts.format ?? 'markdown', FORMATS);
          printOut(SPEC_FORMATTERS[format](runSpecDiff(paths, opts.spec === true ? undefined : opts.spec)));
          return;
        }
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
        const diff = buildSnapshotDiff(loadCatalog(a), loadCatalog(b), spec, model);
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

function usage(message: string, hint: string): EventmapError {
  return new EventmapError({ code: 'cli/bad-argument', message, hint });
}
