// `eventmap catalog <source>[@version] [--format json|text]`
import type { Command } from 'commander';
import { jsonOutput } from '../output/json.ts';
import { printOut } from '../output/streams.ts';
import { projectPaths } from '../project.ts';
import { loadCatalog } from '../catalog/load.ts';
import { catalogToJson, catalogToText } from '../catalog/render.ts';
import { resolveSnapshot } from '../catalog/snapshots.ts';
import { parseFormat } from './format.ts';

export function registerCatalogCommand(program: Command): void {
  program
    .command('catalog <source>')
    .description(
      'print the catalog of a snapshot: every discriminant the mapping must account for (<source>, <source>@<version> or <source>@<folder>)',
    )
    .option('--format <format>', 'text or json', 'text')
    .action((source: string, opts: { format: string }) => {
      const format = parseFormat(opts.format, ['text', 'json'] as const);
      const paths = projectPaths(program.opts<{ root?: string }>().root);
      const catalog = loadCatalog(resolveSnapshot(paths.upstream, source));
      printOut(format === 'json' ? jsonOutput(catalogToJson(catalog)) : catalogToText(catalog));
    });
}
