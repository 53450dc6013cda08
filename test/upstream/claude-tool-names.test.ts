// How sdk-tools.d.ts input types get their tool names.
import { describe, expect, it } from 'vitest';
import { candidatesFor, derivedName, nameTools } from '../../generator/upstream/claude-tool-names.ts';

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

describe('nameTools', () => {
  const inputs = ['AgentInput', 'FileEditInput', 'ListMcpResourcesInput', 'ProposeSkillsInput', 'McpInput'];

  it('matches against BUILTIN_TOOL_NAMES when the package declares it', () => {
    const names = nameTools(inputs, ['Agent', 'Edit', 'ListMcpResourcesTool', 'propose_skills'], undefined);
    expect(names.map((t) => [t.name, t.nameSource])).toEqual([
      ['Agent', 'BUILTIN_TOOL_NAMES'],
      ['Edit', 'BUILTIN_TOOL_NAMES'],
      ['ListMcpResourcesTool', 'BUILTIN_TOOL_NAMES'],
      ['propose_skills', 'BUILTIN_TOOL_NAMES'],
      ['Mcp', 'derived'],
    ]);
  });

  it('else against quoted literals in cli.js, ignoring one-word lowercase matches', () => {
    const cli = 'x={name:"Edit"};y="ListMcpResourcesTool";z="mcp";w="agent"';
    expect(nameTools(inputs, undefined, cli).map((t) => `${t.name}/${t.nameSource}`)).toEqual(['Agent/derived', 'Edit/cli.js', 'ListMcpResourcesTool/cli.js', 'ProposeSkills/derived', 'Mcp/derived']);
  });

  it('never gives two input types one name', () => {
    expect(nameTools(['FileEditInput', 'EditInput'], undefined, undefined).map((t) => t.name)).toEqual(['Edit', 'EditInput']);
  });
});
