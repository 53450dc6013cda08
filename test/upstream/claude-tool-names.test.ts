// How the built-in tools of a claude-agent-sdk package get their names: hand-made edges, then the
// real declarations with real excerpts of the CLI each package ships (test/fixtures/upstream-src).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Surface } from '../../generator/upstream/surface-format.ts';
import { candidatesFor, derivedName, nameTools, type ToolList } from '../../generator/upstream/claude-tool-names.ts';
import { registryToolNames } from '../../generator/upstream/cli-tool-registry.ts';
import { findCli, scanLiterals, type CliLiterals } from '../../generator/upstream/cli-literals.ts';
import { openDeclarations, stringTupleConst } from '../../generator/upstream/ts-extract/declarations.ts';
import { fixtureText, ROOT, snapshotDir, tempDir } from '../catalog/helpers.ts';

const literals = (text: string, kind: CliLiterals['kind'] = 'cli.js', chunkSize?: number): CliLiterals => {
  const file = join(tempDir('eventmap-cli-'), 'cli');
  writeFileSync(file, Buffer.from(text, 'latin1'));
  return scanLiterals(file, kind, 'cli', chunkSize);
};

describe('candidatesFor', () => {
  it.each([
    ['BashInput', ['Bash', 'BashTool']],
    ['FileEditInput', ['FileEdit', 'Edit', 'FileEditTool', 'file_edit']],
    ['ListMcpResourcesInput', ['ListMcpResources', 'ListMcpResourcesTool', 'list_mcp_resources']],
    ['ProposeSkillsInput', ['ProposeSkills', 'ProposeSkillsTool', 'propose_skills']],
    ['McpInput', ['Mcp', 'McpTool']],
  ])('%s → %j', (input, expected) => expect(candidatesFor(input)).toEqual(expected));

  it('derives a name without Input and without a File prefix', () => {
    expect(derivedName('FileReadInput')).toBe('Read');
    expect(derivedName('FilesystemInput')).toBe('Filesystem');
  });
});

describe('scanLiterals', () => {
  it('collects identifier-like literals, and which are bound by = or :', () => {
    const l = literals(
      '\0\x8e var B3H="ListMcpResourcesTool",x={aliases:["ListMcpResources"],name:\'Skill\'};f(`Bash`)\0"not a name"',
    );
    expect([...l.quoted].sort()).toEqual(['Bash', 'ListMcpResources', 'ListMcpResourcesTool', 'Skill']);
    expect([...l.assigned].sort()).toEqual(['ListMcpResourcesTool', 'Skill']);
  });

  it('finds a literal that straddles two chunks', () => {
    const text = `${'\0'.repeat(1000)}var a="ReadMcpResourceTool";${'\0'.repeat(1000)}`;
    for (const chunk of [64, 1010, 1017, 1024])
      expect(literals(text, 'cli-binary', chunk).assigned.has('ReadMcpResourceTool'), `chunk ${chunk}`).toBe(true);
  });
});

describe('findCli', () => {
  it('prefers cli.js, else the platform binary npm installed', () => {
    const root = tempDir('eventmap-pkg-');
    const pkg = join(root, 'node_modules/@anthropic-ai/claude-agent-sdk');
    const bin = join(root, 'node_modules/@anthropic-ai/claude-agent-sdk-linux-x64');
    mkdirSync(pkg, { recursive: true });
    mkdirSync(bin, { recursive: true });
    writeFileSync(
      join(pkg, 'package.json'),
      JSON.stringify({
        optionalDependencies: {
          '@anthropic-ai/claude-agent-sdk-darwin-arm64': '1',
          '@anthropic-ai/claude-agent-sdk-linux-x64': '1',
        },
      }),
    );
    expect(findCli(pkg, join(root, 'node_modules'))).toBeUndefined();
    writeFileSync(join(bin, 'claude'), '');
    expect(findCli(pkg, join(root, 'node_modules'))).toMatchObject({
      kind: 'cli-binary',
      rel: '@anthropic-ai/claude-agent-sdk-linux-x64/claude',
    });
    writeFileSync(join(pkg, 'cli.js'), '');
    expect(findCli(pkg, join(root, 'node_modules'))).toMatchObject({ kind: 'cli.js', rel: 'cli.js' });
  });
});

describe('nameTools', () => {
  const inputs = ['AgentInput', 'FileEditInput', 'ListMcpResourcesInput', 'ProposeSkillsInput', 'McpInput'];

  it('matches against BUILTIN_TOOL_NAMES when the package declares it, and lists its tools without an input type', () => {
    const names = nameTools(
      inputs,
      {
        names: ['Agent', 'Edit', 'ListMcpResourcesTool', 'propose_skills', 'Skill', 'PowerShell'],
        source: 'BUILTIN_TOOL_NAMES',
      },
      undefined,
    );
    expect(names.map((t) => [t.name, t.inputType, t.nameSource])).toEqual([
      ['Agent', 'AgentInput', 'BUILTIN_TOOL_NAMES'],
      ['Edit', 'FileEditInput', 'BUILTIN_TOOL_NAMES'],
      ['ListMcpResourcesTool', 'ListMcpResourcesInput', 'BUILTIN_TOOL_NAMES'],
      ['propose_skills', 'ProposeSkillsInput', 'BUILTIN_TOOL_NAMES'],
      ['Mcp', 'McpInput', 'derived'],
      ['Skill', undefined, 'BUILTIN_TOOL_NAMES'],
      ['PowerShell', undefined, 'BUILTIN_TOOL_NAMES'],
    ]);
  });

  it('else against literals of the shipped CLI, a definition before a mention, ignoring one-word lowercase matches', () => {
    const cli = literals(
      'x={name:"Edit"};y={aliases:["ListMcpResources"]};var q="ListMcpResourcesTool";z="mcp";w="agent"',
    );
    expect(nameTools(inputs, undefined, cli).map((t) => `${t.name}/${t.nameSource}`)).toEqual([
      'Agent/derived',
      'Edit/cli.js',
      'ListMcpResourcesTool/cli.js',
      'ProposeSkills/derived',
      'Mcp/derived',
    ]);
  });

  it('asks the CLI about an input type the list leaves out', () => {
    const cli = literals('var CN="RefreshMcpTools"', 'cli-binary');
    expect(
      nameTools(['BashInput', 'RefreshMcpToolsInput'], { names: ['Bash'], source: 'BUILTIN_TOOL_NAMES' }, cli).map(
        (t) => `${t.name}/${t.nameSource}`,
      ),
    ).toEqual(['Bash/BUILTIN_TOOL_NAMES', 'RefreshMcpTools/cli-binary']);
  });

  it('never gives two input types one name', () => {
    expect(nameTools(['FileEditInput', 'EditInput'], undefined, undefined).map((t) => t.name)).toEqual([
      'Edit',
      'EditInput',
    ]);
  });
});

/** The real packages: declarations and real excerpts of the CLI they ship. */
function realTools(version: string) {
  const dir = join(ROOT, 'test/fixtures/upstream-src/claude-agent-sdk', version);
  const [sdk] = openDeclarations([{ rel: 'sdk.d.ts', text: fixtureText('claude-agent-sdk', version, 'sdk.d.ts') }]);
  const m = /^export type ToolInputSchemas =\n((?:\s+\| \w+\n?)+);/m.exec(
    fixtureText('claude-agent-sdk', version, 'sdk-tools.d.ts'),
  )!;
  const inputs = [...m[1]!.matchAll(/\| (\w+)/g)].map((x) => x[1]!).filter((n) => n.endsWith('Input'));
  const excerpt = ['cli.js.excerpt', 'claude.excerpt'].find((f) => existsSync(join(dir, f)))!;
  const cli = scanLiterals(join(dir, excerpt), excerpt === 'cli.js.excerpt' ? 'cli.js' : 'cli-binary', excerpt);
  const builtin = stringTupleConst(sdk!, 'BUILTIN_TOOL_NAMES');
  const registry = join(dir, 'cli.js.registry.excerpt');
  const fromRegistry = existsSync(registry) ? registryToolNames(readFileSync(registry, 'utf8')) : undefined;
  const list: ToolList | undefined = builtin
    ? { names: builtin, source: 'BUILTIN_TOOL_NAMES' }
    : fromRegistry && { names: fromRegistry.names, source: 'cli.js-registry' };
  return { inputs, cli, builtin, tools: nameTools(inputs, list, cli) };
}

describe('on the real packages', () => {
  it('0.3.142 (no BUILTIN_TOOL_NAMES, a native CLI): the names its binary defines', () => {
    const { builtin, tools } = realTools('0.3.142');
    expect(builtin).toBeUndefined();
    const byInput = new Map(tools.map((t) => [t.inputType, t]));
    expect(byInput.get('ListMcpResourcesInput')).toEqual({
      name: 'ListMcpResourcesTool',
      inputType: 'ListMcpResourcesInput',
      nameSource: 'cli-binary',
    });
    expect(byInput.get('ReadMcpResourceInput')).toEqual({
      name: 'ReadMcpResourceTool',
      inputType: 'ReadMcpResourceInput',
      nameSource: 'cli-binary',
    });
  });

  it('0.3.332: the binary alone names every input type as BUILTIN_TOOL_NAMES does', () => {
    const { inputs, cli, builtin, tools } = realTools('0.3.332');
    const fromCli = nameTools(inputs, undefined, cli);
    for (const t of tools.filter((x) => x.inputType && x.nameSource === 'BUILTIN_TOOL_NAMES'))
      expect(fromCli.find((c) => c.inputType === t.inputType)?.name, t.inputType).toBe(t.name);
    // Every listed name is a tool, with an input type or not.
    expect(new Set(tools.map((t) => t.name))).toEqual(
      new Set([...builtin!, ...tools.filter((t) => t.nameSource !== 'BUILTIN_TOOL_NAMES').map((t) => t.name)]),
    );
  });

  it.each(['0.2.62', '0.3.332'])('%s: the vendored surface.json records these names and sources', (version) => {
    const vendored = JSON.parse(
      readFileSync(join(snapshotDir('claude-agent-sdk', version), 'surface.json'), 'utf8'),
    ) as Surface;
    expect(realTools(version).tools).toEqual(vendored.tools!.map(({ pointer: _p, ...t }) => t));
  });
});
