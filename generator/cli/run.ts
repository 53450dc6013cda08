// The eventmap CLI as a function: parse argv, run the command, format a failure, return the exit
// code. Stages never print or exit; this file formats their results. Exit codes: 0 clean,
// 1 findings (check), 2 could not run. main.ts runs it on the real process; tests run it in
// process through runCli with their own working directory and captured output.
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { EventmapError, withSource, type Diagnostic } from '../shared/diagnostics.ts';
import { formatFailure, requestedFormat } from '../output/failure.ts';
import { sayErr } from '../output/streams.ts';
import { eventmapPackage } from '../project/paths.ts';
import { sourcesInProse } from '../project/sources.ts';
import { NO_FOLLOW_READ } from '../io/safe-read.ts';

// Each command's module is imported only when that command runs (what `check` loads is what a
// CI gate waits for). Help and unknown commands register them all, so no command module loads
// ts-morph and the TypeScript compiler (~1.3 s) before its action runs (`upstream add`).
type Register = (program: Command) => void;
const COMMANDS: Record<string, () => Promise<Register>> = {
  upstream: async () => (await import('../commands/upstream.ts')).registerUpstreamCommand,
  catalog: async () => (await import('../commands/catalog.ts')).registerCatalogCommand,
  generate: async () => (await import('../commands/generate.ts')).registerGenerateCommand,
  normalize: async () => (await import('../commands/normalize.ts')).registerNormalizeCommand,
  check: async () => (await import('../commands/check.ts')).registerCheckCommand,
  diff: async () => (await import('../commands/diff.ts')).registerDiffCommand,
  census: async () => (await import('../commands/census.ts')).registerCensusCommand,
  suggest: async () => (await import('../commands/suggest.ts')).registerSuggestCommand,
  view: async () => (await import('../commands/view.ts')).registerViewCommand,
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

const { version } = eventmapPackage();

/** Run one eventmap command line (without the node and script arguments) on this process; returns the exit code. */
export async function runMain(args: string[]): Promise<number> {
  const program = new Command();
  program
    .name('eventmap')
    .version(version, '-V, --version', 'print the eventmap version')
    .description(`Map the ${sourcesInProse()} protocols onto one canonical event model, and check the mapping.`)
    .option('--root <dir>', 'project root (default: nearest folder up from here with mapping-spec.yaml)')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => process.stdout.write(s),
      writeErr: (s) => process.stderr.write(s),
    });
  process.exitCode = undefined;
  try {
    const name = commandName(args);
    const needed =
      name !== undefined && Object.hasOwn(COMMANDS, name)
        ? [name]
        : name === undefined && args.some((a) => a === '--version' || a === '-V')
          ? [] // `eventmap --version` needs no command
          : Object.keys(COMMANDS);
    for (const register of await Promise.all(needed.map((n) => COMMANDS[n]!()))) register(program);
    await program.parseAsync(args, { from: 'user' });
    return Number(process.exitCode ?? 0);
  } catch (err) {
    return exitCodeFor(err, args);
  }
}

function exitCodeFor(err: unknown, args: string[]): number {
  const format = requestedFormat(args);
  // What stdout gets of a failure that stderr already told in text: nothing, in text.
  const failOnStdout = (d: Diagnostic) => {
    if (format !== 'text') process.stdout.write(formatFailure([d], format).stdout);
  };
  if (err instanceof CommanderError) {
    // --help and --version are not failures; usage errors are "could not run" (commander has
    // already said why on stderr; other formats get it on stdout too).
    if (err.exitCode === 0) return 0;
    failOnStdout({
      code: 'cli/usage',
      message: err.message.replace(/^error: /, ''),
      hint: 'see `eventmap <command> --help`',
    });
    return 2;
  }
  if (err instanceof EventmapError) {
    const { stdout, stderr } = formatFailure(err.diagnostics.map(withFileSource), format);
    process.stderr.write(stderr);
    process.stdout.write(stdout);
    return 2;
  }
  // The message may quote input (a name in an error thrown deep down): one escaped line, then the frames.
  const frames = err instanceof Error ? (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l)) : [];
  sayErr(`eventmap: internal error: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`, ...frames);
  failOnStdout({
    code: 'internal',
    message: err instanceof Error ? err.message : String(err),
    hint: 'this is a bug in eventmap; please report it with the command line',
  });
  return 2;
}

/** The diagnostic with its line read from its file, when that is a readable file here (for the code frame). */
function withFileSource(d: Diagnostic): Diagnostic {
  if (!d.file || d.line === undefined || d.source !== undefined) return d;
  try {
    // No link followed, no pipe waited on: the file is named by a diagnostic about untrusted input.
    const fd = openSync(d.file, NO_FOLLOW_READ);
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
