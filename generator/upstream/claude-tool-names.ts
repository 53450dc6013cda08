// The built-in tools of a claude-agent-sdk package, with the names the CLI really uses.
// sdk-tools.d.ts (json-schema-to-typescript output) names input types after the CLI's internal
// tool modules (`FileEditInput`, `AgentInput`) and carries no tool names, so names are matched
// against what the package itself spells, strongest evidence first:
//   1. `BUILTIN_TOOL_NAMES` in sdk.d.ts (0.3.x declares it from some release on), else the tool
//      registry of a bundled cli.js (0.2.x; see cli-tool-registry.ts): a full list of the tools;
//   2. string literals of the shipped CLI (cli.js in 0.2.x, the native binary in 0.3.x; see
//      cli-literals.ts), a definition (`var X="Name"`) before a mere mention.
// Candidates for `<Base>Input`, tried in order: `<Base>`, `<Base>` without a `File` prefix
// (FileEdit → Edit), `<Base>Tool` (ListMcpResources → ListMcpResourcesTool), multi-word
// snake_case (ProposeSkills → propose_skills). With no match the name is derived (`File` prefix
// dropped) and flagged `derived`, so a reviewer knows the package did not confirm it.
// Every name the full list has is a tool, with an input type or not (Skill, PowerShell...).
import type { CliKind, CliLiterals } from './cli-literals.ts';

export type ListSource = 'BUILTIN_TOOL_NAMES' | 'cli.js-registry';
export type ToolNameSource = ListSource | CliKind | 'derived';

/** A full list of the built-in tools' names and where it was read. */
export interface ToolList {
  names: string[];
  source: ListSource;
}

export interface ToolName {
  name: string;
  /** The `*Input` type of sdk-tools.d.ts; absent for a listed tool the file declares no input for. */
  inputType?: string;
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

/**
 * Tools for `inputTypes` (the `*Input` members of ToolInputSchemas), in the same order, then the
 * listed names no input type matched, in list order.
 */
export function nameTools(inputTypes: string[], list: ToolList | undefined, cli: CliLiterals | undefined): ToolName[] {
  const listed = list ? new Set(list.names) : undefined;
  const taken = new Set<string>();
  const tools = inputTypes.map((inputType): ToolName => {
    const candidates = candidatesFor(inputType).filter((c) => !taken.has(c));
    const pick = (): ToolName | undefined => {
      const inList = listed && candidates.find((c) => listed.has(c));
      if (inList && list) return { name: inList, inputType, nameSource: list.source };
      // An input type the list leaves out (a tool behind a feature flag) may still be in the CLI.
      const inCli = cli && (candidates.find((c) => cli.assigned.has(c)) ?? candidates.find((c) => cli.quoted.has(c)));
      if (inCli) return { name: inCli, inputType, nameSource: cli.kind };
      return undefined;
    };
    // Two types deriving one name would hide a tool; the type name itself breaks the tie.
    const derived = derivedName(inputType);
    const found = pick() ?? { name: taken.has(derived) ? inputType : derived, inputType, nameSource: 'derived' };
    taken.add(found.name);
    return found;
  });
  for (const name of list?.names ?? []) {
    if (!taken.has(name)) {
      taken.add(name);
      tools.push({ name, nameSource: list!.source });
    }
  }
  return tools;
}
