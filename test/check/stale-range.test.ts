// Issue 30: a stale `since:` written once but reached through several YAML aliases (the Claude
// `result:*` entries share `&result`) is one finding per written range, at the line where it is
// written; `suggest --write` applies the read the hint prints. The candidate is the vendored
// claude-agent-sdk snapshot placed as an older release (`--with <source>@<dir>@<version>`).
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../run-cli.ts';
import { REPO } from '../suggest/bump-fixture.ts';

const SOURCE = 'claude-agent-sdk';
const supported = (
  parse(readFileSync(join(REPO, 'mapping-spec.yaml'), 'utf8')) as { sources: Record<string, { snapshots: string[] }> }
).sources[SOURCE]!.snapshots;
const [OLDEST, NEWEST] = [...supported].sort(semver.compare).map((v) => v) as [string, string];
const OLDER = semver.inc(OLDEST, 'minor')!; // between the two: a release with the newest's fields

const root = mkdtempSync(join(tmpdir(), 'eventmap-stale-range-'));
const spec = join(root, 'mapping-spec.yaml');
let candidate: string;
const eventmap = (...args: string[]) => runCli(['--root', root, ...args]);
afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeAll(() => {
  for (const p of ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas'])
    cpSync(join(REPO, p), join(root, p), { recursive: true });
  const dir = join(root, 'candidate');
  cpSync(join(root, 'upstream-schemas', SOURCE, NEWEST), dir, { recursive: true });
  rmSync(join(dir, 'provenance.json'));
  candidate = `${SOURCE}@${dir}@${OLDER}`;
});

type Report = { findings: { code: string; line: number; message: string; hint: string; versions: string[] }[] };
const check = async () =>
  JSON.parse((await eventmap('check', '--with', candidate, '--format', 'json')).stdout) as Report;
const lineOf = (f: { line: number }) => readFileSync(spec, 'utf8').split('\n')[f.line - 1]!;

describe('a stale range reached through aliases', () => {
  it('is reported once per place it is written, at that line, with the whole read to write', async () => {
    const stale = (await check()).findings.filter(
      (f) => f.code === 'spec/stale-absent-in' && f.message.includes('`$.terminal_reason`'),
    );
    expect(stale).toHaveLength(2); // state and errorMessage under &result, not once per *result
    for (const f of stale) {
      expect(lineOf(f)).toContain(`since: ${NEWEST}`);
      expect(f.versions).toEqual([OLDER]);
      expect(f.hint).toContain(`{ path: $.terminal_reason, map: claudeResultState, since: ${OLDER} }`);
    }
  });

  it('suggest --write applies the printed fixes; then check --with has no stale range', async () => {
    const r = await eventmap('suggest', '--with', candidate, '--write');
    expect(r.status, r.stderr).toBe(0);
    const text = readFileSync(spec, 'utf8');
    expect(text.split(`{ path: $.terminal_reason, map: claudeResultState, since: ${OLDER} }`)).toHaveLength(3);
    expect((await check()).findings.filter((f) => f.code === 'spec/stale-absent-in')).toEqual([]);
  });
});
