// Bad-input catalog, links and pipes in the trees a pull request can change (generator/io/safe-read.ts):
// a committed symlink could point at a secret of the machine running the gate, or at /dev/zero, and
// a pipe would block a read forever. Inputs: exit 2 naming the path, generated/ untouched. In
// generated/: never followed or opened — stale output for check, rebuilt by generate.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../run-cli.ts';
import { EventmapError } from '../../generator/shared/diagnostics.ts';
import { listFiles, readTree } from '../../generator/io/fsutil.ts';
import { readRegularFile } from '../../generator/io/safe-read.ts';
import { scratchDir } from '../scratch.ts';
import { expectRejected, snapshotsLine, workspace } from './support.ts';

const w = workspace('links');
const outside = scratchDir('eventmap-links-outside-');
afterAll(() => w.remove());

/** Undo: put the real file or folder back where a link or pipe stood. */
const undo: (() => void)[] = [];
afterEach(() => {
  for (const u of undo.splice(0).reverse()) u();
});

/** Replace `rel` (in the workspace) by a symlink to a copy of it outside the project. */
function linkOut(rel: string): string {
  const real = w.at(rel);
  const copy = join(outside, rel.replace(/\//g, '_'));
  cpSync(real, copy, { recursive: true });
  rmSync(real, { recursive: true });
  symlinkSync(copy, real);
  undo.push(() => {
    rmSync(real, { force: true });
    cpSync(copy, real, { recursive: true });
  });
  return copy;
}

function mkfifo(path: string): void {
  const r = spawnSync('mkfifo', [path]);
  expect(r.status, String(r.stderr)).toBe(0);
}

/** The newest supported snapshot of the first source in mapping-spec.yaml. */
function aSnapshot(): string {
  const spec = w.read('mapping-spec.yaml');
  const source = Object.keys((parse(spec) as { sources: Record<string, unknown> }).sources)[0]!;
  const { versions } = snapshotsLine(spec, source);
  return `upstream-schemas/${source}/${versions[versions.length - 1]}`;
}

/** Replace a file by a named pipe (put back by afterEach). */
function pipeFor(rel: string): string {
  const real = w.at(rel);
  const text = readFileSync(real, 'utf8');
  rmSync(real);
  mkfifo(real);
  undo.push(() => {
    rmSync(real, { force: true });
    writeFileSync(real, text);
  });
  return text;
}

describe('inputs: a link or a pipe is refused by name', () => {
  it('a snapshot file that is a symlink (to the very same bytes)', async () => {
    const dir = aSnapshot();
    const rel = `${dir}/${listFiles(w.at(dir)).find((f) => f.endsWith('.json') && f !== 'provenance.json')!}`;
    linkOut(rel);
    expectRejected(await w.generate(), {
      code: 'input/not-a-regular-file',
      message: `${rel} is a symbolic link; eventmap reads regular files only`,
    });
  });

  it('a snapshot subfolder that is a symlink', async () => {
    // Any supported snapshot with a subfolder (codex-app-server's v2/ today).
    const snapshots = readdirSync(w.at('upstream-schemas')).flatMap((s) =>
      readdirSync(w.at('upstream-schemas', s)).map((v) => `upstream-schemas/${s}/${v}`),
    );
    const withSub = snapshots
      .map((d) => [d, readdirSync(w.at(d), { withFileTypes: true }).find((e) => e.isDirectory())?.name] as const)
      .find(([, sub]) => sub !== undefined);
    if (!withSub) return; // no snapshot has a subfolder: nothing to link
    const rel = `${withSub[0]}/${withSub[1]}`;
    linkOut(rel);
    expectRejected(await w.generate(), { code: 'input/not-a-regular-file', message: `${rel} is a symbolic link` });
  });

  it('mapping-spec.yaml as a symlink', async () => {
    linkOut('mapping-spec.yaml');
    expectRejected(await w.generate(), {
      code: 'input/not-a-regular-file',
      message: 'mapping-spec.yaml is a symbolic link',
    });
  });

  it('mapping-spec.yaml as a named pipe: refused at once, no read blocks', async () => {
    pipeFor('mapping-spec.yaml');
    expectRejected(await w.generate(), {
      code: 'input/not-a-regular-file',
      message: 'mapping-spec.yaml is a named pipe',
    });
  });
});

describe('generated/: a link or a pipe is never followed or opened', () => {
  const mappers = () => listFiles(w.at('generated')).find((f) => f.endsWith('/mappers.ts'))!;

  it('check --full reports a symlinked generated file as stale output, by name', async () => {
    const rel = `generated/${mappers()}`;
    linkOut(rel); // the same bytes, behind a link
    const r = await runCli(['--root', w.root, 'check', '--full', '--format', 'json']);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toContain(`${rel} is not a regular file`);
  });

  it('a pipe in place of a generated file: check falls back from its fast path and reports it; generate replaces it', async () => {
    const rel = `generated/${mappers()}`;
    const saved = pipeFor(rel);
    const r = await runCli(['--root', w.root, 'check', '--format', 'json']);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toContain(`${rel} is not a regular file`);
    // generate (outside CI, reusing generated/) does not open the pipe: it rebuilds that stage.
    const g = await runCli(['--root', w.root, 'generate'], { env: { CI: '' } });
    expect(g.status, g.stderr).toBe(0);
    expect(lstatSync(w.at(rel)).isFile()).toBe(true);
    expect(readTree(w.at('generated')).get(mappers())).toBe(saved);
  });
});

describe('links where eventmap writes: nothing outside the project is replaced or removed', () => {
  it('generated/ as a symlink to another folder: refused, that folder untouched', async () => {
    const victim = mkdtempSync(join(outside, 'victim-'));
    writeFileSync(join(victim, 'keep.txt'), 'keep');
    const real = w.at('generated');
    const saved = join(outside, 'generated-saved');
    cpSync(real, saved, { recursive: true });
    rmSync(real, { recursive: true });
    symlinkSync(victim, real);
    undo.push(() => {
      rmSync(real, { force: true });
      cpSync(saved, real, { recursive: true });
    });
    const r = await runCli(['--root', w.root, 'generate'], { env: { CI: '' } });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain('error output/not-a-directory');
    expect(r.stderr).toContain('is a symbolic link; refusing to replace it');
    expect(readdirSync(victim)).toEqual(['keep.txt']);
  });

  it('a committed commit folder whose path runs through a link: refused, nothing moved in or removed', async () => {
    const victim = mkdtempSync(join(outside, 'victim-'));
    writeFileSync(join(victim, 'secret.txt'), 'hunter2');
    const commit = `${w.at('generated')}.eventmap-commit`;
    mkdirSync(commit);
    writeFileSync(join(commit, '.eventmap-tree.json'), JSON.stringify(['sub/secret.txt']));
    symlinkSync(victim, join(commit, 'sub'));
    undo.push(() => rmSync(commit, { recursive: true, force: true }));
    const before = readTree(w.at('generated'));
    const r = await runCli(['--root', w.root, 'generate']);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain('error output/bad-commit-folder');
    expect(readFileSync(join(victim, 'secret.txt'), 'utf8')).toBe('hunter2');
    expect(readTree(w.at('generated'))).toEqual(before);
  });
});

describe('links above the snapshots and in diff', () => {
  it('a snapshot folder as a symlink (to an identical copy): generate and check refuse it', async () => {
    const dir = aSnapshot();
    linkOut(dir);
    expectRejected(await w.generate(), { code: 'input/not-a-real-folder', message: `${dir} is a symbolic link` });
    const c = await runCli(['--root', w.root, 'check']);
    expect(c.status, c.stdout).toBe(2);
    expect(c.stderr).toContain('error input/not-a-real-folder');
  });

  it('upstream-schemas/ itself may be a link (a snapshot store shared in a monorepo)', async () => {
    linkOut('upstream-schemas');
    const r = await runCli(['--root', w.root, 'check', '--full']);
    expect(r.status, r.stderr).toBe(0);
  });

  it('diff --spec reads the working tree’s mapping-spec.yaml the same way: a link to a secret is refused, not printed', async () => {
    const git = (...args: string[]) =>
      spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], {
        cwd: w.root,
        encoding: 'utf8',
      });
    expect(git('init', '-q').status).toBe(0);
    expect(git('add', '-A').status).toBe(0);
    expect(git('commit', '-qm', 'base').status).toBe(0);
    undo.push(() => rmSync(w.at('.git'), { recursive: true, force: true }));
    const secret = join(outside, 'secret.env');
    writeFileSync(secret, 'AWS_SECRET_ACCESS_KEY: hunter2\n');
    const spec = w.read('mapping-spec.yaml');
    rmSync(w.at('mapping-spec.yaml'));
    symlinkSync(secret, w.at('mapping-spec.yaml'));
    undo.push(() => {
      rmSync(w.at('mapping-spec.yaml'), { force: true });
      writeFileSync(w.at('mapping-spec.yaml'), spec);
    });
    const r = await runCli(['--root', w.root, 'diff', '--spec', 'HEAD']);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain('error input/not-a-regular-file');
    expect(r.stdout + r.stderr).not.toContain('hunter2');
  });

  it('canonical-model.yaml as a symlink is named as one', async () => {
    linkOut('canonical-model.yaml');
    expectRejected(await w.generate(), {
      code: 'input/not-a-regular-file',
      message: 'canonical-model.yaml is a symbolic link',
    });
  });
});

describe('readRegularFile', () => {
  it('reads a regular file; names a link, a folder, a pipe and a link on the way', () => {
    const dir = mkdtempSync(join(outside, 'unit-'));
    spawnSync('sh', [
      '-c',
      'mkdir -p "$1/real" && printf x > "$1/real/f" && ln -s real "$1/link" && ln -s f "$1/real/l"',
      'sh',
      dir,
    ]);
    mkfifo(join(dir, 'pipe'));
    expect(readRegularFile(dir, 'real/f').toString()).toBe('x');
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        return err instanceof EventmapError
          ? `${err.diagnostics[0]!.code}: ${err.diagnostics[0]!.message}`
          : String(err);
      }
      return 'read';
    };
    expect(code(() => readRegularFile(dir, 'real/l'))).toMatch(/not-a-regular-file: .*real\/l is a symbolic link/);
    expect(code(() => readRegularFile(dir, 'link/f'))).toMatch(/not-a-regular-file: .*link is a symbolic link/);
    expect(code(() => readRegularFile(dir, 'real'))).toMatch(/real is a folder/);
    expect(code(() => readRegularFile(join(dir, 'pipe')))).toMatch(/pipe is a named pipe/);
    expect(code(() => readRegularFile(dir, 'missing'))).toMatch(/ENOENT/);
  });
});
