// generated/ is committed: a fresh generate must reproduce it byte for byte, whatever the time
// zone, locale or working directory, so `npm run generate` leaves `git status` clean.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTree } from '../../generator/fsutil.ts';

const REPO = join(import.meta.dirname, '..', '..');
const BIN = join(REPO, 'bin', 'eventmap.js');
const work = mkdtempSync(join(tmpdir(), 'eventmap-det-'));
for (const p of ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas']) cpSync(join(REPO, p), join(work, p), { recursive: true });
afterAll(() => rmSync(work, { recursive: true, force: true }));

function generate(env: Record<string, string>, cwd: string): Map<string, string> {
  const r = spawnSync(process.execPath, [BIN, '--root', work, 'generate'], { encoding: 'utf8', cwd, env: { ...process.env, ...env } });
  expect(r.stderr).toContain('wrote');
  expect(r.status).toBe(0);
  return readTree(join(work, 'generated'));
}

describe('eventmap generate', () => {
  it('reproduces the committed generated/ under another time zone, locale and working directory, twice', () => {
    const committed = readTree(join(REPO, 'generated'));
    const a = generate({ TZ: 'Pacific/Kiritimati', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' }, tmpdir());
    const b = generate({ TZ: 'America/St_Johns', LANG: 'C', LC_ALL: 'C' }, work);
    expect([...a.keys()]).toEqual([...committed.keys()]);
    for (const [path, text] of a) {
      expect(text, path).toBe(committed.get(path));
      expect(b.get(path), path).toBe(text);
    }
  });
});
