// `eventmap normalize` at its edges (issue 28): every source listed and suggested, the source
// detected when not given, a folder or unreadable path named, a wrong source named (exit 1 when
// nothing was recognised), a malformed line located, --clock validated, a path with spaces.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.ts';
import { parseClock } from '../../generator/commands/normalize.ts';
import { SOURCE_NAMES } from '../../generator/project/sources.ts';
import { SOURCES } from '../../runtime/index.ts';
import { TRANSCRIPTS_ROOT, transcripts } from '../conformance/transcripts.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const TMP = mkdtempSync(join(tmpdir(), 'eventmap normalize '));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** The upstream recordings (not the canonical `*.events.jsonl` beside some of them). */
const RECORDINGS = transcripts().filter((t) => !t.file.endsWith('.events.jsonl'));
const CLAUDE = join(TRANSCRIPTS_ROOT, 'claude-agent-sdk/0.3.332/budget.messages.jsonl');
const FIXED = ['--session-id', 's', '--clock', '0'];

const normalize = (args: string[], stdin?: string) =>
  runCli(['normalize', ...args], { cwd: ROOT, ...(stdin !== undefined ? { stdin } : {}) });
const events = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { type: string; createdAt: string; payload: Record<string, unknown> });

function file(name: string, text: string): string {
  const path = join(TMP, name);
  writeFileSync(path, text);
  return path;
}

describe('normalize --source', () => {
  it('--help lists every source the runtime has', async () => {
    expect([...SOURCES]).toEqual([...SOURCE_NAMES]);
    const help = await runCli(['normalize', '--help'], { cwd: ROOT });
    expect(help.status).toBe(0);
    for (const s of SOURCES) expect(help.stdout).toContain(s);
  });

  it.each([
    // given --source, want the sources suggested
    ['codex', ['codex-app-server', 'codex-sdk']],
    ['claude', ['claude-agent-sdk']],
    ['codex-app-sever', ['codex-app-server']],
    ['codex_sdk', ['codex-sdk']],
    ['gemini', []],
  ])('--source %s: exit 2 naming the sources, suggesting %j', async (given, want) => {
    const r = await normalize(['--source', given, CLAUDE]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`error cli/unknown-source: unknown --source \`${given}\``);
    expect(r.stderr).toContain(`use one of: ${SOURCES.join(', ')}`);
    const fix = r.stderr.split('\n').find((l) => l.startsWith('  fix:'))!;
    if (want.length) expect(fix).toContain(`did you mean ${want.map((w) => `\`${w}\``).join(' or ')}?`);
    else expect(fix).not.toContain('did you mean');
  });

  it.each(RECORDINGS.map((t) => [t.file, t.source] as const))(
    'without --source, %s is read as %s, as with it',
    async (rel, source) => {
      const path = join(TRANSCRIPTS_ROOT, rel);
      const given = await normalize(['--source', source, path, ...FIXED]);
      const detected = await normalize([path, ...FIXED]);
      expect(detected.status).toBe(given.status);
      expect(detected.stdout).toBe(given.stdout);
      expect(detected.stderr).toContain(`eventmap normalize: ${source} (detected)`);
    },
  );

  // ACP and Codex's app-server are both JSON-RPC in the same capture envelope: ACP's `jsonrpc: "2.0"` tells them apart.
  it('without --source, an ACP capture (the hand-made session) is read as acp, as with it', async () => {
    const path = join(ROOT, 'test', 'fixtures', 'hand-made', 'acp-session.both.jsonl');
    const given = await normalize(['--source', 'acp', path, ...FIXED]);
    const detected = await normalize([path, ...FIXED]);
    expect(given.status).toBe(0);
    expect(detected.stdout).toBe(given.stdout);
    expect(detected.stderr).toContain('eventmap normalize: acp (detected)');
    expect(events(given.stdout).filter((e) => e.type === 'turn.completed').length).toBeGreaterThan(0);
  });

  it('without --source, the first recognisable line decides; the lines before it are still read', async () => {
    const text = `not json\n\n{"x":1}\n${readFileSync(CLAUDE, 'utf8')}`;
    const r = await normalize([file('late.jsonl', text), ...FIXED]);
    expect(r.stderr).toContain('claude-agent-sdk (detected)');
    expect(r.stderr).toContain(`${join(TMP, 'late.jsonl')}:1:1: warning normalize/invalid-line`);
    expect(r.stderr).toContain(`${join(TMP, 'late.jsonl')}:3:1: warning normalize/invalid-line`);
    expect(r.status).toBe(1); // two lines were invalid
  });

  it.each([
    ['an empty input', '', 'it has no lines'],
    ['no recognisable line', 'hello\n{"a":1}\n', 'none of its first 2 non-blank lines'],
  ])('without --source, %s: exit 2 with the list of sources', async (_, text, want) => {
    const r = await normalize(['-'], text);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('error normalize/unknown-source');
    expect(r.stderr).toContain(want);
    expect(r.stderr).toContain(`pass --source (one of: ${SOURCES.join(', ')})`);
  });

  it.each([
    // given the lines of, read as, want the hint
    ['claude-agent-sdk', 'codex-sdk', CLAUDE],
    ['claude-agent-sdk', 'codex-app-server', CLAUDE],
    ['codex-sdk', 'claude-agent-sdk', join(TRANSCRIPTS_ROOT, 'codex-sdk/0.163.0/capture.thread-events.jsonl')],
    ['codex-app-server', 'codex-sdk', join(TRANSCRIPTS_ROOT, 'codex-app-server/0.171.0/capture.server.jsonl')],
  ])('%s lines read as --source %s: exit 1, naming the source they look like', async (actual, wrong, path) => {
    const r = await normalize(['--source', wrong, path, ...FIXED]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`error normalize/nothing-recognised: none of the`);
    expect(r.stderr).toContain(`is a ${wrong} message`);
    expect(r.stderr).toContain(`fix: the lines look like ${actual} messages: pass --source ${actual}`);
  });
});

describe('normalize FILE', () => {
  it('a malformed line: FILE:LINE:1 on stderr, a runtime.warning in the output, exit 1', async () => {
    const lines = readFileSync(CLAUDE, 'utf8').split('\n');
    lines.splice(3, 0, '{"type": "assistant", oops');
    const path = file('malformed.jsonl', lines.join('\n'));
    const r = await normalize(['--source', 'claude-agent-sdk', path, ...FIXED]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${path}:4:1: warning normalize/invalid-line: claude-agent-sdk: input line is not JSON`);
    expect(r.stderr).toContain('eventmap normalize: 1 line invalid (exit 1)');
    const warnings = events(r.stdout).filter((e) => e.type === 'runtime.warning');
    expect(warnings.some((w) => JSON.stringify(w).includes('oops'))).toBe(true);
  });

  it('more than 20 malformed lines: 20 located, the rest counted', async () => {
    const text = `${readFileSync(CLAUDE, 'utf8')}${'nope\n'.repeat(25)}`;
    const r = await normalize(['--source', 'claude-agent-sdk', file('many.jsonl', text), ...FIXED]);
    expect(r.status).toBe(1);
    expect(r.stderr.match(/warning normalize\/invalid-line/g)).toHaveLength(20);
    expect(r.stderr).toContain('5 lines more invalid');
  });

  it('a clean recording: exit 0, no warning', async () => {
    const r = await normalize([CLAUDE, ...FIXED]);
    expect(r.status).toBe(0);
    expect(r.stderr).not.toMatch(/: (warning|error) /);
  });

  it.each([
    // given the path, want the code
    ['a folder', () => TRANSCRIPTS_ROOT, 'cli/not-a-file'],
    ['a missing file', () => join(TMP, 'nope.jsonl'), 'cli/missing-file'],
    ['a path through a file', () => join(CLAUDE, 'x.jsonl'), 'cli/unreadable-file'],
  ])('%s: exit 2 naming the path, no internal error', async (_, path, code) => {
    const r = await normalize(['--source', 'claude-agent-sdk', path()]);
    expect(r.status).toBe(2);
    expect(r.stderr).not.toContain('internal error');
    expect(r.stderr).toMatch(new RegExp(`^${path().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: error ${code}: `));
  });

  it('a path with spaces', async () => {
    const dir = join(TMP, 'my recordings');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 'a session.jsonl');
    copyFileSync(CLAUDE, path);
    const r = await normalize([path, ...FIXED]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe((await normalize([CLAUDE, ...FIXED])).stdout);
  });
});

describe('normalize --clock', () => {
  it.each([
    // given, want ms
    ['0', 0],
    ['1738324800000', 1738324800000],
    ['2025-01-31T12:00:00Z', Date.UTC(2025, 0, 31, 12)],
    ['2025-01-31T12:00:00.250+01:00', Date.UTC(2025, 0, 31, 11, 0, 0, 250)],
    ['2025-01-31', Date.UTC(2025, 0, 31)],
  ])('%s is %d', (given, want) => {
    expect(parseClock(given)).toBe(want);
  });

  it.each(['abc', '', '-5', '1e3', '12.5', 'March 7', '2025-13-45', '2025-01-31T25:00:00Z'])(
    '`%s`: exit 2 saying how to write it',
    async (given) => {
      const r = await normalize(['--source', 'claude-agent-sdk', '--clock', given, CLAUDE]);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('error cli/bad-clock');
      expect(r.stderr).toContain('ISO date (--clock 2025-01-31T12:00:00Z) or milliseconds since the epoch');
    },
  );

  it('sets createdAt of messages without a timestamp', async () => {
    const r = await normalize([CLAUDE, '--session-id', 's', '--clock', '2025-01-31T12:00:00Z']);
    expect(events(r.stdout).some((e) => e.createdAt === '2025-01-31T12:00:00.000Z')).toBe(true);
    expect(events(r.stdout).every((e) => !e.createdAt.startsWith('1970'))).toBe(true);
  });
});
