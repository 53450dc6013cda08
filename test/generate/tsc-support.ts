// Shared by the typed-mapper tests: write generated files to a folder, and tsc --strict them in process.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';

export function writeFiles(dir: string, files: Map<string, string>): void {
  for (const [rel, text] of files) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
}

/** tsc --strict diagnostics of the given files (and what they import), as `file: message` lines. */
export function typecheck(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noUnusedLocals: true, // as tsconfig.json: generated code imports only what it uses
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    skipLibCheck: true,
    types: [],
    lib: ['lib.es2023.d.ts'],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}
