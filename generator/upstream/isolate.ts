// Running real upstream binaries. `runConfined` (used by `upstream add`) runs one in the
// bubblewrap sandbox (sandbox.ts) with a scrubbed environment, or refuses; only an explicit
// `unconfined` runs it without. `runIsolated` (used by `npm run capture`, whose binaries need a
// loopback model server, see docs/decisions.md) gives a loopback-only network namespace only.
import { spawnSync, type SpawnSyncOptions, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { constants } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { EventmapError } from '../shared/diagnostics.ts';
import { bwrapArgs, handOver, SANDBOX_LIMITS, sandboxStatus, spawnBwrap, type Confinement } from './sandbox.ts';

let cachedPrefix: string[] | undefined;

/** The unshare invocation that works here (root: -n; otherwise a user namespace: -rn). */
export function isolationPrefix(): string[] {
  if (cachedPrefix) return cachedPrefix;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  for (const flags of isRoot ? [['-n'], ['-rn']] : [['-rn']]) {
    const probe = spawnSync('unshare', [...flags, '--', 'true'], { stdio: 'ignore' });
    if (probe.status === 0) return (cachedPrefix = ['unshare', ...flags, '--']);
  }
  throw new EventmapError({
    code: 'upstream/no-network-namespace',
    message:
      'cannot create a loopback-only network namespace (`unshare -n` failed), so the real upstream binary will not be run',
    hint: 'run as root or enable unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1); `npm run capture` never runs upstream binaries without it',
  });
}

/** Run `command args` with no network but loopback (capture only); throws with its stderr on failure. */
export function runIsolated(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const [bin, ...prefix] = isolationPrefix();
  return run(
    bin!,
    [...prefix, 'sh', '-c', 'ip link set lo up 2>/dev/null; exec "$@"', 'sh', command, ...args],
    command,
    args,
    options,
  );
}

export interface ConfinedRun {
  stdout: string;
  /** How the binary ran, for provenance.json and the CLI. */
  confinement: Confinement;
}

export interface ConfineOptions {
  scratch: string;
  cwd?: string;
  /** Folders the binary reads but may not write (the installed package). */
  readOnly?: string[];
  timeoutMs?: number;
  /** `upstream add --unconfined`: run it with this user's full access; recorded, and said loudly. */
  unconfined?: boolean;
}

/**
 * Run an upstream binary in the bubblewrap sandbox (sandbox.ts), with an environment of PATH, a C
 * locale and a throwaway HOME, XDG folders and TMPDIR inside `scratch`. Where the sandbox cannot
 * be had, refuse: only `unconfined: true` runs it without, still with that environment.
 */
export function runConfined(command: string, args: string[], options: ConfineOptions): ConfinedRun {
  const scratch = resolve(options.scratch);
  const env = confinedEnv(scratch);
  // Every folder the environment names (HOME, the XDG folders, TMPDIR) exists, empty.
  const writable = Object.entries(env)
    .filter(([key]) => key === 'HOME' || key === 'TMPDIR' || key.startsWith('XDG_'))
    .map(([, dir]) => dir!);
  for (const dir of writable) mkdirSync(dir, { recursive: true });
  const cwd = resolve(options.cwd ?? scratch);
  const timeout = options.timeoutMs ?? 10 * 60_000;
  if (options.unconfined) {
    const stdout = run(command, args, command, args, { cwd, env, timeout });
    return { stdout, confinement: { sandbox: 'none', unconfined: true } };
  }
  const status = sandboxStatus();
  if (!status.available) {
    throw new EventmapError({
      code: 'upstream/no-sandbox',
      message: `refusing to run the upstream binary \`${basename(command)}\`: ${status.reason}, so it could not be confined`,
      hint: 'install bubblewrap (Debian/Ubuntu: `apt-get install -y bubblewrap`) where user namespaces are allowed, then re-run; or pass --unconfined to run it with your full access (provenance.json records it)',
    });
  }
  const plan = {
    scratch,
    cwd,
    readOnly: (options.readOnly ?? []).map((p) => resolve(p)),
    env: env as Record<string, string>,
    disableUserns: status.disableUserns,
    sizedTmp: status.sizedTmp,
  };
  handOver(scratch, writable);
  const stdout = outcome(
    spawnBwrap(bwrapArgs(plan, command, args), { cwd, env: { PATH: env.PATH }, timeout, maxBuffer: MAX_STDOUT }),
    command,
    args,
  );
  return { stdout, confinement: { sandbox: 'bubblewrap', version: status.version } };
}

/** The whole environment the binary gets: nothing is inherited but PATH's idea of where tools are. */
export function confinedEnv(scratch: string): NodeJS.ProcessEnv {
  const home = join(scratch, 'home');
  return {
    PATH: `${dirname(process.execPath)}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`,
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    TZ: 'UTC',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    XDG_RUNTIME_DIR: join(scratch, 'run'),
    TMPDIR: join(scratch, 'tmp'),
    // npm reads these besides ~/.npmrc; point them at files that do not exist.
    NPM_CONFIG_USERCONFIG: join(home, '.npmrc'),
    NPM_CONFIG_GLOBALCONFIG: join(home, 'npmrc-global'),
  };
}

/** What a binary may print (it writes its snapshot to files). */
const MAX_STDOUT = 64 * 1024 * 1024;

function run(bin: string, argv: string[], command: string, args: string[], options: SpawnSyncOptions): string {
  return outcome(spawnSync(bin, argv, { encoding: 'utf8', maxBuffer: MAX_STDOUT, ...options }), command, args);
}

// Why a run stopped, where a limit stopped it (the sandbox's, or what eventmap reads of stdout).
const LIMIT_REASONS: Record<string, string> = {
  SIGXFSZ: `it wrote a file larger than the sandbox allows (${SANDBOX_LIMITS.fileBytes / 1024 / 1024} MiB)`,
  ENOBUFS: `it printed more than ${MAX_STDOUT / 1024 / 1024} MiB`,
  ETIMEDOUT: 'it ran past its time limit',
};

function outcome(result: SpawnSyncReturns<string | Buffer>, command: string, args: string[]): string {
  const stderr = String(result.stderr ?? '').trim();
  if (result.status !== 0) {
    const code = (result.error as NodeJS.ErrnoException | undefined)?.code;
    // bwrap exits with 128 + the signal that ended the binary.
    const signal =
      result.signal ?? Object.entries(constants.signals).find(([, n]) => result.status === 128 + n)?.[0] ?? '';
    const limit = LIMIT_REASONS[signal] ?? LIMIT_REASONS[code ?? ''];
    throw new EventmapError({
      code: 'upstream/command-failed',
      message: `\`${command} ${args.join(' ')}\` ${limit ? `stopped: ${limit}` : `exited with ${result.status ?? result.signal ?? code}`}: ${stderr.slice(0, 2000)}`,
      hint: limit
        ? 'a real release does not do this: do not vendor it, and report it upstream'
        : 'check that the version exists and supports this command',
    });
  }
  return String(result.stdout ?? '');
}
