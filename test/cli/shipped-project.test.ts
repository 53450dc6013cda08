// census and catalog in an app's project, which has no mapping-spec.yaml (issue 28): they read the
// spec and snapshots eventmap ships (generator/project/paths.ts readProject) and say so. In a checkout
// that is the repository itself; the installed package ships the same files
// (test/packages/cli.install.test.ts runs them there).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.ts';
import { TRANSCRIPTS_ROOT } from '../conformance/transcripts.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const TMP = mkdtempSync(join(tmpdir(), 'eventmap app '));
const APP = join(TMP, 'my app');
mkdirSync(APP);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const RECORDING = join(TRANSCRIPTS_ROOT, 'codex-sdk/0.163.0/capture.thread-events.jsonl');

describe('in a project without mapping-spec.yaml', () => {
  it('census classifies against the shipped spec, and says which', async () => {
    const r = await runCli(['census', RECORDING], { cwd: APP });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const against = r.stdout.split('\n')[1]!;
    expect(against).toMatch(/^against .*mapping-spec\.yaml, the spec shipped with \S+ \d+\.\d+\.\d+ /);
    expect(against).toContain(`no mapping-spec.yaml in ${APP} or above`);
    // The same classification as in the repository.
    const inRepo = await runCli(['census', RECORDING, '--format', 'json'], { cwd: ROOT });
    const here = await runCli(['census', RECORDING, '--format', 'json'], { cwd: APP });
    const strip = (s: string) => {
      const { spec: _spec, specShipped, ...rest } = JSON.parse(s) as { spec: string; specShipped: boolean };
      return { specShipped, rest };
    };
    expect(strip(here.stdout).specShipped).toBe(true);
    expect(strip(inRepo.stdout).specShipped).toBe(false);
    expect(strip(here.stdout).rest).toEqual(strip(inRepo.stdout).rest);
  });

  it('catalog of a shipped snapshot, saying so on stderr', async () => {
    const r = await runCli(['catalog', 'codex-sdk@0.163.0', '--format', 'json'], { cwd: APP });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ source: 'codex-sdk', version: '0.163.0' });
    expect(r.stderr).toMatch(/^eventmap catalog: codex-sdk@0\.163\.0 as shipped with \S+ \d+\.\d+\.\d+ /);
    expect(r.stdout).toBe((await runCli(['catalog', 'codex-sdk@0.163.0', '--format', 'json'], { cwd: ROOT })).stdout);
  });

  it('--root naming a folder without the spec is still an error (it was asked for)', async () => {
    const r = await runCli(['--root', APP, 'census', RECORDING], { cwd: APP });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('spec/missing');
  });

  it('check and generate do not fall back: they work on a project', async () => {
    const r = await runCli(['check'], { cwd: APP });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('spec/missing');
  });
});
