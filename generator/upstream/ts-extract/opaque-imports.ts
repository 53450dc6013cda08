// Imported types that are computed from runtime values, such as the MCP SDK's
// `type ContentBlock = Infer<typeof ContentBlockSchema>` (a zod schema): they declare no shape,
// and ts-json-schema-generator cannot evaluate them (it stops with "Unknown node"). They are kept
// opaque: the surface copy declares them `unknown` and surface.json lists them.
import ts from 'typescript';
import { resolutionOptions } from './complete-imports.ts';

export interface OpaqueImport {
  name: string;
  from: string;
  /** The imported declaration's type, as written upstream. */
  declared: string;
}

/** Named imports of `file` whose type alias involves `typeof` (a value), resolved in a real program. */
export function valueDerivedImports(file: string, scratch: string): { opaque: OpaqueImport[]; program: ts.Program } {
  const program = ts.createProgram([file], resolutionOptions(scratch));
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const opaque: OpaqueImport[] = [];
  for (const statement of source?.statements ?? []) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const symbol = checker.getSymbolAtLocation(element.name);
      if (!symbol || !(symbol.flags & ts.SymbolFlags.Alias)) continue;
      const target = checker.getAliasedSymbol(symbol);
      const alias = target.declarations?.find(ts.isTypeAliasDeclaration);
      if (alias && containsTypeQuery(alias.type)) {
        opaque.push({ name: element.name.text, from: statement.moduleSpecifier.text, declared: alias.type.getText() });
      }
    }
  }
  return { opaque, program };
}

function containsTypeQuery(node: ts.Node): boolean {
  if (ts.isTypeQueryNode(node)) return true;
  return ts.forEachChild(node, containsTypeQuery) ?? false;
}
