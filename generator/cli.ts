// The eventmap CLI: wires the pipeline stages and formats their results. Stages never print or
// exit; this file does both. Exit codes: 0 clean, 1 findings (check), 2 could not run.
import { Command, CommanderError } from 'commander';
import { EventmapError, formatDiagnostic } from './diagnostics.ts';

// Each command's module is imported only when that command runs: `upstream` alone pulls in
// ts-morph and the TypeScript compiler (~1.5 s), which `check` and `generate` never need
// (docs/performance.md). Help and unknown commands load them all.
type Register = (program: Command) => void;
const COMMANDS: Record<string, () => Promise<Register>> = {
  upstream: async () => (await import('./commands/upstream.ts')).registerUpstreamCommand,
  catalog: async () => (await import('./commands/catalog.ts')).registerCatalogCommand,
  generate: async () => (await import('./commands/generate.ts')).registerGenerateCommand,
  normalize: async () => (await import('./commands/normalize.ts')).registerNormalizeCommand,
  check: async () => (await import('./commands/check.ts')).registerCheckCommand,
  diff: async () => (await import('./commands/diff.ts')).registerDiffCommand,
  census: async () => (await import('./commands/census.ts')).registerCensusCommand,
  suggest: async () => (await import('./commands/suggest.ts')).registerSuggestCommand,
};

/** The command named on the command line: the first argument that is not a global option. */
function commandName(args: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--root') i++;
    else if (!a.startsWith('-')) return a;
  }
  return undefined;
}

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

try {
  const name = commandName(process.argv.slice(2));
  const needed = name !== undefined && Object.hasOwn(COMMANDS, name) ? [name] : Object.keys(COMMANDS);
  for (const register of await Promise.all(needed.map((n) => COMMANDS[n]!()))) register(program);
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
