// `eventmap generate`: rewrite generated/ atomically (old tree or new tree, never a mix).
import type { Command } from 'commander';
import { writeTreeAtomic } from '../fsutil.ts';
import { runGenerate } from '../pipeline.ts';
import { projectPaths } from '../project.ts';

export function registerGenerateCommand(program: Command): void {
  program
    .command('generate')
    .description('regenerate generated/ from upstream-schemas/, canonical-model.yaml and mapping-spec.yaml')
    .action(async () => {
      const paths = projectPaths(program.opts<{ root?: string }>().root);
      const { files } = await runGenerate(paths);
      writeTreeAtomic(paths.generated, files);
      process.stderr.write(`eventmap: wrote ${files.size} files to ${paths.generated}\n`);
    });
}
