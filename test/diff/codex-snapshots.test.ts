// `eventmap diff codex-app-server@0.105.0 codex-app-server@0.171.0` on the vendored snapshots,
// checked against facts read straight from the snapshot files.
import { cpSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../generator/mapping/load.ts';
import type { MappingSpec, ValueExpr } from '../../generator/mapping/types.ts';
import { eventmap, projectCopy, readJson, REPO, tempDir, type JsonChange, type JsonDiff } from './helpers.ts';

type Obj = Record<string, any>;
const A = '0.105.0';
const B = '0.171.0';
const file = (v: string, f: string) => join(REPO, 'upstream-schemas', 'codex-app-server', v, f);
const doc = (v: string, f: string) => readJson(file(v, f)) as Obj;

/** Methods of a JSON-RPC union file, read directly (not through the catalog). */
function methods(v: string, f: string): Set<string> {
  return new Set(
    (doc(v, f).oneOf as Obj[]).map((m) => (m.properties.method.enum?.[0] ?? m.properties.method.const) as string),
  );
}
const minus = (x: Set<string>, y: Set<string>) => [...x].filter((m) => !y.has(m)).sort();

let root: string;
let spec: MappingSpec;
let report: JsonDiff;
const find = (pred: (c: JsonChange) => boolean) => report.changes.filter(pred);
const entryOf = (kind: string, name: string) => spec.entries.find((e) => e.kind === kind && e.name === name);

beforeAll(async () => {
  root = projectCopy();
  spec = loadSpec(join(root, 'mapping-spec.yaml'));
  const r = await eventmap(root, 'diff', `codex-app-server@${A}`, `codex-app-server@${B}`, '--format', 'json');
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  report = JSON.parse(r.stdout) as JsonDiff;
});

describe(`eventmap diff codex-app-server ${A} → ${B}`, () => {
  it.each([
    ['notification', 'ServerNotification.json'],
    ['request', 'ServerRequest.json'],
  ])('reports exactly the %ss added and removed', (kind, f) => {
    const [before, after] = [methods(A, f), methods(B, f)];
    const added = find((c) => c.change === 'discriminant-added' && c.kind === kind).map((c) => c.name);
    const removed = find((c) => c.change === 'discriminant-removed' && c.kind === kind).map((c) => c.name);
    expect(added.sort()).toEqual(minus(after, before));
    expect(removed.sort()).toEqual(minus(before, after));
    expect(report.counts[kind]).toEqual({
      before: before.size,
      after: after.size,
      added: minus(after, before).length,
      removed: minus(before, after).length,
    });
  });

  it('a removed request the spec maps names its entry, informational while a supported release still has it', () => {
    const removed = minus(methods(A, 'ServerRequest.json'), methods(B, 'ServerRequest.json'));
    expect(removed.length).toBeGreaterThan(0);
    for (const name of removed) {
      const [c] = find((x) => x.change === 'discriminant-removed' && x.kind === 'request' && x.name === name);
      const entry = entryOf('request', name);
      // check --with B is clean on it: A, supported, still sends it (test/diff/one-classification.test.ts).
      expect(c!.class).toBe('informational');
      if (entry) expect(c!.note).toContain(`still in supported ${A}`);
      if (entry)
        expect(c!.affects).toContainEqual({
          file: 'mapping-spec.yaml',
          line: entry.loc.line,
          col: entry.loc.col,
          how: 'entry',
        });
    }
  });

  it('reports the loss of the EventMsg union as one kind change, not one per type', async () => {
    expect(existsSync(file(A, 'EventMsg.json'))).toBe(true);
    expect(existsSync(file(B, 'EventMsg.json'))).toBe(false);
    const types = (doc(A, 'EventMsg.json').oneOf as Obj[])
      .map((m) => (m.properties.type.enum?.[0] ?? m.properties.type.const) as string)
      .sort();
    const [kind, ...more] = find((c) => c.kind === 'eventmsg');
    expect(more).toEqual([]);
    expect(kind!.change).toBe('kind-removed');
    expect([...kind!.names!].sort()).toEqual(types);
    expect(report.counts.eventmsg).toEqual({ before: types.length, after: 0, added: 0, removed: types.length });
    // Every eventmsg entry of the spec is named; informational, as A (supported) still has them.
    const entries = spec.entries.filter((e) => e.kind === 'eventmsg');
    expect(kind!.affects.map((a) => a.line).sort((x, y) => x - y)).toEqual(
      entries.map((e) => e.loc.line).sort((x, y) => x - y),
    );
    expect(kind!.class).toBe('informational');
    expect(kind!.note).toContain(`still in supported ${A}`);
    const text = await eventmap(root, 'diff', `codex-app-server@${A}`, `codex-app-server@${B}`);
    expect(text.stdout).toContain(`kind eventmsg removed (${types.length} discriminants)`);
  });

  it('reports the new top-level emittedAtMs on every notification kept in both', () => {
    const root171 = doc(B, 'ServerNotification.json');
    expect(doc(A, 'ServerNotification.json').properties).toBeUndefined();
    expect(root171.properties.emittedAtMs.type).toBe('integer');
    expect(root171.required ?? []).not.toContain('emittedAtMs');
    const kept = [...methods(A, 'ServerNotification.json')]
      .filter((m) => methods(B, 'ServerNotification.json').has(m))
      .sort();
    // Declared once, on the union root: one change, with every notification it reaches.
    const [added, ...more] = find((c) => c.change === 'field-added' && c.path === '$.emittedAtMs');
    expect(more).toEqual([]);
    expect(added).toMatchObject({
      kind: 'notification',
      scope: 'message',
      class: 'informational',
      after: { types: ['integer'], required: false },
      definition: { name: 'ServerNotification', path: '$.emittedAtMs' },
    });
    expect(added!.places!.map((p) => p.name).sort()).toEqual(kept);
    expect(added!.places!.every((p) => p.kind === 'notification' && p.path === '$.emittedAtMs')).toBe(true);
  });

  it('reports a type change inside ThreadItem (result: + string) with the spec line that passes the item through', () => {
    // By hand: every `result` property of a ThreadItem member (or of a member's anyOf branch), and its JSON types.
    const resultTypes = (v: string) => {
      const n = doc(v, 'ServerNotification.json');
      const types = new Set<string>();
      const typesOf = (s: Obj): string[] =>
        s.$ref ? typesOf(n.definitions[s.$ref.split('/').pop()]) : s.anyOf ? s.anyOf.flatMap(typesOf) : [s.type].flat();
      for (const m of n.definitions.ThreadItem.oneOf as Obj[])
        for (const part of [m, ...(m.anyOf ?? [])])
          if (part.properties?.result) typesOf(part.properties.result).forEach((t) => types.add(t));
      return [...types].sort();
    };
    expect(resultTypes(A)).toEqual(['null', 'object']);
    expect(resultTypes(B)).toEqual(['null', 'object', 'string']);
    const [c] = find(
      (x) =>
        x.change === 'field-type-changed' &&
        !!x.places?.some((p) => p.name === 'item/completed' && p.path === '$.params.item.result'),
    );
    expect(c).toMatchObject({
      kind: 'notification',
      before: { types: resultTypes(A) },
      after: { types: resultTypes(B) },
      definition: { name: 'ThreadItem', path: '$.result' },
    });
    // The spec reads `$.params.item` whole (payload.data): the change is inside it, so it is named but not breaking.
    const data = entryOf('notification', 'item/completed')!
      .emit.flatMap((e) => Object.values(e.payload))
      .find((e) => e.kind === 'path' && e.path.text === '$.params.item')!;
    expect(c!.affects).toContainEqual({
      file: 'mapping-spec.yaml',
      line: data.loc.line,
      col: data.loc.col,
      how: 'passes-through',
      path: '$.params.item',
    });
    expect(c!.class).toBe('informational');
  });

  it('reports a field made optional: a thread source may now be an object without subAgent', () => {
    const objectMembers = (v: string) =>
      (doc(v, 'ServerNotification.json').definitions.SessionSource.oneOf as Obj[])
        .filter((m) => m.type === 'object')
        .map((m) => m.required);
    expect(objectMembers(A)).toEqual([['subAgent']]);
    expect(objectMembers(B)).toEqual(expect.arrayContaining([['subAgent'], ['custom']]));
    const [c] = find(
      (x) =>
        x.change === 'field-made-optional' &&
        x.name === 'thread/started' &&
        x.path === '$.params.thread.source.subAgent',
    );
    expect(c).toMatchObject({ before: { required: true }, after: { required: false } });
    expect(c!.affects.filter((a) => a.how === 'reads' || a.how === 'reads-below')).toEqual([]);
    expect(c!.class).toBe('informational');
  });

  it('a decision value that stopped being a string is named at the read, informational (the map reads its tag)', () => {
    // By hand: ReviewDecision's `denied` is a string in 0.105.0 and an object { denied: ... } in 0.171.0.
    const members = (v: string) => doc(v, 'ApplyPatchApprovalResponse.json').definitions.ReviewDecision.oneOf as Obj[];
    expect(members(A).some((m) => m.type === 'string' && m.enum?.includes('denied'))).toBe(true);
    expect(members(B).some((m) => m.type === 'string' && m.enum?.includes('denied'))).toBe(false);
    expect(members(B).some((m) => m.type === 'object' && m.required?.[0] === 'denied')).toBe(true);
    const decision = entryOf('request', 'applyPatchApproval')!
      .response.flatMap((e) => Object.values(e.payload))
      .find((e): e is Extract<ValueExpr, { kind: 'path' }> => e.kind === 'path' && e.path.text === '$.decision')!;
    const [c] = find(
      (x) => x.change === 'field-values-removed' && x.name === 'applyPatchApproval' && x.path === '$.decision',
    );
    // The mapper translates the value's tag (`tagOf`), the string's and the object's alike; check is clean.
    expect(c).toMatchObject({ scope: 'response', values: ['denied'], class: 'informational' });
    expect(c!.affects).toContainEqual({
      file: 'mapping-spec.yaml',
      line: decision.loc.line,
      col: decision.loc.col,
      how: 'reads',
      path: '$.decision',
    });
    expect(
      find((x) => x.change === 'field-added' && x.name === 'applyPatchApproval' && x.path === '$.decision.denied'),
    ).toHaveLength(1);
  });

  it('is deterministic, and the other formats say the same', async () => {
    const again = await eventmap(root, 'diff', `codex-app-server@${A}`, `codex-app-server@${B}`, '--format', 'json');
    expect(JSON.parse(again.stdout)).toEqual(report);
    const md = await eventmap(root, 'diff', `codex-app-server@${A}`, `codex-app-server@${B}`, '--format', 'markdown');
    expect(md.status).toBe(0);
    expect(md.stdout).toMatch(/^### eventmap diff: codex-app-server 0\.105\.0 → 0\.171\.0/);
    expect(md.stdout).toContain(`**${report.summary.breaking} breaking**`);
  });

  it('the other way round, the kind comes back', async () => {
    const r = await eventmap(root, 'diff', `codex-app-server@${B}`, `codex-app-server@${A}`, '--format', 'json');
    const back = JSON.parse(r.stdout) as JsonDiff;
    expect(back.changes.filter((c) => c.kind === 'eventmsg').map((c) => c.change)).toEqual(['kind-added']);
  });
});

describe('eventmap diff: input it cannot use is exit 2', () => {
  it.each([
    [['nosuch@1.0.0', 'codex-app-server@0.171.0'], 'cli/unknown-source'],
    [['codex-app-server@9.9.9', 'codex-app-server@0.171.0'], 'cli/unknown-version'],
    [['codex-app-server@0.105.0', 'claude-agent-sdk'], 'cli/bad-argument'],
    [['codex-app-server@0.105.0'], 'cli/bad-argument'],
    [['codex-app-server@0.105.0', 'codex-app-server@0.171.0', '--format', 'yaml'], 'cli/bad-format'],
  ])('%j → %s', async (args, code) => {
    const r = await eventmap(projectCopy(), 'diff', ...args);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`error ${code}`);
    expect(r.stdout).toBe('');
  });

  it('a broken snapshot folder names the file and line', async () => {
    const dir = join(tempDir('eventmap-diff-broken-'), 'snap');
    cpSync(join(REPO, 'upstream-schemas', 'codex-app-server', B), dir, { recursive: true });
    writeFileSync(join(dir, 'ServerNotification.json'), '{\n  "oneOf": [\n');
    const r = await eventmap(projectCopy(), 'diff', `codex-app-server@${A}`, `codex-app-server@${dir}`);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/ServerNotification\.json:\d+:\d+: error snapshot\/invalid-json/);
  });
});
