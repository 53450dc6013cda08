// Runs real upstream binaries in a loopback-only network namespace (`unshare -n`), or not at all.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
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
    message: 'cannot create a loopback-only network namespace (`unshare -n` failed), so the real upstream binary will not be run',
    hint: 'run as root or enable unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1); eventmap never runs upstream binaries unconfined',
  });
}

/** Run `command args` with no network but loopback; throws with its stderr on failure. */
export function runIsolated(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const [bin, ...prefix] = isolationPrefix();
  const script = 'ip link set lo up 2>/dev/null; exec "$@"';
  const result = spawnSync(bin!, [...prefix, 'sh', '-c', script, 'sh', command, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0) {
    throw new EventmapError({
      code: 'upstream/command-failed',
      message: `\`${command} ${args.join(' ')}\` exited with ${result.status ?? result.signal}: ${String(result.stderr ?? '').trim().slice(0, 2000)}`,
      hint: 'check that the version exists and supports this command',
    });
  }
  return String(result.stdout ?? '');
}
