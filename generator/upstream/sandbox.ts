// The sandbox an upstream binary runs in: bubblewrap (bwrap), a maintained, small, setuid-free
// tool that Debian packages and Flatpak relies on. eventmap only builds its argument list; the
// kernel does the confining. What the binary gets (docs/security.md, "What `upstream add` confines"):
//  - new user, pid, network, ipc, uts and cgroup namespaces; uid/gid 65534 inside, every
//    capability dropped, no_new_privs (bwrap sets it), and no further user namespace (so no way
//    back to capabilities to unmount or remount anything);
//  - a private /proc (its own processes only), a minimal /dev, an empty /tmp;
//  - read-only: /usr and the top-level links or folders of the system, the loader's files in /etc,
//    node's install, and the folders the caller names (the installed package); the root itself;
//    writable: scratch, and an empty /tmp that disappears with the sandbox;
//  - no environment but what the caller gives; a new session (no terminal to push input into);
//  - no descriptor but stdin, stdout and stderr: bwrap passes on every descriptor eventmap itself
//    inherited without close-on-exec (a CI runner's socket, say), so bash closes them before exec.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, resolve } from 'node:path';

/** How an upstream binary ran, as provenance.json records it. */
export type Confinement =
  | { sandbox: 'bubblewrap'; version: string }
  | { sandbox: 'none'; unconfined: true }
  | { sandbox: 'none'; ranUpstreamCode: false };

export type SandboxStatus =
  { available: true; bwrap: string; version: string; disableUserns: boolean } | { available: false; reason: string };

/** The unprivileged id the binary runs as inside its user namespace (nobody). */
export const SANDBOX_ID = '65534';

const SYSTEM_TOP = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];
// Only what the dynamic loader and Debian's /usr/bin → /etc/alternatives links need; no passwd,
// no certificates, no resolver configuration.
const ETC = ['/etc/ld.so.cache', '/etc/ld.so.conf', '/etc/ld.so.conf.d', '/etc/alternatives'];

// Close every descriptor above stderr, then become the binary. bash, because dash cannot name a
// descriptor above 9. The glob's own directory descriptor is already closed when the loop runs.
const CLOSE_FDS =
  'for p in /proc/$$/fd/*; do n=${p##*/}; if [ "$n" -gt 2 ]; then eval "exec $n>&-"; fi; done; exec "$@"';

export interface SandboxPlan {
  scratch: string;
  cwd: string;
  /** Folders inside or outside scratch the binary may read but not write (the installed package). */
  readOnly: string[];
  env: Record<string, string>;
  disableUserns: boolean;
}

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
    '--ro-bind',
    '/usr',
    '/usr',
  ];
  for (const top of SYSTEM_TOP) {
    const kind = kindOf(top);
    if (kind === 'link') out.push('--symlink', readlinkSync(top), top);
    else if (kind === 'dir') out.push('--ro-bind', top, top);
  }
  for (const etc of ETC) out.push('--ro-bind-try', etc, etc);
  const nodePrefix = dirname(dirname(process.execPath));
  if (!`${nodePrefix}/`.startsWith('/usr/')) out.push('--ro-bind', nodePrefix, nodePrefix);
  out.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp');
  // Later mounts cover earlier ones: scratch writable, then the read-only folders inside it.
  out.push('--bind', plan.scratch, plan.scratch);
  for (const ro of plan.readOnly) out.push('--ro-bind', ro, ro);
  // The root bwrap builds (a tmpfs holding the mount points) read-only too: nothing but scratch
  // and the empty /tmp can be written, not even in throwaway places the host never sees.
  out.push('--remount-ro', '/');
  out.push('--chdir', plan.cwd, '--', bashPath(), '-c', CLOSE_FDS, 'bash', command, ...args);
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
  const scratch = mkdtempSync(resolve(tmpdir(), 'eventmap-sandbox-probe-'));
  try {
    const probe = spawnSync(
      'bwrap',
      bwrapArgs({ scratch, cwd: scratch, readOnly: [], env: { PATH: '/usr/bin:/bin' }, disableUserns }, 'true', []),
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
  });
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
