// The few things that need the real executable: bin/eventmap.js starts (tsx), reads stdin, and
// ends with the exit code runCli returns, printing the same bytes. Everything else runs the CLI
// in process (test/run-cli.ts). Also spawned elsewhere, because they need a process:
// test/generate/watch (--watch runs until killed), test/generate/determinism (TZ, locale, HOME
// of a fresh process), test/bad-input/concurrent-generate (the lock between two processes),
// test/bad-input/interrupted-write (SIGKILL mid-write), test/bad-input/output (a read-only mount).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.ts';

const REPO = join(import.meta.dirname, '..', '..');
const BIN = join(REPO, 'bin', 'eventmap.js');
const spawnCli = (args: string[], input?: string) =>
  spawnSync(process.execPath, [BIN, ...args], { cwd: REPO, encoding: 'utf8', input });

// One real recording read on stdin (0.3.332 on purpose: its events file is the expected output).
const MESSAGES = join(REPO, 'test/fixtures/transcripts/claude-agent-sdk/0.3.332/budget.messages.jsonl');

describe('bin/eventmap.js', () => {
  it('--version prints the package version, exit 0', () => {
    const r = spawnCli(['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(
      (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version,
    );
  });

  it('an unknown command is exit 2 with commander’s message, as in process', async () => {
    const r = spawnCli(['frobnicate']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe("error: unknown command 'frobnicate'\n");
    expect(await runCli(['frobnicate'], { cwd: REPO })).toEqual({ status: 2, stdout: '', stderr: r.stderr });
  });

  it('check prints what runCli prints and exits with its code', async () => {
    const r = spawnCli(['check', '--format', 'json']);
    const inProcess = await runCli(['check', '--format', 'json'], { cwd: REPO });
    expect(r.stderr).toBe(inProcess.stderr);
    expect(r.stdout).toBe(inProcess.stdout);
    expect(r.status).toBe(inProcess.status);
    expect(r.status).toBe((JSON.parse(r.stdout) as { ok: boolean }).ok ? 0 : 1);
  });

  it('normalize reads stdin and prints one canonical event per line, as in process', async () => {
    const input = readFileSync(MESSAGES, 'utf8');
    const args = ['normalize', '--source', 'claude-agent-sdk', '--session-id', 's', '--clock', '0', '--validate'];
    const r = spawnCli(args, input);
    expect(r.status, r.stderr).toBe(0);
    const events = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => typeof e.type === 'string')).toBe(true);
    expect(await runCli(args, { cwd: REPO, stdin: input })).toEqual({ status: 0, stdout: r.stdout, stderr: r.stderr });
  });

  it('input it cannot use is exit 2 with where, what and a fix on stderr', () => {
    const r = spawnCli(['catalog', 'codex-app-server@/nonexistent/folder']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^\/nonexistent\/folder: error cli\/missing-dir: .*\n {2}fix: /);
  });
});
