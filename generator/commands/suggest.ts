// `eventmap suggest [--write]`: a draft for every gap, inserted next to its family with --write,
// then generated/ rewritten (not for a what-if: --upstream/--with). docs/maintainers.md.
import type { Command } from 'commander';
import { HELPER_MANIFEST } from '../../runtime/helpers/manifest.ts';
import { EventmapError } from '../shared/diagnostics.ts';
import { writeFileAtomic, writeTreeAtomic } from '../io/tree-write.ts';
import { findingToDiagnostic, isWhatIf, loadInputs, runGenerate } from '../pipeline/pipeline.ts';
import { printOut, sayErr } from '../output/streams.ts';
import { projectPaths, type ProjectPaths } from '../project/paths.ts';
import { displayPath } from '../io/fsutil.ts';
import { suggestJson, suggestText } from '../suggest/format.ts';
import { suggest } from '../suggest/run.ts';
import { REVIEW_MARKER } from '../mapping/review.ts';
import { parseFormat } from './format.ts';
import { snapshotOptions, snapshotPipelineOptions } from './upstream-option.ts';

export function registerSuggestCommand(program: Command): void {
  const cmd = program
    .command('suggest')
    .description(
      'draft an entry (or value-map line) for every gap, by analogy with its family; --write inserts them into mapping-spec.yaml, marked for review',
    )
    .option(
      '--write',
      'insert the drafts into mapping-spec.yaml (keeping every comment and the layout) and regenerate generated/',
    )
    .option('--format <format>', 'text or json', 'text');
  snapshotOptions(cmd, 'draft').action(
    async (opts: { write?: boolean; format: string; upstream: string[]; with: string[] }) => {
      const format = parseFormat(opts.format, ['text', 'json'] as const);
      const paths = projectPaths(program.opts<{ root?: string }>().root);
      const options = await snapshotPipelineOptions(paths.upstream, opts);
      const inputs = loadInputs(paths, options);
      const errors = inputs.analysis.findings.filter((f) => f.category === 'error');
      if (errors.length) throw new EventmapError(errors.map(findingToDiagnostic));
      const result = suggest(inputs, HELPER_MANIFEST);
      let written: string | undefined;
      if (opts.write && result.drafts.length) {
        writeFileAtomic(paths.spec, result.text);
        written = displayPath(paths.spec);
        // A what-if's snapshots are not supported yet: generated/ stays as the supported set makes it.
        if (!isWhatIf(options)) sayErr(await regenerate(paths));
        else {
          const again = [...opts.upstream.map((u) => `--upstream ${u}`), ...opts.with.map((w) => `--with ${w}`)].join(
            ' ',
          );
          const support = (options.withSnapshots ?? []).map((w) =>
            w.dir.startsWith(paths.upstream)
              ? `eventmap upstream support ${w.source}@${w.version}`
              : `eventmap upstream add ${w.source}@<version> --support`,
          );
          sayErr(
            `eventmap suggest: next, review each draft and delete its \`# ${REVIEW_MARKER}\` marker; \`eventmap check ${again}\` names what still needs a person; once it passes, ${support.length ? support.map((c) => `\`${c}\``).join(', ') : 'support the snapshot'}, then \`eventmap generate\` and \`eventmap check\``,
          );
        }
      }
      printOut(format === 'json' ? suggestJson(result, written) : suggestText(result, written));
    },
  );
}

async function regenerate(paths: ProjectPaths): Promise<string> {
  try {
    const { files } = await runGenerate(paths);
    writeTreeAtomic(paths.generated, files);
    return `eventmap suggest: regenerated ${displayPath(paths.generated)}; next, review each draft and delete its \`# ${REVIEW_MARKER}\` marker; \`eventmap check\` names what still needs a person`;
  } catch (err) {
    if (!(err instanceof EventmapError)) throw err;
    return `eventmap suggest: generated/ not rewritten (${err.diagnostics[0]?.message ?? 'the spec does not generate'}); fix that, then run \`eventmap generate\``;
  }
}
