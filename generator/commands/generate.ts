// `eventmap generate`: rewrite generated/ under its lock; generated/ is there throughout (tree-write.ts).
import type { Command } from 'commander';
import { runGenerate } from '../pipeline.ts';
import { projectPaths } from '../project.ts';
import { writeTreeAtomic } from '../tree-write.ts';
import { collectUpstream, parseUpstreamOverrides } from './upstream-option.ts';

export function registerGenerateCommand(program: Command): void {
  program
    .command('generate')
    .description('regenerate generated/ from upstream-schemas/, canonical-model.yaml and mapping-spec.yaml')
    .option('--upstream <source=dir>', 'generate against this snapshot folder instead of the source’s supported snapshots (repeatable)', collectUpstream, [])
    .action(async (opts: { upstream: string[] }) => {
      const paths = projectPaths(program.opts<{ root?: string }>().root);
      const { files } = await runGenerate(paths, { upstreamOverrides: parseUpstreamOverrides(opts.upstream) });
      writeTreeAtomic(paths.generated, files, { onWait: (owner) => process.stderr.write(`eventmap: waiting for another eventmap (pid ${owner.pid}) writing ${paths.generated}\n`) });
      process.stderr.write(`eventmap: wrote ${files.size} files to ${paths.generated}\n`);
    });
}
