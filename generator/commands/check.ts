// `eventmap check [--format text|json|markdown|github] [--full|--fast] [--upstream <source>=<dir>] [--with <source>@<version|dir>]`
import { Option, type Command } from 'commander';
import { formatGithub } from '../check/format/github.ts';
import { formatJson } from '../check/format/json.ts';
import { formatMarkdown } from '../check/format/markdown.ts';
import { formatText } from '../check/format/text.ts';
import { runCheck } from '../check/run.ts';
import { inCi } from '../cli/ci.ts';
import { printOut } from '../output/streams.ts';
import { projectPaths } from '../project/paths.ts';
import { parseFormat } from './format.ts';
import { snapshotOptions, snapshotPipelineOptions } from './upstream-option.ts';

const FORMATTERS = { text: formatText, json: formatJson, markdown: formatMarkdown, github: formatGithub };

export function registerCheckCommand(program: Command): void {
  const cmd = program
    .command('check')
    .description(
      'the CI gate: exit 1 on coverage gaps, stale entries, missing paths, drafts needing a decision or stale generated/ output; 2 when it cannot run',
    )
    .option('--format <format>', 'text, json, markdown or github', 'text')
    .addOption(
      new Option(
        '--full',
        'trust nothing generated/manifest.json says: regenerate without reusing generated/ and compare (the default when CI is set)',
      ).conflicts('fast'),
    )
    .addOption(
      new Option('--fast', 'answer from the manifest when the inputs are unchanged (the default outside CI)').conflicts(
        'full',
      ),
    );
  snapshotOptions(cmd, 'check').action(
    async (opts: { format: string; upstream: string[]; with: string[]; full?: boolean; fast?: boolean }) => {
      const format = parseFormat(opts.format, ['text', 'json', 'markdown', 'github'] as const);
      const paths = projectPaths(program.opts<{ root?: string }>().root);
      const full = opts.full ?? (opts.fast ? false : inCi());
      const result = await runCheck(paths, { ...(await snapshotPipelineOptions(paths.upstream, opts)), full });
      printOut(FORMATTERS[format](result));
      process.exitCode = result.findings.length ? 1 : 0;
    },
  );
}
