// generated/ is committed: a fresh generate must reproduce it byte for byte, whatever the time
// zone, locale, working directory or the folder the project lives in, so `npm run generate`
// leaves `git status` clean.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTree } from '../../generator/io/fsutil.ts';

const REPO = join(import.meta.dirname, '..', '..');
const BIN = join(REPO, 'bin', 'eventmap.js');
const INPUTS = ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas'];
const work = mkdtempSync(join(tmpdir(), 'eventmap-det-'));
for (const p of INPUTS) cpSync(join(REPO, p), join(work, p), { recursive: true });
// The same project somewhere else: a path with spaces and non-ASCII characters.
const elsewhere = join(mkdtempSync(join(tmpdir(), 'eventmap-det-other-')), 'Projekt mit Ümlaut & spaces');
for (const p of INPUTS) cpSync(join(REPO, p), join(elsewhere, p), { recursive: true });
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(join(elsewhere, '..'), { recursive: true, force: true });
});

function generate(root: string, env: Record<string, string>, cwd: string): Map<string, string> {
  const r = spawnSync(process.execPath, [BIN, '--root', root, 'generate'], {
    encoding: 'utf8',
    cwd,
    env: { ...process.env, ...env },
  });
  expect(r.stderr).toContain('wrote');
  expect(r.status).toBe(0);
  return readTree(join(resolve(cwd, root), 'generated'));
}

function expectSame(actual: Map<string, string>, expected: Map<string, string>): void {
  expect([...actual.keys()]).toEqual([...expected.keys()]);
  for (const [path, text] of actual) expect(text, path).toBe(expected.get(path));
}

describe('eventmap generate', () => {
  let a: Map<string, string>;
  let b: Map<string, string>;
  let c: Map<string, string>;
  beforeAll(() => {
    // Cold (no emit cache), so the cached runs below are compared with a full compile.
    a = generate(
      work,
      { TZ: 'Pacific/Kiritimati', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8', EVENTMAP_CACHE: '0' },
      tmpdir(),
    );
    b = generate(work, { TZ: 'America/St_Johns', LANG: 'C', LC_ALL: 'C' }, work);
    const home = mkdtempSync(join(tmpdir(), 'eventmap-det-home-'));
    mkdirSync(join(home, 'tmp'));
    // A relative --root from an unrelated folder, another HOME and TMPDIR, and yet another locale.
    c = generate(
      relative(home, elsewhere),
      {
        TZ: 'Asia/Kathmandu',
        LANG: 'de_DE.UTF-8',
        LC_ALL: 'de_DE.UTF-8',
        LC_COLLATE: 'de_DE.UTF-8',
        HOME: home,
        TMPDIR: join(home, 'tmp'),
      },
      home,
    );
    rmSync(home, { recursive: true, force: true });
  });

  it('writes the same bytes twice, under another time zone, locale and working directory', () => {
    expectSame(b, a);
  });

  it('writes the same bytes wherever the project lives (relative --root, spaces and non-ASCII in the path, other HOME/TMPDIR)', () => {
    expectSame(c, a);
  });

  it('reproduces the committed generated/', () => {
    expectSame(a, readTree(join(REPO, 'generated')));
  });
});
