// A union member the upstream names without declaring it gets the precedent's reason (the spec's
// `SDKRateLimitEvent`, `SDKPromptSuggestionMessage`), pointing at its traffic, not a TODO.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../run-cli.ts';
import { trafficNames } from '../../generator/suggest/draft-undeclared.ts';
import { REPO } from './bump-fixture.ts';

const SOURCE = 'claude-agent-sdk';
const supported = (
  parse(readFileSync(join(REPO, 'mapping-spec.yaml'), 'utf8')) as { sources: Record<string, { snapshots: string[] }> }
).sources[SOURCE]!.snapshots;
const NEWEST = [...supported].sort(semver.compare).pop()!;
const NEXT = semver.inc(NEWEST, 'patch')!;
const MEMBER = 'SDKToolUseSummaryEvent';

const root = mkdtempSync(join(tmpdir(), 'eventmap-undeclared-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeAll(() => {
  for (const p of ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas'])
    cpSync(join(REPO, p), join(root, p), { recursive: true });
  const dir = join(root, 'upstream-schemas', SOURCE, NEXT);
  cpSync(join(root, 'upstream-schemas', SOURCE, NEWEST), dir, { recursive: true });
  const edit = <T>(file: string, f: (d: T) => void) => {
    const d = JSON.parse(readFileSync(join(dir, file), 'utf8')) as T;
    f(d);
    writeFileSync(join(dir, file), JSON.stringify(d));
  };
  edit<{ definitions: Record<string, { anyOf?: unknown[] } | object> }>('sdk.schema.json', (d) => {
    d.definitions[MEMBER] = { description: 'never declared' };
    (d.definitions.SDKMessage as { anyOf: unknown[] }).anyOf.push({ $ref: `#/definitions/${MEMBER}` });
  });
  edit<{ unions: { members?: string[] }[]; unresolved: unknown[] }>('surface.json', (d) => {
    d.unions[0]!.members!.push(MEMBER);
    d.unresolved.push({ name: MEMBER, file: 'sdk.d.ts', line: 1 });
  });
  edit<object>('provenance.json', (d) => Object.assign(d, { version: NEXT }));
});

describe('undeclared union members', () => {
  it('trafficNames: the declared names a member may be', () => {
    const cases: [string, string[]][] = [
      ['SDKRateLimitEvent', ['rate_limit_event', 'rate_limit', 'system:rate_limit_event', 'system:rate_limit']],
      [
        'SDKPromptSuggestionMessage',
        [
          'prompt_suggestion_message',
          'prompt_suggestion',
          'system:prompt_suggestion_message',
          'system:prompt_suggestion',
        ],
      ],
    ];
    for (const [given, want] of cases) expect(trafficNames(given)).toEqual(want);
  });

  it('suggest copies the precedent: the reason names the versions and the traffic, placed after it', async () => {
    const r = await runCli(['--root', root, 'suggest', '--with', `${SOURCE}@${NEXT}`, '--format', 'json']);
    expect(r.status, r.stderr).toBe(0);
    const { drafts } = JSON.parse(r.stdout) as {
      drafts: { discriminant: string; placeholder: boolean; like: string; after: string; value: unknown }[];
    };
    const d = drafts.find((x) => x.discriminant === `sdk-message:${MEMBER}`)!;
    expect(d).toMatchObject({ placeholder: false, after: 'tool_use_summary' });
    expect(['SDKRateLimitEvent', 'SDKPromptSuggestionMessage']).toContain(d.like);
    expect(d.value).toEqual({
      ignore: `${NEXT} names this member without declaring it; its traffic is \`tool_use_summary\`, mapped above.`,
    });
  });
});
