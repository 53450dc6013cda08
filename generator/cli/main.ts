// The eventmap executable: runs the CLI (run.ts) on this process's arguments and streams.
// Tests run it in process instead (test/run-cli.ts).
import { runMain } from './run.ts';

// `eventmap catalog ... | head` closes the pipe early; that is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

process.exitCode = await runMain(process.argv.slice(2));
