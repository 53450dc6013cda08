// Issue 30: a stale `since:` written once but reached through several YAML aliases (the Claude
// `result:*` entries share `&result`) is one finding per written range, at the line where it is
// written; `suggest --write` applies the read the hint prints. The candidate is the vendored
// claude-agent-sdk snapshot that first has the field, placed as an older release (`--with <source>@<dir>@<version>`).
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.ts';
import { REVIEW_MARKER } from '../../generator/mapping/review.ts';
import { REPO, supportedVersions, takeNextReleases } from '../next-release.ts';

const SOURCE = 'claude-agent-sdk';
type Report = { findings: { code: string; line: number; message: string; hint: string; versions: string[] }[] };

// On the supported set as committed, and with a synthetic next release taken (test/next-release.ts).
describe.each([
  ['the supported snapshots', false],
  ['the supported snapshots and a next release', true],
])('a stale range reached through aliases, on %s', (_, withNext) => {
  const root = mkdtempSync(join(tmpdir(), 'eventmap-stale-range-'));
  const spec = join(root, 'mapping-spec.yaml');
  const eventmap = (...args: string[]) => runCli(['--root', root, ...args]);
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  // FIRST: the first supported version with `terminal_reason` (the committed `since:`); OLDER: a
  // release placed between it and the last one lacking it, with FIRST's fields.
  let FIRST = '';
  let OLDER = '';
  let candidate = '';

  beforeAll(async () => {
    for (const p of ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas'])
      cpSync(join(REPO, p), join(root, p), { recursive: true });
    if (withNext) await takeNextReleases(root, [SOURCE]);
    const text = readFileSync(spec, 'utf8');
    FIRST = /\$\.terminal_reason, map: claudeResultState, since: (\S+) \}/.exec(text)![1]!;
    const lacking = supportedVersions(SOURCE, text).filter((v) => semver.lt(v, FIRST));
    OLDER = semver.inc(lacking.at(-1)!, 'patch')!;
    expect(semver.lt(OLDER, FIRST)).toBe(true);
    const dir = join(root, 'candidate');
    cpSync(join(root, 'upstream-schemas', SOURCE, FIRST), dir, { recursive: true });
    rmSync(join(dir, 'provenance.json'));
    candidate = `${SOURCE}@${dir}@${OLDER}`;
  });

  const check = async () =>
    JSON.parse((await eventmap('check', '--with', candidate, '--format', 'json')).stdout) as Report;
  const lineOf = (f: { line: number }) => readFileSync(spec, 'utf8').split('\n')[f.line - 1]!;

  it('is reported once per place it is written, at that line, with the whole read to write', async () => {
    const stale = (await check()).findings.filter(
      (f) => f.code === 'spec/stale-absent-in' && f.message.includes('`$.terminal_reason`'),
    );
    expect(stale).toHaveLength(2); // state and errorMessage under &result, not once per *result
    for (const f of stale) {
      expect(lineOf(f)).toContain(`since: ${FIRST}`);
      expect(f.versions).toEqual([OLDER]);
      expect(f.hint).toContain(`{ path: $.terminal_reason, map: claudeResultState, since: ${OLDER} }`);
    }
  });

  it('suggest --write applies the printed fixes; then check --with has no stale range', async () => {
    const r = await eventmap('suggest', '--with', candidate, '--write');
    expect(r.status, r.stderr).toBe(0);
    const text = readFileSync(spec, 'utf8');
    expect(text.split(`{ path: $.terminal_reason, map: claudeResultState, since: ${OLDER} }`)).toHaveLength(3);
    // Every rewritten read is marked for review, on the line above it; check fails on the markers alone.
    const lines = text.split('\n');
    const rewritten = lines.flatMap((l, i) => (l.includes(`since: ${OLDER} }`) ? [i] : []));
    expect(rewritten.length).toBeGreaterThanOrEqual(2);
    for (const i of rewritten) expect(lines[i - 1]).toMatch(new RegExp(`^ *# ${REVIEW_MARKER} \\(a stale range`));
    const after = (await check()).findings;
    expect(after.filter((f) => f.code === 'spec/stale-absent-in')).toEqual([]);
    expect(after.map((f) => [f.code, f.line])).toEqual(rewritten.map((i) => ['spec/review-marker', i]));
  });
});
