// The import graph of the repository's own code, read with the TypeScript compiler's pre-processor
// (the imports and re-exports a file declares, type-only ones included; dynamic imports apart).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ImportEdge {
  from: string;
  to: string;
  dynamic: boolean;
}

/** Repository-relative paths of the .ts files under `dirs`. */
export function sourceFiles(dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.m?ts$/.test(e.name))
      .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/')),
  );
}

/** Every relative import of `file` (static, and `import()` with a literal), as a repository path. */
export function importsOf(file: string): ImportEdge[] {
  const info = ts.preProcessFile(readFileSync(path.join(ROOT, file), 'utf8'), true, true);
  const dynamic = new Set(dynamicImports(file));
  return info.importedFiles
    .filter((f) => f.fileName.startsWith('.'))
    .map((f) => ({
      from: file,
      to: path.posix.normalize(path.posix.join(path.posix.dirname(file), f.fileName)),
      dynamic: dynamic.has(f.fileName),
    }));
}

function dynamicImports(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The strongly connected components of more than one file (or a file importing itself): the cycles. */
export function cycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (next.get(v) ?? []).includes(v)) found.push(component.sort());
  };
  for (const v of next.keys()) if (!index.has(v)) connect(v);
  return found;
}
