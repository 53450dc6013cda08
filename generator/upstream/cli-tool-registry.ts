// The built-in tool list of a bundled `cli.js` (claude-agent-sdk 0.2.x), read from the CLI's own
// tool registry: the function that returns every base tool as one array literal
// (`function t66(){return[zG6,lV1,Wq,...d_()?[h4q,p4q]:[],...J4()?[ErY()]:[],wc,_c]}`), each element
// resolved to its tool object (`Wq={name:a7,...,get inputSchema(){...}}`) and that object's `name`
// to a string (`var a7="Bash"`). Elements bound to `null` are tools stripped from this build; a
// lazily required tool (`ErY=()=>(G7q(),QD(W7q)).TeamCreateTool`) resolves through its export
// (`TeamCreateTool:()=>_rY`). Parsed with the TypeScript parser (never run). Releases that ship a
// native binary (0.3.x) are not read this way: their bundle is split into chunks with imports, and
// from 0.3.310 on sdk.d.ts declares BUILTIN_TOOL_NAMES instead.
import ts from 'typescript';

/** A registry needs this many tool objects among its elements, so a short array of tools is not it. */
const MIN_TOOLS = 8;
/** A tool, a string constant or a factory is bound once or twice (`var X;` ... `X={...}`). */
const MAX_BINDINGS = 4;

export interface RegistryTools {
  /** The minified name of the registry function, for messages. */
  fn: string;
  /** Tool names in registry order, conditional ones included. */
  names: string[];
}

type Value = ts.Expression;

/** The tool names of the CLI's registry, or undefined when no function looks like one. */
export function registryToolNames(text: string): RegistryTools | undefined {
  const file = ts.createSourceFile('cli.js', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const values = new Map<string, Value[]>();
  const exportsByName = new Map<string, Value[]>();
  const candidates: { fn: string; elements: ts.Expression[] }[] = [];
  const bind = (map: Map<string, Value[]>, key: string, value: Value) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      bind(values, node.name.text, node.initializer);
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isIdentifier(node.left)
    ) {
      bind(values, node.left.text, node.right);
    } else if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && ts.isArrowFunction(node.initializer)) {
      // esbuild's export map: `{TeamCreateTool:()=>_rY}`.
      bind(exportsByName, node.name.text, node.initializer.body as Value);
    } else if (ts.isFunctionDeclaration(node) && node.name && node.body?.statements.length === 1) {
      const ret = node.body.statements[0]!;
      if (ts.isReturnStatement(ret) && ret.expression && ts.isArrayLiteralExpression(ret.expression)) {
        candidates.push({ fn: node.name.text, elements: [...ret.expression.elements] });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);

  const stringOf = (e: Value, seen = new Set<string>()): string | undefined => {
    if (ts.isStringLiteralLike(e)) return e.text;
    if (!ts.isIdentifier(e) || seen.has(e.text)) return undefined;
    seen.add(e.text);
    const bound = values.get(e.text) ?? [];
    if (bound.length > MAX_BINDINGS) return undefined;
    const found = bound.map((v) => stringOf(v, seen)).filter((s) => s !== undefined);
    return new Set(found).size === 1 ? found[0] : undefined;
  };
  const toolName = (obj: ts.ObjectLiteralExpression): string | undefined => {
    let name: string | undefined;
    let hasInput = false;
    for (const p of obj.properties) {
      const key = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;
      if (key === 'inputSchema' || key === 'inputJSONSchema') hasInput = true;
      if (key === 'name' && ts.isPropertyAssignment(p)) name = stringOf(p.initializer);
    }
    return hasInput ? name : undefined;
  };
  // One element of the registry: its tool names, `[]` for a tool stripped from the build (`null`),
  // undefined when it is not recognisably a tool.
  const resolve = (e: Value, depth = 0): string[] | undefined => {
    if (depth > 4) return undefined;
    if (ts.isParenthesizedExpression(e)) return resolve(e.expression, depth);
    if (ts.isSpreadElement(e)) return resolve(e.expression, depth);
    if (ts.isConditionalExpression(e)) {
      const a = resolve(e.whenTrue, depth);
      const b = resolve(e.whenFalse, depth);
      return a && b ? [...a, ...b] : undefined;
    }
    if (ts.isArrayLiteralExpression(e)) {
      const parts = e.elements.map((x) => resolve(x, depth));
      return parts.every((p) => p !== undefined) ? parts.flat() : undefined;
    }
    if (e.kind === ts.SyntaxKind.NullKeyword) return [];
    if (ts.isObjectLiteralExpression(e)) {
      const name = toolName(e);
      return name === undefined ? undefined : [name];
    }
    if (ts.isCallExpression(e) || (ts.isNonNullExpression(e) && ts.isCallExpression(e.expression))) {
      const call = ts.isCallExpression(e) ? e : (e.expression as ts.CallExpression);
      // `c7q?.()` of a `c7q=null` is nothing; a factory `()=>...` is what it returns.
      return resolve(call.expression, depth + 1)?.length === 0 ? [] : resolveFactory(call.expression, depth + 1);
    }
    if (ts.isPropertyAccessExpression(e)) return resolveExport(e.name.text, depth + 1);
    if (ts.isIdentifier(e)) return resolveBinding(e.text, depth + 1);
    return undefined;
  };
  // Memoised per name (a minified bundle rebinds short names thousands of times, so unmemoised
  // recursion explodes); a name bound more than a few times is a local, not a module-level tool.
  const bindings = new Map<string, string[] | undefined | null>();
  const resolveBinding = (id: string, depth: number): string[] | undefined => {
    const memo = bindings.get(id);
    if (memo !== undefined) return memo ?? undefined;
    bindings.set(id, null);
    const result = resolveBindingOnce(id, depth);
    bindings.set(id, result ?? null);
    return result;
  };
  const resolveBindingOnce = (id: string, depth: number): string[] | undefined => {
    const bound = (values.get(id) ?? []).filter((v) => !ts.isIdentifier(v) || v.text !== id);
    if (bound.length > MAX_BINDINGS) return undefined;
    const all = bound.map((v) => resolve(v, depth));
    const tools = all.filter((r) => r !== undefined && r.length > 0);
    // `var X;` then `X=null` in one build, or a single definition: one meaning only.
    if (tools.length === 1 && all.every((r) => r === undefined || r.length === 0 || r === tools[0])) return tools[0];
    if (tools.length === 0 && all.length > 0 && all.every((r) => r !== undefined)) return [];
    return undefined;
  };
  const resolveFactory = (callee: Value, depth: number): string[] | undefined => {
    if (!ts.isIdentifier(callee)) return undefined;
    const fns = (values.get(callee.text) ?? []).filter(ts.isArrowFunction);
    return fns.length === 1 && !ts.isBlock(fns[0]!.body) ? resolve(fns[0]!.body, depth) : undefined;
  };
  const resolveExport = (name: string, depth: number): string[] | undefined => {
    const found = (exportsByName.get(name) ?? []).map((v) => resolve(v, depth)).filter((r) => r?.length);
    return found.length === 1 ? found[0] : undefined;
  };

  let best: RegistryTools | undefined;
  let bestCount = 0;
  for (const { fn, elements } of candidates) {
    const parts = elements.map((e) => resolve(e));
    // Every element must be a tool (or a stripped one): a registry has nothing else.
    if (parts.some((p) => p === undefined)) continue;
    const names = parts.flatMap((p) => p!);
    if (names.length >= MIN_TOOLS && names.length > bestCount && new Set(names).size === names.length) {
      best = { fn, names };
      bestCount = names.length;
    }
  }
  return best;
}
