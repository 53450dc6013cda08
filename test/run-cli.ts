// The CLI run inside the calling process, for tests: the same runMain as the executable, with its
// working directory, environment, stdin and output swapped in for the run and put back after.
// Runs queue one at a time, because those are process-wide; what needs a real process (exit by
// signal, the lock against another process, --watch) still spawns bin/eventmap.js.
import { Readable } from 'node:stream';
import { runMain } from '../generator/cli/run.ts';

export interface CliRunOptions {
  /** Working directory for the run (default: the current one). */
  cwd?: string;
  /** Variables set (or, when undefined, unset) for the run. */
  env?: Record<string, string | undefined>;
  /** What the command reads on stdin. */
  stdin?: string;
}

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

let queue: Promise<unknown> = Promise.resolve();

/** Run `eventmap <args>` in this process; resolves with its exit code and everything it printed. */
export function runCli(args: string[], options: CliRunOptions = {}): Promise<CliResult> {
  const run = queue.then(() => runSwapped(args, options));
  queue = run.catch(() => undefined);
  return run;
}

type Write = typeof process.stdout.write;

async function runSwapped(args: string[], options: CliRunOptions): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const saved = {
    cwd: process.cwd(),
    exitCode: process.exitCode,
    stdout: process.stdout.write,
    stderr: process.stderr.write,
    stdin: Object.getOwnPropertyDescriptor(process, 'stdin'),
    env: Object.fromEntries(Object.keys(options.env ?? {}).map((k) => [k, process.env[k]])),
  };
  process.stdout.write = capture(out);
  process.stderr.write = capture(err);
  if (options.stdin !== undefined)
    Object.defineProperty(process, 'stdin', { value: Readable.from([options.stdin]), configurable: true });
  setEnv(options.env ?? {});
  try {
    if (options.cwd !== undefined) process.chdir(options.cwd);
    const status = await runMain(args);
    return { status, stdout: out.join(''), stderr: err.join('') };
  } finally {
    process.chdir(saved.cwd);
    process.stdout.write = saved.stdout;
    process.stderr.write = saved.stderr;
    if (saved.stdin) Object.defineProperty(process, 'stdin', saved.stdin);
    setEnv(saved.env);
    process.exitCode = saved.exitCode;
  }
}

function capture(into: string[]): Write {
  return ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    done?.();
    return true;
  }) as Write;
}

function setEnv(env: Record<string, string | undefined>): void {
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}
