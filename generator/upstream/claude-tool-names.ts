// Which tool each input type in sdk-tools.d.ts belongs to. The file (json-schema-to-typescript
// output) names types after the CLI's internal tool modules (`FileEditInput`, `AgentInput`) and
// carries no tool names, so names are matched against names the package itself spells:
//   1. `BUILTIN_TOOL_NAMES` in sdk.d.ts (0.3.x declares it), else
//   2. quoted string literals in the bundled `cli.js` (0.2.x ships the CLI as JavaScript).
// Candidates for `<Base>Input`, tried in order: `<Base>`, `<Base>` without a `File` prefix
// (FileEdit → Edit), `<Base>Tool` (ListMcpResources → ListMcpResourcesTool), multi-word
// snake_case (ProposeSkills → propose_skills). With no match the name is derived (`File` prefix
// dropped) and flagged `derived`, so a reviewer knows the package did not confirm it. cli.js is
// weaker evidence than the list (any string literal counts), which `nameSource` records.

export type ToolNameSource = 'BUILTIN_TOOL_NAMES' | 'cli.js' | 'derived';

export interface ToolName {
  name: string;
  inputType: string;
  nameSource: ToolNameSource;
}

export function candidatesFor(inputType: string): string[] {
  const base = inputType.replace(/Input$/, '');
  const snake = base.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  // A one-word snake_case name (`agent`, `mcp`) is too common a string to count as evidence.
  return [...new Set([base, derivedName(inputType), `${base}Tool`, ...(snake.includes('_') ? [snake] : [])])];
}

/** The unconfirmed name: the type name without `Input` and without a `File` prefix. */
export function derivedName(inputType: string): string {
  const base = inputType.replace(/Input$/, '');
  return /^File[A-Z]/.test(base) ? base.slice(4) : base;
}

/** Names for `inputTypes` (the `*Input` members of ToolInputSchemas), in the same order. */
export function nameTools(inputTypes: string[], builtinNames: string[] | undefined, cliText: string | undefined): ToolName[] {
  const listed = builtinNames ? new Set(builtinNames) : undefined;
  const inCli = (name: string) => cliText !== undefined && (cliText.includes(`"${name}"`) || cliText.includes(`'${name}'`));
  const taken = new Set<string>();
  return inputTypes.map((inputType) => {
    const candidates = candidatesFor(inputType).filter((c) => !taken.has(c));
    let found: ToolName | undefined;
    if (listed) {
      const name = candidates.find((c) => listed.has(c));
      if (name) found = { name, inputType, nameSource: 'BUILTIN_TOOL_NAMES' };
    } else if (cliText !== undefined) {
      const name = candidates.find(inCli);
      if (name) found = { name, inputType, nameSource: 'cli.js' };
    }
    // Two types deriving one name would hide a tool; the type name itself breaks the tie.
    const derived = derivedName(inputType);
    found ??= { name: taken.has(derived) ? inputType : derived, inputType, nameSource: 'derived' };
    taken.add(found.name);
    return found;
  });
}
