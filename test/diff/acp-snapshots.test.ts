// `eventmap diff acp@<a> acp@<b>` on vendored ACP snapshots that span a rename: every method and
// variant it says went or came is one the two schema files differ in (read straight from them),
// and a removal whose message lives on under a related name is named as the rename it is.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { listVersions } from '../../generator/catalog/vendored.ts';
import { eventmap, projectCopy, readJson, REPO, type JsonDiff } from './helpers.ts';

type Obj = Record<string, any>;
const dir = join(REPO, 'upstream-schemas', 'acp');
const defsOf = (v: string) => (readJson(join(dir, v, 'schema.json')) as Obj).$defs as Record<string, Obj>;
/** Every x-method and sessionUpdate a schema names, read directly (not through the catalog). */
const names = (v: string) => {
  const defs = defsOf(v);
  const methods = Object.values(defs).flatMap((d) =>
    typeof d['x-method'] === 'string' ? [d['x-method'] as string] : [],
  );
  const updates = (defs.SessionUpdate!.oneOf as Obj[]).map((m) => m.properties.sessionUpdate.const as string);
  return new Set([...methods, ...updates]);
};

const versions = listVersions(join(REPO, 'upstream-schemas'), 'acp');
// The oldest vendored release whose schema still has the pre-0.19.0 name, and the newest.
const A = versions.find((v) => names(v).has('session/elicitation'))!;
const B = versions.at(-1)!;
let report: JsonDiff;

beforeAll(async () => {
  const r = await eventmap(projectCopy(), 'diff', `acp@${A}`, `acp@${B}`, '--format', 'json');
  expect(r.stderr).toBe('');
  report = JSON.parse(r.stdout) as JsonDiff;
});

describe('eventmap diff across ACP releases', () => {
  it('the vendored releases span the elicitation rename', () => {
    expect(A).toBeDefined();
    expect(names(B).has('elicitation/create')).toBe(true);
  });

  it('names only discriminants the two schemas differ in', () => {
    const [a, b] = [names(A), names(B)];
    for (const c of report.changes.filter((c) => c.change === 'discriminant-removed'))
      expect(a.has(c.name!) && !b.has(c.name!), c.name).toBe(true);
    for (const c of report.changes.filter((c) => c.change === 'discriminant-added'))
      expect(b.has(c.name!) && !a.has(c.name!), c.name).toBe(true);
  });

  it('names the renames: session/elicitation → elicitation/create, session/elicitation/complete → elicitation/complete', () => {
    const noteOf = (kind: string, name: string) =>
      report.changes.find((c) => c.change === 'discriminant-removed' && c.kind === kind && c.name === name)?.note;
    expect(noteOf('request', 'session/elicitation')).toMatch(/^renamed to `elicitation\/create`\?/);
    expect(noteOf('notification', 'session/elicitation/complete')).toMatch(/^renamed to `elicitation\/complete`\?/);
    // A removal with no related name added is no rename.
    expect(noteOf('agent-response', 'session/set_model') ?? '').not.toMatch(/renamed/);
  });
});
