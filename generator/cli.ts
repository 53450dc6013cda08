// The eventmap CLI: wires the pipeline stages and formats their results. Stages never print or
// exit; this file does both. Exit codes: 0 clean, 1 findings (check), 2 could not run.
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { EventmapError, withSource, type Diagnostic } from './diagnostics.ts';
import { formatFailure, requestedFormat } from './failure-output.ts';
import { PACKAGE_ROOT } from './project.ts';

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

// The checkout's package.json, or the installed package's.
const { version } = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string };

const program = new Command();
program
  .name('eventmap')
  .version(version, '-V, --version', 'print the eventmap version')
  .description(
    'Map the Codex app-server, Claude Agent SDK and Codex SDK protocols onto one canonical event model, and check the mapping.',
  )
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
  const format = requestedFormat(process.argv.slice(2));
  if (err instanceof CommanderError) {
    // --help and --version are not failures; usage errors are "could not run" (commander has
    // already said why on stderr; other formats get it on stdout too).
    if (err.exitCode === 0) return 0;
    if (format !== 'text')
      process.stdout.write(
        formatFailure(
          [
            {
              code: 'cli/usage',
              message: err.message.replace(/^error: /, ''),
              hint: 'see `eventmap <command> --help`',
            },
          ],
          format,
        ).stdout,
      );
    return 2;
  }
  if (err instanceof EventmapError) {
    const { stdout, stderr } = formatFailure(err.diagnostics.map(withFileSource), format);
    process.stderr.write(stderr);
    process.stdout.write(stdout);
    return 2;
  }
  process.stderr.write(
    `eventmap: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  if (format !== 'text')
    process.stdout.write(
      formatFailure(
        [
          {
            code: 'internal',
            message: err instanceof Error ? err.message : String(err),
            hint: 'this is a bug in eventmap; please report it with the command line',
          },
        ],
        format,
      ).stdout,
    );
  return 2;
}

/** The diagnostic with its line read from its file, when that is a readable file here (for the code frame). */
function withFileSource(d: Diagnostic): Diagnostic {
  if (!d.file || d.line === undefined || d.source !== undefined) return d;
  try {
    const fd = openSync(d.file, 'r');
    try {
      if (!fstatSync(fd).isFile() || fstatSync(fd).size > 64 * 1024 * 1024) return d;
      return withSource(d, readFileSync(fd, 'utf8'));
    } finally {
      closeSync(fd);
    }
  } catch {
    return d; // not a file here (`HEAD:mapping-spec.yaml`, a folder): no frame
  }
}
