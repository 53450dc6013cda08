// `eventmap diff claude-agent-sdk@0.2.62 claude-agent-sdk@0.3.332`: SDKMessage members added and
// removed, checked against a count made here from surface.json and sdk.schema.json directly.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventmap, projectCopy, readJson, REPO, type JsonDiff } from './helpers.ts';

type Obj = Record<string, any>;
const A = '0.2.62';
const B = '0.3.332';

/**
 * One key per SDKMessage member: the leaves of the union (nested unions flattened through `$ref`s),
 * a member the declarations never declare by its type name, any other by `type[:subtype]` plus the
 * `true` flags it requires (`isReplay` tells the replayed user message apart).
 */
function memberKeys(version: string): Set<string> {
  const dir = join(REPO, 'upstream-schemas', 'claude-agent-sdk', version);
  const surface = readJson(join(dir, 'surface.json')) as Obj;
  const doc = readJson(join(dir, surface.schema)) as Obj;
  const union = (surface.unions as Obj[]).find((u) => u.kind === 'sdk-message')!;
  const unresolved = new Set((surface.unresolved as Obj[]).map((u) => u.name as string));
  const at = (pointer: string): Obj =>
    pointer
      .replace(/^#\//, '')
      .split('/')
      .reduce((o: Obj, k) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  const keys = new Set<string>();
  const visit = (pointer: string) => {
    const node = at(pointer);
    if (node.$ref) return visit(node.$ref);
    const members = node.anyOf ?? node.oneOf;
    if (members)
      return members.forEach((_: unknown, i: number) => visit(`${pointer}/${node.anyOf ? 'anyOf' : 'oneOf'}/${i}`));
    const name = pointer.split('/').pop()!;
    if (unresolved.has(name)) return keys.add(name);
    const lits = (s: Obj | undefined): string[] => (s?.const !== undefined ? [s.const] : (s?.enum ?? []));
    const props = node.properties ?? {};
    const flags = Object.keys(props)
      .filter((p) => props[p].const === true && (node.required ?? []).includes(p))
      .sort();
    const subs = union.subDiscriminant ? lits(props[union.subDiscriminant]) : [];
    for (const sub of subs.length ? subs : [undefined])
      keys.add(`${lits(props[union.discriminant])[0]}${sub ? `:${sub}` : ''}${flags.map((f) => `[${f}]`).join('')}`);
  };
  visit(union.pointer);
  return keys;
}

let report: JsonDiff;

beforeAll(async () => {
  const r = await eventmap(projectCopy(), 'diff', `claude-agent-sdk@${A}`, `claude-agent-sdk@${B}`, '--format', 'json');
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  report = JSON.parse(r.stdout) as JsonDiff;
});

describe(`eventmap diff claude-agent-sdk ${A} → ${B}`, () => {
  it('counts the sdk-message members added and removed as the snapshot files do', () => {
    const [before, after] = [memberKeys(A), memberKeys(B)];
    const added = [...after].filter((k) => !before.has(k));
    const removed = [...before].filter((k) => !after.has(k));
    expect(added.length).toBeGreaterThan(0);
    expect(report.counts['sdk-message']).toEqual({
      before: before.size,
      after: after.size,
      added: added.length,
      removed: removed.length,
    });
    const changes = (change: string) => report.changes.filter((c) => c.kind === 'sdk-message' && c.change === change);
    expect(changes('discriminant-added')).toHaveLength(added.length);
    expect(changes('discriminant-removed')).toHaveLength(removed.length);
  });

  it('a new discriminant needs mapping unless the committed spec already accounts for it', () => {
    for (const c of report.changes.filter((x) => x.change === 'discriminant-added')) {
      if (c.class === 'needs-mapping') expect(c.affects.filter((a) => a.how === 'entry')).toEqual([]);
      else expect(c).toMatchObject({ class: 'informational', note: 'already accounted for in the spec' });
    }
  });

  it('a member 0.2.62 could not resolve says what it is called now', () => {
    for (const c of report.changes.filter(
      (x) => x.kind === 'sdk-message' && x.change === 'discriminant-removed' && x.name!.startsWith('SDK'),
    )) {
      expect(c.note).toMatch(/is now declared as `[a-z_:]+`/);
    }
  });
});
