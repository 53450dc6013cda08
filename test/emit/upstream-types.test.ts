// emitUpstreamTypes on every vendored codex-app-server snapshot (none named here: a bump adds one).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../generator/catalog/types.ts';
import { emitUpstreamTypes } from '../../generator/emit/upstream-types.ts';
import { isMessageKind } from '../../generator/mapping/coverage-status.ts';
import {
  kindMapTypeName,
  messageTypeName,
  pascalCase,
  responseMapTypeName,
  responseTypeName,
  versionNamespace,
} from '../../generator/emit/upstream/names.ts';
import { codexCatalogs, ROOT, STRICT_TSCONFIG, tsc, withoutComments, writeTemp } from './upstream-support.ts';

const FILE = 'codex-app-server/upstream-types.ts';
let catalogs: Catalog[];
let text: string;

beforeAll(async () => {
  catalogs = codexCatalogs();
  text = (await emitUpstreamTypes(catalogs)).get(FILE)!;
});

/** Keys of `export interface <name> { ... }`. */
function mapKeys(name: string): string[] {
  const body = new RegExp(`^export interface ${name} \\{\\n([\\s\\S]*?)\\n\\}`, 'm').exec(text)?.[1] ?? '';
  return [...body.matchAll(/^ {2}("(?:[^"\\]|\\.)*"):/gm)].map((m) => JSON.parse(m[1]!) as string);
}

describe('emitUpstreamTypes (codex-app-server)', () => {
  it('emits one file, keyed relative to generated/, with a header naming the snapshots', () => {
    expect(text).toBeDefined();
    expect(text.split('\n')[0]).toContain(`codex-app-server snapshots ${catalogs.map((c) => c.version).join(', ')}`);
  });

  it('gives every message discriminant of every version a map key and a type', () => {
    const kinds = new Set<string>();
    for (const catalog of catalogs) {
      for (const e of catalog.entries.filter((x) => isMessageKind(x.kind))) {
        kinds.add(e.kind);
        expect(mapKeys(kindMapTypeName(e.kind)), `${e.kind} ${e.name}`).toContain(e.name);
        expect(text).toContain(`export type ${messageTypeName(e.kind, e.name)} = `);
      }
    }
    expect([...kinds].sort()).toEqual(['eventmsg', 'notification', 'request']);
    expect(mapKeys('MessageByKind')).toEqual(['eventmsg', 'notification', 'request']);
    // No more keys than the snapshots have discriminants (a name in several versions is one key).
    for (const kind of kinds) {
      const names = new Set(catalogs.flatMap((c) => c.entries.filter((e) => e.kind === kind).map((e) => e.name)));
      expect(mapKeys(kindMapTypeName(kind as never)).sort(), kind).toEqual([...names].sort());
    }
  });

  /** Each namespace's declared type names (its body is flush left: Prettier indents it when generate formats the file). */
  const declaredBy = () => {
    const parts = text.split(/^export namespace (\w+) \{$/m);
    const out = new Map<string, Set<string>>();
    for (let i = 1; i < parts.length; i += 2)
      out.set(parts[i]!, new Set([...parts[i + 1]!.matchAll(/^export (?:interface|type) (\w+)/gm)].map((d) => d[1]!)));
    return out;
  };

  /** The namespaces `export type <typeName> = a.T | b.T;` names, in order. */
  const members = (typeName: string) =>
    new RegExp(`^export type ${typeName} = ([^;]+);$`, 'm')
      .exec(text)?.[1]!
      .split(' | ')
      .map((m) => m.slice(0, m.indexOf('.'))) ?? [];

  it('types each discriminant as the union of its distinct types, each declared once, in the oldest snapshot that has it', () => {
    const declared = declaredBy();
    const order = catalogs.map((c) => versionNamespace(c.version));
    for (const kind of ['notification', 'request', 'eventmsg'] as const) {
      const names = new Set(catalogs.flatMap((c) => c.entries.filter((e) => e.kind === kind).map((e) => e.name)));
      for (const name of names) {
        const typeName = messageTypeName(kind, name);
        const having = catalogs
          .filter((c) => c.entries.some((e) => e.kind === kind && e.name === name))
          .map((c) => versionNamespace(c.version));
        const union = members(typeName);
        // Oldest first, from the snapshots that have it, starting with the oldest of them.
        expect(union[0], typeName).toBe(having[0]);
        expect(
          union.map((n) => order.indexOf(n)),
          typeName,
        ).toEqual(union.map((n) => order.indexOf(n)).sort((a, b) => a - b));
        for (const ns of having)
          expect(declared.get(ns)?.has(typeName) ?? false, `${ns}.${typeName}`).toBe(union.includes(ns));
      }
    }
  });

  it("types each request's answer as the union of its answer types over every snapshot that has the request", () => {
    const requests = new Set(catalogs.flatMap((c) => c.entries.filter((e) => e.kind === 'request').map((e) => e.name)));
    const answerOf = (c: Catalog, name: string) =>
      c.entries.find((e) => e.kind === 'request' && e.name === name)?.response;
    const having = (name: string) => catalogs.filter((c) => answerOf(c, name) !== undefined);
    // Answered: every snapshot with the request links its answer schema (else the mapper reads open JSON).
    const answered = [...requests].filter((n) => having(n).every((c) => !('missing' in answerOf(c, n)!)));
    expect(answered.length).toBeGreaterThan(0);
    expect(mapKeys(responseMapTypeName('request')).sort()).toEqual(answered.sort());
    const declared = declaredBy();
    for (const name of answered) {
      const typeName = responseTypeName('request', name);
      const union = members(typeName);
      const namespaces = having(name).map((c) => versionNamespace(c.version));
      expect(union[0], typeName).toBe(namespaces[0]);
      for (const ns of namespaces)
        expect(declared.get(ns)?.has(typeName) ?? false, `${ns}.${typeName}`).toBe(union.includes(ns));
    }
  });

  it('names every namespace type after a message or an upstream definition, never Foo1', () => {
    const definitionNames = new Set<string>();
    for (const c of catalogs) {
      for (const doc of Object.values(c.documents)) {
        const defs = (doc as { definitions?: Record<string, unknown> }).definitions ?? {};
        for (const k of Object.keys(defs)) definitionNames.add(pascalCase(k));
      }
    }
    const messageNames = new Set(
      catalogs.flatMap((c) =>
        c.entries.flatMap((e) => [messageTypeName(e.kind, e.name), responseTypeName(e.kind, e.name)]),
      ),
    );
    // The namespaces' bodies (flush left: Prettier indents them when generate formats the file).
    const namespaces = text
      .split(/^export namespace \w+ \{$/m)
      .slice(1)
      .join('\n');
    const declared = [...namespaces.matchAll(/^export (?:interface|type) ([A-Za-z0-9_$]+)/gm)].map((m) => m[1]!);
    expect(declared.length).toBeGreaterThan(400);
    // A definition two documents of one snapshot declare differently keeps both: `<Name>Of<Document>`.
    const known = (n: string) => definitionNames.has(n) || messageNames.has(n);
    const variant = (n: string) => /^(.+)Of[A-Z][A-Za-z0-9]*$/.exec(n)?.[1];
    expect(declared.filter((n) => !known(n) && !definitionNames.has(variant(n) ?? ''))).toEqual([]);
  });

  it('uses no `any`', () => {
    expect(withoutComments(text)).not.toMatch(/\bany\b/);
  });

  it('compiles under tsc --strict, and the maps carry the message shapes', () => {
    const usage = [
      "import type { MessageByKind, NotificationByName, RequestByName, EventmsgByName } from './upstream-types.js';",
      "const method: NotificationByName['item/started']['method'] = 'item/started';",
      "type ItemType = NotificationByName['item/started']['params']['item']['type'];",
      "const itemType: ItemType = 'agentMessage';",
      "import type { Across } from './across.js';",
      '// emittedAtMs is in the newer snapshot only: a mapper reads it through the merge of the union.',
      "const at: Across<NotificationByName['item/started']>['emittedAtMs'] = 1;",
      "type Id = RequestByName['item/commandExecution/requestApproval']['id'];",
      'const id: Id = 7;',
      "const delta: EventmsgByName['agent_message_delta'] = { type: 'agent_message_delta', delta: 'hi' };",
      "const viaKind: MessageByKind['notification']['turn/completed']['method'] = 'turn/completed';",
      "import type { RequestResponseByName } from './upstream-types.js';",
      "const decision: RequestResponseByName['item/commandExecution/requestApproval']['decision'] = 'accept';",
      '// @ts-expect-error an answer has only the fields its schema declares',
      "const notThere: RequestResponseByName['item/commandExecution/requestApproval']['decisionn'] = 'accept';",
      '// @ts-expect-error the method literal is checked',
      "const wrong: NotificationByName['item/started']['method'] = 'item/completed';",
      'export { method, itemType, at, id, delta, viaKind, wrong, decision, notThere };',
    ].join('\n');
    const dir = writeTemp('eventmap-upstream-types-', {
      'upstream-types.ts': text,
      'across.ts': readFileSync(join(ROOT, 'runtime', 'across.ts'), 'utf8'),
      'usage.ts': usage,
      'tsconfig.json': STRICT_TSCONFIG,
      'package.json': '{"type":"module"}',
    });
    expect(tsc(dir)).toBe('');
  });

  it('is byte-identical when emitted again', async () => {
    const again = (await emitUpstreamTypes(codexCatalogs())).get(FILE);
    expect(again === text).toBe(true);
  });
});
