// `eventmap generate`: rewrite generated/ atomically (old tree or new tree, never a mix).
import type { Command } from 'commander';
import { writeTreeAtomic } from '../fsutil.ts';
import { runGenerate } from '../pipeline.ts';
import { projectPaths } from '../project.ts';
import { collectUpstream, parseUpstreamOverrides } from './upstream-option.ts';

export function registerGenerateCommand(program: Command): void {
  program
    .command('generate')
    .description('regenerate generated/ from upstream-schemas/, canonical-model.yaml and mapping-spec.yaml')
    .option('--upstream <source=dir>', 'generate against this snapshot folder instead of the source’s supported snapshots (repeatable)', collectUpstream, [])
    .action(async (opts: { upstream: string[] }) => {
      const paths = projectPaths(program.opts<{ root?: string }>().root);
      const { files } = await runGenerate(paths, { upstreamOverrides: parseUpstreamOverrides(opts.upstream) });
      writeTreeAtomic(paths.generated, files);
      process.stderr.write(`eventmap: wrote ${files.size} files to ${paths.generated}\n`);
    });
}
