// `eventmap census FILE...`: the native message types in transcripts or logs, per source and
// version, flagged where the catalogs or the spec do not know them (docs/maintainers.md). Reads
// the spec and the catalogs only; without a project spec, those eventmap ships, and says so.
import { relative } from 'node:path';
import type { Command } from 'commander';
import { classify } from '../census/classify.ts';
import { countFiles } from '../census/count.ts';
import { censusToJson, censusToText } from '../census/format.ts';
import { printOut } from '../output/streams.ts';
import { loadInputs } from '../pipeline/pipeline.ts';
import { readProject, shippedBy } from '../project/paths.ts';
import { parseSourceName, SOURCE_NAMES } from '../project/sources.ts';
import { parseFormat } from './format.ts';

export function registerCensusCommand(program: Command): void {
  program
    .command('census <files...>')
    .description(
      'count the native message types in transcripts or logs (capture formats, bare JSON-RPC or SDKMessage lines), per source and version; flag types the catalogs do not document and types the spec does not map',
    )
    .option(
      '--source <source>',
      `read every line as this source: ${SOURCE_NAMES.join(', ')} (default: detected per line)`,
    )
    .option('--format <format>', 'text or json', 'text')
    .action((files: string[], opts: { source?: string; format: string }) => {
      const format = parseFormat(opts.format, ['text', 'json'] as const);
      const source = opts.source === undefined ? undefined : parseSourceName(opts.source, '--source');
      const { paths, shipped } = readProject(program.opts<{ root?: string }>().root);
      const counts = countFiles(files, source);
      const inputs = loadInputs(paths);
      const report = { ...classify(counts, inputs.spec, inputs.catalogs), specShipped: shipped };
      const specFile = relative(process.cwd(), paths.spec) || 'mapping-spec.yaml';
      const against = shipped
        ? `against ${specFile}, the spec shipped with ${shippedBy()} (no mapping-spec.yaml in ${process.cwd()} or above; pass --root for another)`
        : `against ${specFile}`;
      printOut(format === 'json' ? censusToJson(report) : censusToText(report, specFile, against));
    });
}
