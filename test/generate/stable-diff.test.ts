// Generated files diff like the YAML (issue 15): no mapping-spec.yaml line numbers in generated/,
// so a comment line changes nothing but the manifest's input hash, and a one-entry edit changes
// only that entry's mapper function (and its coverage row).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generate, hostileProject, REPO, type HostileProject } from '../security/hostile-project.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = Object.keys(
  (parse(readFileSync(join(REPO, 'mapping-spec.yaml'), 'utf8')) as { sources: object }).sources,
);
let p: HostileProject;
let before: Map<string, string>;

async function files(): Promise<Map<string, string>> {
  const o = await generate(p);
  if (o.kind !== 'generated') throw new Error(JSON.stringify(o.diagnostics));
  return o.files;
}

/** Paths whose contents differ. */
function changed(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k)).sort();
}

beforeAll(async () => {
  p = hostileProject(SOURCES);
  before = await files();
});
afterAll(() => p.remove());

describe('generated/ diffs like the YAML', () => {
  it('a comment line at the top of mapping-spec.yaml changes only the manifest', async () => {
    const spec = p.at('mapping-spec.yaml');
    const text = readFileSync(spec, 'utf8');
    p.editYaml('mapping-spec.yaml', (d) => {
      d.commentBefore = ` a harmless comment\n${d.commentBefore ?? ''}`;
    });
    expect(readFileSync(spec, 'utf8')).not.toBe(text);
    expect(changed(before, await files())).toEqual(['manifest.json']);
  });

  it('one edited mapping changes that mapper function alone', async () => {
    p.editYaml('mapping-spec.yaml', (d) => {
      d.setIn(['mappings', 'codex-sdk', 'thread-event', 'turn.failed', 'emit', 0, 'payload', 'state'], 'interrupted');
    });
    const after = await files();
    expect(changed(before, after)).toEqual(['codex-sdk/mappers.ts', 'manifest.json']);
    const a = before.get('codex-sdk/mappers.ts')!.split('\n');
    const b = after.get('codex-sdk/mappers.ts')!.split('\n');
    expect(b.length).toBe(a.length);
    const differing = a.flatMap((line, i) => (line === b[i] ? [] : [i]));
    expect(differing.length).toBeGreaterThan(0);
    // Every changed line is inside `mapThreadEventTurnFailed`.
    const start = a.findIndex((l) => l.startsWith('export function mapThreadEventTurnFailed('));
    const end = a.findIndex((l, i) => i > start && l === '}');
    expect(differing.every((i) => i > start && i < end)).toBe(true);
  });
});
