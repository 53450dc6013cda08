// Issue 29: a hostile upstream release gets nothing. test/fixtures/hostile/codex.mjs stands in for
// the `codex` binary and tries every escape the issue lists (unmount, remount, a nested user
// namespace, /proc/<pid>/root, /proc/<pid>/environ, nsenter, the host network, a unix socket
// outside scratch, an abstract socket, an inherited descriptor, writes outside scratch; issue 37:
// npm's global configuration, 1,000 processes, a 600 MB file, hostile file names). It runs
// through the code path `upstream add` uses (ingestCodexAppServer.ingest → runConfined), inside
// hostile-driver.ts, a process holding a secret in its environment and an inherited socket (fd 100).
// In the sandbox every attempt fails. The unconfined control run shows the stand-in's attempts
// do work when nothing stops them, so "failed" is the sandbox's doing, not a dud probe. Where
// bubblewrap cannot be had, the sandboxed tests are reported skipped, with the reason in their name.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bwrapArgs, SANDBOX_LIMITS, sandboxStatus } from '../../generator/upstream/sandbox.ts';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DRIVER = join(REPO, 'test/upstream/hostile-driver.ts');
const HOSTILE = join(REPO, 'test/fixtures/hostile/codex.mjs');
const sandbox = sandboxStatus();
// npm's global configuration folder and global packages, beside node (npm's defaults).
const NPM_PREFIX = dirname(dirname(process.execPath));
const NPM_GLOBAL = [join(NPM_PREFIX, 'etc'), join(NPM_PREFIX, 'lib', 'node_modules')].filter((d) => existsSync(d));
const skipped = sandbox.available ? '' : ` (skipped: ${sandbox.reason})`;

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});
const temp = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  roots.push(d);
  return d;
};

interface Attempt {
  name: string;
  escaped: boolean;
  detail: string;
}
interface Run {
  result: { confinement?: unknown; report?: { attempts: Attempt[] }; outputError?: string; error?: string };
  /** What reached the test through the socket eventmap inherited (fd 100 in the driver). */
  inheritedSocket: string;
  outsideFile: string;
  stderr: string;
}

/** Run the driver once: the hostile stand-in installed as codex, servers listening outside scratch. */
async function runHostile(options: { unconfined: boolean; pathWithoutBwrap?: boolean }): Promise<Run> {
  const scratch = temp('eventmap-hostile-scratch-');
  const outside = temp('eventmap-hostile-outside-');
  const install = join(scratch, 'install');
  mkdirSync(join(install, 'node_modules', '.bin'), { recursive: true });
  copyFileSync(HOSTILE, join(install, 'node_modules', '.bin', 'codex'));
  chmodSync(join(install, 'node_modules', '.bin', 'codex'), 0o755);

  const unixServer = net.createServer((s) => s.resume());
  const tcpServer = net.createServer((s) => s.resume());
  const abstractServer = net.createServer((s) => s.resume());
  const abstractName = `eventmap-hostile-${process.pid}-${roots.length}`;
  const socketPath = join(outside, 'sock');
  await Promise.all([
    new Promise<void>((r) => unixServer.listen(socketPath, r)),
    new Promise<void>((r) => tcpServer.listen(0, '127.0.0.1', r)),
    new Promise<void>((r) => abstractServer.listen(`\0${abstractName}`, r)),
  ]);
  const secret = `s3cret-${process.pid}-${roots.length}`;
  const outsideFile = join(outside, 'written-by-hostile');
  const cfg = {
    scratch,
    install,
    out: join(scratch, 'snapshot'),
    unconfined: options.unconfined,
    targets: {
      home: homedir(),
      scratch,
      outsideFile,
      socketPath,
      abstractName,
      tcpPort: (tcpServer.address() as net.AddressInfo).port,
      secret,
      secretProbe: 'probe',
      safeOnly: options.unconfined,
      npmGlobal: NPM_GLOBAL,
    },
  };
  const cfgPath = join(outside, 'driver.json');
  writeFileSync(cfgPath, JSON.stringify(cfg));

  let env: NodeJS.ProcessEnv = { ...process.env, EVENTMAP_HOSTILE_SECRET: secret, GITHUB_TOKEN: secret };
  if (options.pathWithoutBwrap) {
    const bin = join(outside, 'bin');
    mkdirSync(bin);
    symlinkSync(process.execPath, join(bin, 'node'));
    env = { ...env, PATH: bin };
  }
  // bash gives the driver exactly stdin, stdout, stderr and fd 100 (our socket, without
  // close-on-exec, as a CI runner's descriptor would be), and nothing else this process holds.
  // (A high number: node marks the lowest inherited descriptors close-on-exec at start-up.)
  const child = spawn(
    '/bin/bash',
    [
      '-c',
      'for p in /proc/$$/fd/*; do n=${p##*/}; if [ "$n" -gt 3 ]; then eval "exec $n>&-"; fi; done; exec 100>&3 3>&-; exec "$@"',
      'bash',
      process.execPath,
      '--import',
      'tsx',
      DRIVER,
      cfgPath,
    ],
    { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  let inheritedSocket = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += String(d)));
  child.stderr!.on('data', (d: Buffer) => (stderr += String(d)));
  const fd3 = child.stdio[3] as NodeJS.ReadableStream;
  fd3.on('data', (d: Buffer) => (inheritedSocket += String(d)));
  // Done when the driver has exited and every holder of the socket has closed it (no timing).
  await Promise.all([
    new Promise((r) => child.on('close', r)),
    new Promise((r) => {
      fd3.on('end', r);
      fd3.on('close', r);
    }),
  ]);
  await Promise.all([unixServer, tcpServer, abstractServer].map((s) => new Promise((r) => s.close(r))));
  let result: Run['result'];
  try {
    result = JSON.parse(stdout) as Run['result'];
  } catch {
    throw new Error(`the driver printed no JSON: ${stdout}\n${stderr}`);
  }
  return { result, inheritedSocket, outsideFile, stderr };
}

const escapedOnes = (run: Run) => run.result.report!.attempts.filter((a) => a.escaped);
const names = (run: Run) => run.result.report!.attempts.map((a) => a.name);

describe('a hostile upstream binary run as `upstream add` runs codex', () => {
  it.skipIf(!sandbox.available)(`in the bubblewrap sandbox: every escape attempt fails${skipped}`, async () => {
    const run = await runHostile({ unconfined: false });
    expect(run.result.error, run.stderr).toBeUndefined();
    expect(run.result.confinement).toEqual({ sandbox: 'bubblewrap', version: sandbox.available && sandbox.version });
    // It tried each escape of the issue...
    const tried = names(run);
    for (const name of [
      'write-outside-scratch',
      'write-installed-package',
      'write-through-proc-pid-root',
      'read-proc-pid-environ',
      'read-real-home',
      `umount ${homedir()}`,
      'umount /tmp',
      'remount-rw /',
      'remount-rw /usr',
      'nested-userns-then-umount-or-remount',
      'write-/usr-after-remount-attempts',
      'network-interfaces-besides-lo',
      'host-loopback-tcp',
      'unix-socket-outside-scratch',
      'abstract-unix-socket',
      'write-inherited-descriptor',
      'fork-without-limit',
      'write-600-mb-file',
      ...NPM_GLOBAL.flatMap((d) => [`read-npm-global ${d}`, `write-npm-global ${d}`]),
    ])
      expect(tried, name).toContain(name);
    expect(NPM_GLOBAL.length).toBeGreaterThan(0);
    expect(tried.some((n) => n.startsWith('nsenter -t '))).toBe(true);
    if (process.arch === 'x64' || process.arch === 'arm64') {
      expect(tried).toContain('umount2 syscall /tmp');
      expect(tried).toContain('mount syscall remount-rw /');
    }
    // ...and none worked: not by its own account, nor by what reached this side.
    expect(escapedOnes(run)).toEqual([]);
    expect(existsSync(run.outsideFile)).toBe(false);
    expect(run.inheritedSocket).toBe('');
    // Issue 37: each of these fails by a limit, with the reason the kernel gives...
    const attempt = (name: string) => run.result.report!.attempts.find((a) => a.name === name)!;
    expect(attempt('fork-without-limit').detail).toMatch(/^\d+ started; EAGAIN$/);
    expect(Number(attempt('fork-without-limit').detail.split(' ')[0])).toBeLessThanOrEqual(SANDBOX_LIMITS.processes);
    expect(attempt('write-600-mb-file').detail).toBe('EFBIG');
    // ...and the hostile names it wrote stop `upstream add` at the door, with an error of its own.
    expect(run.result.outputError).toBe('upstream/bad-output-name');
  });

  it('unconfined (--unconfined, the control run): the same attempts do work', async () => {
    const run = await runHostile({ unconfined: true });
    expect(run.result.error, run.stderr).toBeUndefined();
    expect(run.result.confinement).toEqual({ sandbox: 'none', unconfined: true });
    expect(escapedOnes(run).map((a) => a.name)).toEqual(
      expect.arrayContaining([
        'write-outside-scratch',
        'write-installed-package',
        'read-proc-pid-environ',
        'host-loopback-tcp',
        'unix-socket-outside-scratch',
        'abstract-unix-socket',
        'write-inherited-descriptor',
        'write-600-mb-file',
        ...NPM_GLOBAL.map((d) => `read-npm-global ${d}`),
      ]),
    );
    expect(existsSync(run.outsideFile)).toBe(true);
    expect(run.inheritedSocket).toContain('hostile');
    expect(run.result.outputError).toMatch(/^upstream\/(bad-output-name|output-too-large)$/);
  });

  it('without bubblewrap, refuses to run the binary at all (upstream/no-sandbox)', async () => {
    const run = await runHostile({ unconfined: false, pathWithoutBwrap: true });
    expect(run.result).toEqual({ error: 'upstream/no-sandbox' });
    expect(existsSync(run.outsideFile)).toBe(false);
    expect(run.inheritedSocket).toBe('');
  });
});

describe('the sandbox arguments', () => {
  const plan = {
    scratch: '/tmp/eventmap-x',
    cwd: '/tmp/eventmap-x/install',
    readOnly: ['/tmp/eventmap-x/install'],
    env: { PATH: '/usr/bin', HOME: '/tmp/eventmap-x/home' },
    disableUserns: true,
    sizedTmp: true,
  };
  const args = bwrapArgs(plan, '/tmp/eventmap-x/install/node_modules/.bin/codex', ['app-server']);
  const pair = (flag: string) => args.flatMap((a, i) => (a === flag ? [args[i + 1]] : []));

  it('unshares every namespace, drops to uid/gid 65534 without capabilities, in a new session', () => {
    for (const flag of [
      '--unshare-all',
      '--unshare-user',
      '--disable-userns',
      '--new-session',
      '--die-with-parent',
      '--clearenv',
    ])
      expect(args).toContain(flag);
    expect(pair('--uid')).toEqual(['65534']);
    expect(pair('--gid')).toEqual(['65534']);
    expect(pair('--cap-drop')).toEqual(['ALL']);
    expect(args).not.toContain('--share-net');
  });

  it('mounts a private /proc, writable scratch, and the installed package read-only over it', () => {
    expect(pair('--proc')).toEqual(['/proc']);
    expect(pair('--bind')).toEqual(['/tmp/eventmap-x']);
    expect(pair('--ro-bind')).toContain('/tmp/eventmap-x/install');
    expect(args.lastIndexOf('/tmp/eventmap-x/install')).toBeGreaterThan(args.indexOf('--bind'));
    expect(args).not.toContain(homedir());
  });

  // Issue 37: /usr was bound whole, npm's global npmrc and packages with it.
  it('binds the programs and libraries of /usr, not /usr itself, and covers npm’s global folders', () => {
    const sources = [...pair('--ro-bind'), ...pair('--bind')];
    expect(sources).not.toContain('/usr');
    for (const dir of ['/usr/share', '/usr/local', '/usr/etc', '/usr/include']) expect(sources).not.toContain(dir);
    const within = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);
    for (const hidden of NPM_GLOBAL) {
      const exposed = sources.some((src) => within(hidden, src!));
      if (exposed) expect(pair('--tmpfs'), hidden).toContain(hidden);
      if (exposed) expect(pair('--remount-ro'), hidden).toContain(hidden);
    }
    expect(sources.some((src) => within(homedir(), src!) || within(src!, homedir()))).toBe(false);
  });

  it('limits processes and file size, and sizes /tmp', () => {
    const start = args[args.indexOf('--') + 3]!;
    expect(start).toContain(`ulimit -u ${SANDBOX_LIMITS.processes} -f ${SANDBOX_LIMITS.fileBytes / 1024} ||`);
    expect(pair('--size')).toEqual([String(SANDBOX_LIMITS.tmpBytes)]);
    expect(args[args.indexOf('--size') + 2]).toBe('--tmpfs');
  });

  it('passes only the environment given, and closes inherited descriptors before exec', () => {
    expect(pair('--setenv')).toEqual(['PATH', 'HOME']);
    const command = args.slice(args.indexOf('--') + 1);
    expect(command[1]).toBe('-c');
    expect(command[2]).toContain('exec $n>&-');
    expect(command.slice(4)).toEqual(['/tmp/eventmap-x/install/node_modules/.bin/codex', 'app-server']);
  });
});
