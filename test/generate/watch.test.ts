// `eventmap generate --watch`: started on a temp project, it regenerates when mapping-spec.yaml
// changes, prints the findings, reports a broken spec without stopping, and is killed at the end.
// Waits are bounded by a generous timeout, never by a fixed delay.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '..', '..');
const root = mkdtempSync(join(tmpdir(), 'eventmap-watch-'));
for (const p of ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas', 'generated'])
  cpSync(join(REPO, p), join(root, p), { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('generate --watch', () => {
  it('regenerates on a spec edit, survives a broken spec, and stops when killed', async () => {
    const child = spawn(process.execPath, [join(REPO, 'bin', 'eventmap.js'), '--root', root, 'generate', '--watch'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const until = (test: () => boolean, what: string) =>
      new Promise<void>((resolve, reject) => {
        const poll = setInterval(() => {
          if (test()) done(resolve);
          else if (child.exitCode !== null)
            done(() => reject(new Error(`exited while waiting for ${what}:\n${stderr}`)));
        }, 50);
        const done = (f: () => void) => {
          clearInterval(poll);
          f();
        };
      });
    const count = (s: string, needle: string) => s.split(needle).length - 1;
    try {
      await until(() => stderr.includes('eventmap: watching'), 'the first generate');
      expect(count(stderr, 'eventmap: wrote')).toBe(1);
      expect(stdout).toContain('eventmap check: clean');

      const spec = join(root, 'mapping-spec.yaml');
      const text = readFileSync(spec, 'utf8');
      const reason = 'ignore: UI read-marker bookkeeping';
      expect(text).toContain(reason);
      writeFileSync(spec, text.replace(reason, 'ignore: Edited while watching, UI read-marker bookkeeping'));
      await until(() => count(stderr, 'eventmap: wrote') === 2, 'the regenerate');
      expect(stderr).toContain('eventmap: changed: mapping-spec.yaml');
      expect(readFileSync(join(root, 'generated', 'coverage.json'), 'utf8')).toContain('Edited while watching');

      writeFileSync(spec, text.replace(reason, 'ignore: [unclosed'));
      await until(() => stderr.includes('generated/ left as it was'), 'the broken spec report');
      expect(stderr).toMatch(/mapping-spec\.yaml:\d+:\d+: error spec\/yaml-syntax/);
      expect(child.exitCode).toBe(null);
    } finally {
      child.kill();
    }
  });
});
