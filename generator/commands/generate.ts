// `eventmap generate [--watch]`: rewrite generated/ under its lock; generated/ is there throughout
// (tree-write.ts). --watch regenerates and prints the findings whenever an input changes; a broken
// input is reported and the watch goes on.
import type { Command } from 'commander';
import { EventmapError, formatDiagnostic } from '../shared/diagnostics.ts';
import { inCi } from '../cli/ci.ts';
import { printErr, printOut, sayErr } from '../output/streams.ts';
import { runGenerate, type PipelineOptions } from '../pipeline/pipeline.ts';
import { projectPaths, type ProjectPaths } from '../project/paths.ts';
import { describeWrite, writeTreeAtomic } from '../io/tree-write.ts';
import { parseUpstreamOverrides, upstreamOption } from './upstream-option.ts';

export function registerGenerateCommand(program: Command): void {
  const cmd = program
    .command('generate')
    .description('regenerate generated/ from upstream-schemas/, canonical-model.yaml and mapping-spec.yaml');
  upstreamOption(cmd, 'generate')
    .option(
      '--watch',
      'keep running: regenerate and print the findings when mapping-spec.yaml, canonical-model.yaml or upstream-schemas/ change',
    )
    .action(async (opts: { upstream: string[]; watch?: boolean }) => {
      const paths = projectPaths(program.opts<{ root?: string }>().root);
      const options: PipelineOptions = {
        upstreamOverrides: parseUpstreamOverrides(opts.upstream),
        // In CI generated/ is under test: rebuild what the emit cache lacks rather than trust it (../ci.ts).
        reuseGenerated: !inCi(),
      };
      await generateOnce(paths, options, opts.watch === true);
      if (!opts.watch) return;
      const { watchInputs } = await import('./watch.ts');
      watchInputs(paths, async (changed) => {
        sayErr(`eventmap: changed: ${changed.join(', ')}`);
        await generateOnce(paths, options, true);
      });
      // Said once the watchers are set: an edit right after this line is seen (loading the
      // watch module first left a window in which an edit went unnoticed).
      sayErr('eventmap: watching mapping-spec.yaml, canonical-model.yaml and upstream-schemas/ (Ctrl-C to stop)');
      await new Promise<never>(() => {}); // until the process is stopped
    });
}

/** One generate; when watching, also the findings, and a broken input is printed instead of thrown. */
async function generateOnce(paths: ProjectPaths, options: PipelineOptions, watching: boolean): Promise<void> {
  try {
    const { files, inputs } = await runGenerate(paths, options);
    const wrote = writeTreeAtomic(paths.generated, files, {
      onWait: (owner) => sayErr(`eventmap: waiting for another eventmap (pid ${owner.pid}) writing ${paths.generated}`),
    });
    sayErr(`eventmap: ${describeWrite(wrote, paths.generated)}`);
    if (!watching) return;
    // Only a watch prints the findings: a single run loads none of that.
    const [{ buildCoverage }, { formatText }] = await Promise.all([
      import('../emit/coverage.ts'),
      import('../check/format/text.ts'),
    ]);
    const findings = inputs.analysis.findings.filter((f) => f.category !== 'error');
    const coverage = buildCoverage(
      inputs.spec,
      inputs.analysis.coverage,
      findings,
      (s) => inputs.catalogs[s]?.map((c) => c.version) ?? [],
    );
    printOut(formatText({ findings, notices: [], coverage, fast: false }));
  } catch (err) {
    if (!watching || !(err instanceof EventmapError)) throw err;
    for (const d of err.diagnostics) printErr(`${formatDiagnostic(d)}\n`);
    sayErr('eventmap: generated/ left as it was; watching for the fix');
  }
}
