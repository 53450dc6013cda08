// `eventmap catalog <source>[@version] [--format json|text]`. In a project without
// mapping-spec.yaml (an app's), the snapshots eventmap ships (generator/project/paths.ts readProject).
import type { Command } from 'commander';
import { jsonOutput } from '../output/json.ts';
import { printOut, sayErr } from '../output/streams.ts';
import { readProject, shippedBy } from '../project/paths.ts';
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
      const { paths, shipped } = readProject(program.opts<{ root?: string }>().root);
      const ref = resolveSnapshot(paths.upstream, source);
      if (shipped && ref.dir.startsWith(paths.upstream))
        sayErr(
          `eventmap catalog: ${ref.source}@${ref.version} as shipped with ${shippedBy()} (no mapping-spec.yaml in ${process.cwd()} or above)`,
        );
      const catalog = loadCatalog(ref);
      printOut(format === 'json' ? jsonOutput(catalogToJson(catalog)) : catalogToText(catalog));
    });
}
