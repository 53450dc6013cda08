// `eventmap upstream add <source>@<version>`
import type { Command } from 'commander';
import { projectPaths } from '../project.ts';
import { addUpstream } from '../upstream/add.ts';

export function registerUpstreamCommand(program: Command): void {
  const upstream = program.command('upstream').description('manage vendored upstream snapshots (the only commands that use the network)');
  upstream
    .command('add <source@version>')
    .description('install the real package from npm and write upstream-schemas/<source>/<version>/ with provenance.json')
    .action((arg: string) => {
      const paths = projectPaths(program.opts<{ root?: string }>().root);
      const { dir, provenance, notConfined } = addUpstream(paths.upstream, arg);
      for (const what of notConfined) process.stderr.write(`eventmap: warning: the upstream binary ran without confinement of ${what}\n`);
      process.stdout.write(`wrote ${dir} (${Object.keys(provenance.files).length} files, ${provenance.package}@${provenance.version} ${provenance.integrity})\n`);
    });
}
