// The eventmap CLI: wires the pipeline stages and formats their results. Stages never print or
// exit; this file does both. Exit codes: 0 clean, 1 findings (check), 2 could not run.
import { Command, CommanderError } from 'commander';
import { EventmapError, formatDiagnostic } from './diagnostics.ts';
import { registerCatalogCommand } from './commands/catalog.ts';
import { registerCheckCommand } from './commands/check.ts';
import { registerDiffCommand } from './commands/diff.ts';
import { registerGenerateCommand } from './commands/generate.ts';
import { registerNormalizeCommand } from './commands/normalize.ts';
import { registerUpstreamCommand } from './commands/upstream.ts';

// `eventmap catalog ... | head` closes the pipe early; that is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

const program = new Command();
program
  .name('eventmap')
  .description('Map the Codex app-server, Claude Agent SDK and Codex SDK protocols onto one canonical event model, and check the mapping.')
  .option('--root <dir>', 'project root (default: nearest folder up from here with mapping-spec.yaml)')
  .exitOverride()
  .configureOutput({ writeErr: (s) => process.stderr.write(s) });

registerUpstreamCommand(program);
registerCatalogCommand(program);
registerGenerateCommand(program);
registerNormalizeCommand(program);
registerCheckCommand(program);
registerDiffCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  process.exitCode = exitCodeFor(err);
}

function exitCodeFor(err: unknown): number {
  if (err instanceof CommanderError) {
    // --help and --version are not failures; usage errors are "could not run".
    return err.exitCode === 0 ? 0 : 2;
  }
  if (err instanceof EventmapError) {
    for (const d of err.diagnostics) process.stderr.write(`${formatDiagnostic(d)}\n`);
    return 2;
  }
  process.stderr.write(`eventmap: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  return 2;
}
