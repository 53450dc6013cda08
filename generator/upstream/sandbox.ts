// The sandbox an upstream binary runs in: bubblewrap (bwrap), a maintained, small, setuid-free
// tool that Debian packages and Flatpak relies on. eventmap only builds its argument list; the
// kernel does the confining. What the binary gets (docs/security.md, "What `upstream add` confines"):
//  - new user, pid, network, ipc, uts and cgroup namespaces; uid/gid 65534 inside, every
//    capability dropped, no_new_privs (bwrap sets it), and no further user namespace (so no way
//    back to capabilities to unmount or remount anything);
//  - a private /proc (its own processes only), a minimal /dev, a small empty /tmp;
//  - read-only: the programs and libraries of /usr (bin, sbin, lib*, libexec; not share, local,
//    etc or include), the top-level links or folders of the system, the loader's files in /etc,
//    node's executable, and the folders the caller names (the installed package); the root itself.
//    npm's global configuration and packages (`$PREFIX/etc`, `$PREFIX/lib/node_modules`) are not
//    there: where they lie inside a bound folder, an empty read-only folder covers them;
//  - writable: scratch, and the empty /tmp that disappears with the sandbox;
//  - limits: SANDBOX_LIMITS.processes processes (RLIMIT_NPROC, counted in its own user namespace)
//    and SANDBOX_LIMITS.fileBytes a file (RLIMIT_FSIZE: a larger write fails with EFBIG);
//  - as root, it runs as SANDBOX_HOST_ID outside too (RLIMIT_NPROC does not hold for root);
//  - no environment but what the caller gives; a new session (no terminal to push input into);
//  - no descriptor but stdin, stdout and stderr: bwrap passes on every descriptor eventmap itself
//    inherited without close-on-exec (a CI runner's socket, say), so bash closes them before exec.
import { spawnSync, type SpawnSyncOptions, type SpawnSyncReturns } from 'node:child_process';
import { chownSync, existsSync, lstatSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, relative, resolve, sep } from 'node:path';

/** How an upstream binary ran, as provenance.json records it. */
export type Confinement =
  | { sandbox: 'bubblewrap'; version: string }
  | { sandbox: 'none'; unconfined: true }
  | { sandbox: 'none'; ranUpstreamCode: false };

export type SandboxStatus =
  | { available: true; bwrap: string; version: string; disableUserns: boolean; sizedTmp: boolean }
  | { available: false; reason: string };

/** The unprivileged id the binary runs as inside its user namespace (nobody). */
export const SANDBOX_ID = '65534';

/**
 * Where eventmap runs as root, the id bwrap runs as on the host, so that the binary's processes
 * count against its process limit (the kernel does not hold root to RLIMIT_NPROC). An id no
 * account uses (65534 is nobody's, and its processes would share the count and the scratch).
 */
export const SANDBOX_HOST_ID = 65533;

/** What the binary may take. */
export const SANDBOX_LIMITS = {
  /** Processes and threads together (node and a Rust binary use a few dozen). */
  processes: 256,
  /** One file's size, written or truncated to (read-output.ts refuses less than this anyway). */
  fileBytes: 64 * 1024 * 1024,
  /** The empty /tmp, a tmpfs in memory. */
  tmpBytes: 64 * 1024 * 1024,
} as const;

const SYSTEM_TOP = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];
// Programs and libraries; not /usr/share, /usr/local, /usr/etc (npm's global npmrc when node's
// prefix is /usr), /usr/include or /usr/src.
const USR = ['/usr/bin', '/usr/sbin', '/usr/lib', '/usr/lib32', '/usr/lib64', '/usr/libx32', '/usr/libexec'];
// Only what the dynamic loader and Debian's /usr/bin → /etc/alternatives links need; no passwd,
// no certificates, no resolver configuration.
const ETC = ['/etc/ld.so.cache', '/etc/ld.so.conf', '/etc/ld.so.conf.d', '/etc/alternatives'];

// Set the limits, close every descriptor above stderr, then become the binary. bash, because dash
// cannot name a descriptor above 9; its `ulimit -f` counts 1024-byte blocks. The glob's own
// directory descriptor is already closed when the loop runs.
const START =
  `ulimit -u ${SANDBOX_LIMITS.processes} -f ${SANDBOX_LIMITS.fileBytes / 1024} || exit 125; ` +
  'for p in /proc/$$/fd/*; do n=${p##*/}; if [ "$n" -gt 2 ]; then eval "exec $n>&-"; fi; done; exec "$@"';

export interface SandboxPlan {
  scratch: string;
  cwd: string;
  /** Folders inside or outside scratch the binary may read but not write (the installed package). */
  readOnly: string[];
  env: Record<string, string>;
  disableUserns: boolean;
  /** Whether this bwrap has `--size` (0.7 and later) for the /tmp tmpfs. */
  sizedTmp: boolean;
}

/** Whether `path` is `folder` or lies inside it. */
const inside = (path: string, folder: string) => {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep));
};

/** bwrap's arguments for running `command args` as `plan` says (pure: tests read it). */
export function bwrapArgs(plan: SandboxPlan, command: string, args: string[]): string[] {
  const out = [
    '--unshare-all',
    '--unshare-user',
    ...(plan.disableUserns ? ['--disable-userns'] : []),
    '--uid',
    SANDBOX_ID,
    '--gid',
    SANDBOX_ID,
    '--cap-drop',
    'ALL',
    '--new-session',
    '--die-with-parent',
    '--hostname',
    'eventmap-sandbox',
    '--clearenv',
    ...Object.entries(plan.env).flatMap(([k, v]) => ['--setenv', k, v]),
  ];
  const bound: string[] = [];
  for (const top of [...SYSTEM_TOP, ...USR]) {
    const kind = kindOf(top);
    if (kind === 'link') out.push('--symlink', readlinkSync(top), top);
    else if (kind === 'dir') (out.push('--ro-bind', top, top), bound.push(top));
  }
  for (const etc of ETC) out.push('--ro-bind-try', etc, etc);
  // node's executable alone: not its prefix, which holds npm, its global packages and npmrc.
  if (!bound.some((b) => inside(process.execPath, b))) out.push('--ro-bind', process.execPath, process.execPath);
  // npm's global npmrc (`npm config set -g` keeps registry tokens there) and global packages
  // (npm's own builtin npmrc), where a bound folder holds them: an empty read-only folder instead.
  const prefix = dirname(dirname(process.execPath));
  for (const hidden of [`${prefix}/etc`, `${prefix}/lib/node_modules`])
    if (kindOf(hidden) === 'dir' && bound.some((b) => inside(hidden, b)))
      out.push('--tmpfs', hidden, '--remount-ro', hidden);
  out.push('--proc', '/proc', '--dev', '/dev');
  out.push(...(plan.sizedTmp ? ['--size', String(SANDBOX_LIMITS.tmpBytes)] : []), '--tmpfs', '/tmp');
  // Later mounts cover earlier ones: scratch writable, then the read-only folders inside it.
  out.push('--bind', plan.scratch, plan.scratch);
  for (const ro of plan.readOnly) out.push('--ro-bind', ro, ro);
  // The root bwrap builds (a tmpfs holding the mount points) read-only too: nothing but scratch
  // and the empty /tmp can be written, not even in throwaway places the host never sees.
  out.push('--remount-ro', '/');
  out.push('--chdir', plan.cwd, '--', bashPath(), '-c', START, 'bash', command, ...args);
  return out;
}

let cached: SandboxStatus | undefined;

/** Whether bwrap can make the sandbox here (probed once, by running `true` in it). */
export function sandboxStatus(): SandboxStatus {
  if (cached) return cached;
  const version = spawnSync('bwrap', ['--version'], { encoding: 'utf8' });
  if (version.error || version.status !== 0)
    return (cached = { available: false, reason: 'bubblewrap (`bwrap`) is not installed' });
  const help = spawnSync('bwrap', ['--help'], { encoding: 'utf8' });
  const disableUserns = `${help.stdout}${help.stderr}`.includes('--disable-userns');
  const sizedTmp = `${help.stdout}${help.stderr}`.includes('--size');
  const scratch = mkdtempSync(resolve(tmpdir(), 'eventmap-sandbox-probe-'));
  try {
    handOver(scratch, []);
    const probe = spawnBwrap(
      bwrapArgs(
        { scratch, cwd: scratch, readOnly: [], env: { PATH: '/usr/bin:/bin' }, disableUserns, sizedTmp },
        'true',
        [],
      ),
      { encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } },
    );
    if (probe.status !== 0)
      return (cached = {
        available: false,
        reason: `bwrap cannot make the sandbox here: ${(probe.stderr || `exit ${probe.status ?? probe.signal}`).trim().slice(0, 500)}`,
      });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return (cached = {
    available: true,
    bwrap: 'bwrap',
    version: version.stdout.trim().replace(/^bubblewrap\s+/, ''),
    disableUserns,
    sizedTmp,
  });
}

/** The host id bwrap runs as: SANDBOX_HOST_ID where eventmap is root, else eventmap's own (undefined). */
export function sandboxHostId(): number | undefined {
  return typeof process.getuid === 'function' && process.getuid() === 0 ? SANDBOX_HOST_ID : undefined;
}

/**
 * Give the folders the binary writes in to the id it runs as: `scratch` itself and `dirs` (each
 * inside scratch) with the folders between. Nothing to do where eventmap is not root.
 */
export function handOver(scratch: string, dirs: string[]): void {
  const id = sandboxHostId();
  if (id === undefined) return;
  chownSync(scratch, id, id);
  for (const dir of dirs) for (let d = dir; d !== scratch && inside(d, scratch); d = dirname(d)) chownSync(d, id, id);
}

/** Run bwrap (as SANDBOX_HOST_ID where eventmap is root: spawn sets the ids and drops every group). */
export function spawnBwrap(args: string[], options: SpawnSyncOptions): SpawnSyncReturns<string> {
  const id = sandboxHostId();
  return spawnSync('bwrap', args, { ...options, ...(id === undefined ? {} : { uid: id, gid: id }), encoding: 'utf8' });
}

function kindOf(path: string): 'link' | 'dir' | 'none' {
  try {
    const st = lstatSync(path);
    return st.isSymbolicLink() ? 'link' : st.isDirectory() ? 'dir' : 'none';
  } catch {
    return 'none';
  }
}

function bashPath(): string {
  return ['/usr/bin/bash', '/bin/bash'].find((p) => existsSync(p)) ?? '/bin/bash';
}
