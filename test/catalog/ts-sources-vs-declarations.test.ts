// The catalogs of the TypeScript-sourced snapshots, checked against what the upstream declaration
// files say, read here with plain regular expressions (no ts-morph, no schema): an independent count.
import { describe, expect, it } from 'vitest';
import type { SourceName } from '../../generator/project/sources.ts';
import { catalogOf, fixtureText } from './helpers.ts';

/** `export declare type NAME = A | B | C;` (or without `export declare`) → [A, B, C]. */
function unionMembers(text: string, name: string): string[] {
  const m = new RegExp(`^(?:export )?(?:declare )?type ${name} = ([^{;]+);$`, 'm').exec(text);
  if (!m) throw new Error(`no union ${name}`);
  return m[1]!.split('|').map((s) => s.trim());
}

/** The text of `type NAME = ...` up to its end (`};` at column 0 for object types), or undefined. */
function declaration(text: string, name: string): string | undefined {
  const m = new RegExp(`^(?:export )?(?:declare )?type ${name} = (.*)$`, 'm').exec(text);
  if (!m) return undefined;
  if (!m[1]!.startsWith('{')) return m[0];
  return text.slice(m.index, text.indexOf('\n};', m.index));
}

/** String literals of a top-level (4-space indented) property: `    type: 'a' | 'b';`. */
function topLevelLiterals(block: string, prop: string): string[] {
  const m = new RegExp(`^    ${prop}\\??: (.+);$`, 'm').exec(block);
  return m ? [...m[1]!.matchAll(/['"]([^'"]+)['"]/g)].map((x) => x[1]!) : [];
}

/** Expected catalog names of SDKMessage, per the naming the catalog documents. */
function expectedSdkMessageNames(text: string): string[] {
  const names: string[] = [];
  const visit = (member: string) => {
    const block = declaration(text, member);
    if (!block) return void names.push(member); // never declared: kept under its type name
    if (!block.includes('{')) return unionMembers(text, member).forEach(visit); // nested union
    const [type] = topLevelLiterals(block, 'type');
    const subs = topLevelLiterals(block, 'subtype');
    const replay = /^    isReplay: true;$/m.test(block) ? '[isReplay]' : '';
    for (const n of subs.length ? subs.map((s) => `${type}:${s}`) : [type!]) names.push(n + replay);
  };
  unionMembers(text, 'SDKMessage').forEach(visit);
  return names.sort();
}

/** `export type ToolInputSchemas =\n  | AInput\n  | ...;` → the `*Input` members. */
function toolInputTypes(text: string): string[] {
  const m = /^export type ToolInputSchemas =\n((?:\s+\| \w+\n?)+);/m.exec(text);
  if (!m) throw new Error('no ToolInputSchemas');
  return [...m[1]!.matchAll(/\| (\w+)/g)].map((x) => x[1]!).filter((n) => n.endsWith('Input'));
}

const names = (source: SourceName, version: string, kind: string) =>
  catalogOf(source, version)
    .entries.filter((e) => e.kind === kind)
    .map((e) => e.name)
    .sort();

describe.each([
  { version: '0.3.332', members: 40, undeclared: [] as string[] },
  { version: '0.2.62', members: 20, undeclared: ['SDKPromptSuggestionMessage', 'SDKRateLimitEvent'] },
])('claude-agent-sdk@$version against its sdk.d.ts', ({ version, members, undeclared }) => {
  const sdk = fixtureText('claude-agent-sdk', version, 'sdk.d.ts');
  const tools = fixtureText('claude-agent-sdk', version, 'sdk-tools.d.ts');
  const catalog = catalogOf('claude-agent-sdk', version);
  const messages = catalog.entries.filter((e) => e.kind === 'sdk-message');

  it(`covers all ${members} SDKMessage members`, () => {
    const declared = unionMembers(sdk, 'SDKMessage');
    expect(declared).toHaveLength(members);
    expect(new Set(messages.map((e) => e.meta?.member))).toEqual(new Set(declared));
  });

  it('names each member by type, or type:subtype, as the declarations pin them', () => {
    expect(names('claude-agent-sdk', version, 'sdk-message')).toEqual(expectedSdkMessageNames(sdk));
  });

  it('flags exactly the members that are referenced but never declared', () => {
    expect(undeclared.every((n) => declaration(sdk, n) === undefined)).toBe(true);
    expect(messages.filter((e) => e.unresolved).map((e) => e.name)).toEqual(undeclared);
  });

  it('has one tool per *Input type of ToolInputSchemas, and one per BUILTIN_TOOL_NAMES name', () => {
    const inputs = toolInputTypes(tools);
    const catalogTools = catalog.entries.filter((e) => e.kind === 'tool');
    expect(catalogTools.flatMap((e) => e.meta?.inputType ?? []).sort()).toEqual([...inputs].sort());
    const listed = /^export declare const BUILTIN_TOOL_NAMES: readonly \[(.*)\];$/m.exec(sdk);
    const builtin = listed ? [...listed[1]!.matchAll(/'([^']+)'/g)].map((x) => x[1]!) : [];
    const names = new Set(catalogTools.map((e) => e.name));
    expect(builtin.filter((n) => !names.has(n))).toEqual([]);
    // A tool without an input type is there only because a full list names it: BUILTIN_TOOL_NAMES,
    // else cli.js's tool registry (test/upstream/cli-tool-registry.test.ts checks that list).
    for (const t of catalogTools.filter((e) => !e.meta?.inputType))
      if (listed) expect(builtin, t.name).toContain(t.name);
      else expect(t.meta?.nameSource, t.name).toBe('cli.js-registry');
    for (const t of catalogTools)
      expect(['BUILTIN_TOOL_NAMES', 'cli.js-registry', 'cli.js', 'cli-binary', 'derived'], t.name).toContain(
        t.meta?.nameSource,
      );
  });

  it('gives canUseTool the options keys the declaration lists', () => {
    const block =
      /^export declare type CanUseTool = \(toolName: string, input: Record<string, unknown>, options: \{\n([\s\S]*?)\n\}\) =>/m.exec(
        sdk,
      );
    const keys = [...block![1]!.matchAll(/^ {4}(\w+)\??:/gm)].map((x) => x[1]!);
    const permission = catalog.entries.find((e) => e.kind === 'permission')!;
    const schema = catalog.documents[permission.document] as {
      definitions: Record<string, { properties: { options: { properties: object } } }>;
    };
    const args = schema.definitions[permission.pointer.split('/').pop()!]!;
    expect(Object.keys(args.properties.options.properties).sort()).toEqual([...keys].sort());
  });
});

describe('codex-sdk@0.163.0 against its dist/index.d.ts', () => {
  const index = fixtureText('codex-sdk', '0.163.0', 'index.d.ts');
  const typesOf = (union: string) =>
    unionMembers(index, union)
      .map((m) => topLevelLiterals(declaration(index, m)!, 'type')[0]!)
      .sort();

  it('has the 8 ThreadEvent members and the 8 ThreadItem types', () => {
    expect(typesOf('ThreadEvent')).toHaveLength(8);
    expect(typesOf('ThreadItem')).toHaveLength(8);
    expect(names('codex-sdk', '0.163.0', 'thread-event')).toEqual(typesOf('ThreadEvent'));
    expect(names('codex-sdk', '0.163.0', 'sdk-item')).toEqual(typesOf('ThreadItem'));
  });
});
