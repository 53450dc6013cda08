// Compile runtime/ (and what it imports from generated/) to .js + .d.ts with the TypeScript API,
// as packages/runtime/tsconfig.json says. Sources import `./x.ts`; the emitted JS gets `./x.js`
// from `rewriteRelativeImportExtensions`, and the declarations get it from the transformer below
// (TypeScript leaves `.ts` in .d.ts specifiers, which a consumer cannot resolve).
import { join } from 'node:path';
import ts from 'typescript';

export function compileRuntime(outDir: string): void {
  const configFile = join(import.meta.dirname, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(
    configFile,
    { outDir },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${configFile}`);
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  const result = program.emit(undefined, undefined, undefined, false, { afterDeclarations: [jsSpecifiers] });
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics];
  if (diagnostics.length) {
    const host = {
      getCanonicalFileName: (f: string) => f,
      getCurrentDirectory: ts.sys.getCurrentDirectory,
      getNewLine: () => '\n',
    };
    throw new Error(`@eventmap/runtime does not compile:\n${ts.formatDiagnostics(diagnostics, host)}`);
  }
}

/** `./x.ts` → `./x.js` in the module specifiers of a declaration file. */
const jsSpecifiers: ts.TransformerFactory<ts.SourceFile | ts.Bundle> = (context) => {
  const { factory } = context;
  const rewrite = (specifier: ts.Expression): ts.Expression =>
    ts.isStringLiteral(specifier) && /^\.\.?\/.*\.ts$/.test(specifier.text)
      ? factory.createStringLiteral(specifier.text.replace(/\.ts$/, '.js'))
      : specifier;
  const visit = (node: ts.Node): ts.Node => {
    if (ts.isImportDeclaration(node)) {
      return factory.updateImportDeclaration(
        node,
        node.modifiers,
        node.importClause,
        rewrite(node.moduleSpecifier),
        node.attributes,
      );
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      return factory.updateExportDeclaration(
        node,
        node.modifiers,
        node.isTypeOnly,
        node.exportClause,
        rewrite(node.moduleSpecifier),
        node.attributes,
      );
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = rewrite(node.argument.literal as ts.Expression);
      if (ts.isStringLiteral(literal)) {
        const argument = factory.updateLiteralTypeNode(node.argument, literal);
        return factory.updateImportTypeNode(
          node,
          argument,
          node.attributes,
          node.qualifier,
          node.typeArguments,
          node.isTypeOf,
        );
      }
    }
    return ts.visitEachChild(node, visit, context);
  };
  return (file) => (ts.isSourceFile(file) ? (ts.visitEachChild(file, visit, context) as ts.SourceFile) : file);
};
