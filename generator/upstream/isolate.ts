// Running real upstream binaries. Always in a loopback-only network namespace (`unshare -n`), or
// not at all. `runConfined` (used by `upstream add`) also gives the binary a scrubbed environment
// with a throwaway HOME, and, where a mount namespace can be made, a file system that is
// read-only outside its scratch folder. What could not be confined is returned, for the CLI to say.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { EventmapError } from '../diagnostics.ts';

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
    hint: 'run as root or enable unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1); eventmap never runs upstream binaries unconfined',
  });
}

/** Run `command args` with no network but loopback; throws with its stderr on failure. */
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
  /** What was not confined on this machine (empty when everything was). */
  notConfined: string[];
}

/**
 * Run an upstream binary confined: loopback-only network; an environment of PATH, a C locale and
 * a throwaway HOME, XDG folders and TMPDIR inside `scratch` (no tokens, no user npm or tool
 * config); and, where possible, every mount read-only but `scratch` and the real home hidden.
 */
export function runConfined(
  command: string,
  args: string[],
  options: { scratch: string; cwd?: string; timeoutMs?: number },
): ConfinedRun {
  const scratch = resolve(options.scratch);
  const env = confinedEnv(scratch);
  for (const dir of [
    env.HOME!,
    env.XDG_CONFIG_HOME!,
    env.XDG_CACHE_HOME!,
    env.XDG_DATA_HOME!,
    env.XDG_STATE_HOME!,
    env.XDG_RUNTIME_DIR!,
    env.TMPDIR!,
  ])
    mkdirSync(dir, { recursive: true });
  const spawnOptions: SpawnSyncOptions = {
    cwd: options.cwd ?? scratch,
    env,
    timeout: options.timeoutMs ?? 10 * 60_000,
  };
  const files = fileConfinement();
  if (files.prefix) {
    return {
      stdout: run(
        files.prefix[0]!,
        [...files.prefix.slice(1), 'sh', '-c', MOUNT_SCRIPT, 'sh', ...mountArgs(scratch), command, ...args],
        command,
        args,
        spawnOptions,
      ),
      notConfined: [],
    };
  }
  const [bin, ...prefix] = isolationPrefix();
  const stdout = run(
    bin!,
    [...prefix, 'sh', '-c', 'ip link set lo up 2>/dev/null; exec "$@"', 'sh', command, ...args],
    command,
    args,
    spawnOptions,
  );
  return {
    stdout,
    notConfined: [
      `file writes: the binary could write wherever your user can, not only under its scratch folder (${files.reason})`,
    ],
  };
}

/** The whole environment the binary gets: nothing is inherited but PATH's idea of where tools are. */
export function confinedEnv(scratch: string): NodeJS.ProcessEnv {
  const home = join(scratch, 'home');
  return {
    PATH: [
      dirname(process.execPath),
      '/usr/local/sbin',
      '/usr/local/bin',
      '/usr/sbin',
      '/usr/bin',
      '/sbin',
      '/bin',
    ].join(':'),
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

// Inside `unshare -m -n`: make every mount read-only but a bind of the scratch folder, hide the
// real home behind an empty read-only tmpfs, then prove it (every mount the binary can reach is
// `ro` but the scratch folder, and a probe file outside it cannot be created) before `exec`.
// Arguments: scratch, scratch as mountinfo writes it, home to hide ('' for none), probe path,
// count, mount points..., command...
const MOUNT_SCRIPT = `set -e
scratch="$1"; seen="$2"; hide="$3"; probe="$4"; n="$5"; shift 5
mount --make-rprivate /
mount --bind "$scratch" "$scratch"
i=0
while [ "$i" -lt "$n" ]; do
  [ "$1" = "$scratch" ] || mount -o remount,bind,ro "$1" 2>/dev/null || true
  shift; i=$((i + 1))
done
if [ -n "$hide" ] && [ -d "$hide" ]; then mount -t tmpfs -o ro,size=4k eventmap-hidden "$hide"; fi
bad=$(SEEN="$seen" awk '{ o[$5] = $6 } END { for (m in o) if (m != ENVIRON["SEEN"] && o[m] !~ /^ro(,|$)/) printf " %s", m }' /proc/self/mountinfo)
if [ -n "$bad" ]; then echo "eventmap: still writable outside the scratch folder:$bad" >&2; exit 97; fi
if ( : > "$probe" ) 2>/dev/null; then rm -f "$probe"; echo "eventmap: could still write $probe" >&2; exit 97; fi
ip link set lo up 2>/dev/null || true
exec "$@"`;

function mountArgs(scratch: string): string[] {
  const home = homedir();
  const hide = home !== '/' && !`${scratch}/`.startsWith(`${home}/`) ? home : '';
  const mounts = [
    ...new Set(
      readFileSync('/proc/self/mountinfo', 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => unescapeMount(l.split(' ')[4]!)),
    ),
  ];
  return [
    scratch,
    escapeMount(scratch),
    hide,
    join(dirname(scratch), `.eventmap-probe-${process.pid}`),
    String(mounts.length),
    ...mounts,
  ];
}

/** mountinfo writes space, tab, newline and backslash as octal escapes. */
function unescapeMount(s: string): string {
  return s.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8)));
}

function escapeMount(s: string): string {
  return s.replace(/[ \t\n\\]/g, (c) => `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`);
}

let cachedFiles: { prefix?: string[]; reason: string } | undefined;

/** Whether a mount namespace with the read-only file system can be made here (probed once); `reason` says why not. */
export function fileConfinement(): { prefix?: string[]; reason: string } {
  if (cachedFiles) return cachedFiles;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let reason = 'no mount namespace could be made here (`unshare -m` failed)';
  for (const flags of isRoot
    ? [
        ['-m', '-n'],
        ['-r', '-m', '-n'],
      ]
    : [['-r', '-m', '-n']]) {
    const scratch = resolve(process.env.TMPDIR ?? '/tmp');
    const probe = spawnSync(
      'unshare',
      [...flags, '--', 'sh', '-c', MOUNT_SCRIPT, 'sh', ...mountArgs(scratch), 'true'],
      { encoding: 'utf8' },
    );
    if (probe.status === 0) return (cachedFiles = { prefix: ['unshare', ...flags, '--'], reason: '' });
    if (probe.status === 97) reason = probe.stderr.trim().replace(/^eventmap: /, '');
  }
  return (cachedFiles = { reason });
}

function run(bin: string, argv: string[], command: string, args: string[], options: SpawnSyncOptions): string {
  const result = spawnSync(bin, argv, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0) {
    throw new EventmapError({
      code: 'upstream/command-failed',
      message: `\`${command} ${args.join(' ')}\` exited with ${result.status ?? result.signal}: ${String(
        result.stderr ?? '',
      )
        .trim()
        .slice(0, 2000)}`,
      hint: 'check that the version exists and supports this command',
    });
  }
  return String(result.stdout ?? '');
}
