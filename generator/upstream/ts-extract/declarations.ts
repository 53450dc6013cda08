// Reading declaration files syntactically with ts-morph, in an in-memory project: which names a
// union lists, which names a file uses but never declares, a callback's parameters, a const tuple.
// Only type nodes are read (never Type.getText(), which prints whole inline types and is slow).
import { Node, Project, type SourceFile, type TypeAliasDeclaration } from 'ts-morph';
import { compareStrings } from '../../io/fsutil.ts';

export interface DeclarationFile {
  /** Package-relative path, used in messages (e.g. `sdk.d.ts`). */
  rel: string;
  source: SourceFile;
}

/**
 * One in-memory project per package. The ES and DOM libs are loaded so that globals such as
 * `AbortSignal` (which Node also has) count as declared; imports are not followed.
 */
export function openDeclarations(files: { rel: string; text: string }[]): DeclarationFile[] {
  const project = new Project({
    useInMemoryFileSystem: true,
    skipFileDependencyResolution: true,
    compilerOptions: { lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [], noResolve: true },
  });
  return files.map(({ rel, text }) => ({ rel, source: project.createSourceFile(`/package/${rel}`, text) }));
}

/** The type alias `name` declared at the top level of the file, if any. */
export function findTypeAlias(file: DeclarationFile, name: string): TypeAliasDeclaration | undefined {
  return file.source.getTypeAlias(name);
}

/** Names a type alias lists when its type is a union of plain references (`A | B | C`), in order. */
export function unionMemberNames(alias: TypeAliasDeclaration): string[] | undefined {
  const node = alias.getTypeNode();
  if (!node || !Node.isUnionTypeNode(node)) return undefined;
  const names: string[] = [];
  for (const member of node.getTypeNodes()) {
    if (!Node.isTypeReference(member)) return undefined;
    names.push(member.getTypeName().getText());
  }
  return names;
}

/**
 * Names used as types in the file that resolve to nothing: not declared there, not imported, not
 * a type parameter, not an ES/DOM global. Sorted, each with the 1-based line of its first use.
 */
export function undeclaredTypeNames(file: DeclarationFile): Map<string, number> {
  const checker = file.source.getProject().getTypeChecker().compilerObject;
  const found = new Map<string, number>();
  file.source.forEachDescendant((node) => {
    if (!Node.isTypeReference(node)) return;
    const name = node.getTypeName();
    if (!Node.isIdentifier(name)) return;
    const symbol = checker.getSymbolAtLocation(name.compilerNode);
    if (symbol?.declarations?.length) return;
    if (!found.has(name.getText())) found.set(name.getText(), node.getStartLineNumber());
  });
  return new Map([...found].sort(([a], [b]) => compareStrings(a, b)));
}

export interface CallbackParameter {
  name: string;
  optional: boolean;
  /** The parameter's type exactly as written (doc comments inside it included). */
  typeText: string;
  /** Property names when the type is an object literal written inline. */
  keys?: string[];
}

/** Parameters of `type Name = (a: A, b: B) => R`, read from the written type nodes. */
export function callbackParameters(alias: TypeAliasDeclaration): CallbackParameter[] | undefined {
  const node = alias.getTypeNode();
  if (!node || !Node.isFunctionTypeNode(node)) return undefined;
  return node.getParameters().map((p) => {
    const typeNode = p.getTypeNode();
    const keys =
      typeNode && Node.isTypeLiteral(typeNode) ? typeNode.getProperties().map((prop) => prop.getName()) : undefined;
    return {
      name: p.getName(),
      optional: p.hasQuestionToken(),
      typeText: typeNode?.getText() ?? 'unknown',
      ...(keys ? { keys } : {}),
    };
  });
}

/** The strings of `declare const NAME: readonly ['a', 'b', ...]`, if the file declares it. */
export function stringTupleConst(file: DeclarationFile, name: string): string[] | undefined {
  const decl = file.source.getVariableDeclaration(name);
  let typeNode = decl?.getTypeNode();
  if (typeNode && Node.isTypeOperatorTypeNode(typeNode)) typeNode = typeNode.getTypeNode();
  if (!typeNode || !Node.isTupleTypeNode(typeNode)) return undefined;
  const values: string[] = [];
  for (const element of typeNode.getElements()) {
    if (!Node.isLiteralTypeNode(element)) return undefined;
    const literal = element.getLiteral();
    if (!Node.isStringLiteral(literal)) return undefined;
    values.push(literal.getLiteralValue());
  }
  return values;
}

/** Module specifiers the file imports or re-exports from, in order of first appearance. */
export function importedModules(file: DeclarationFile): string[] {
  const specs = new Set<string>();
  for (const d of file.source.getImportDeclarations()) specs.add(d.getModuleSpecifierValue());
  for (const d of file.source.getExportDeclarations()) {
    const spec = d.getModuleSpecifierValue();
    if (spec) specs.add(spec);
  }
  return [...specs];
}
