// A copy of an upstream declaration file with declarations appended, written next to the original
// so its imports resolve the same way. ts-json-schema-generator stops at the first name that
// resolves to nothing, so every undeclared name gets an `unknown` stub here (and is reported as
// unresolved in surface.json), and so does every opaque import (see opaque-imports.ts), whose
// import is dropped. Synthetic types (a callback's arguments as one object) go here too.
// The original file is never changed.
import { writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { DeclarationFile } from './declarations.ts';
import type { OpaqueImport } from './opaque-imports.ts';
import { isObj } from '../../schema/object.ts';

export interface AppendedType {
  name: string;
  /** The type as TypeScript source. */
  type: string;
  /** Becomes the definition's description. */
  doc: string;
}

/** Write `eventmap-<name>` beside `path` (where `file` was read from); returns its path and what was appended. */
export function writeSurfaceCopy(
  file: DeclarationFile,
  path: string,
  appended: AppendedType[],
  opaque: OpaqueImport[] = [],
): { path: string; appended: AppendedType[] } {
  const out = join(dirname(path), `eventmap-${basename(path)}`);
  const copy = file.source.copy(`/eventmap-copy/${file.rel}`, { overwrite: true });
  const dropped = new Set(opaque.map((o) => o.name));
  for (const decl of copy.getImportDeclarations()) {
    for (const named of decl.getNamedImports()) if (dropped.has(named.getName())) named.remove();
  }
  const stubs = opaque.map((o) => ({
    name: o.name,
    type: 'unknown',
    doc: `Imported from ${o.from}, where it is computed from a runtime value (\`${o.declared}\`), so it has no declared shape; kept opaque.`,
  }));
  const lines = [copy.getFullText().trimEnd(), '', '// ---- appended by eventmap, not part of the package ----'];
  copy.delete();
  const all = [...stubs, ...appended];
  for (const t of all)
    lines.push(
      `/** ${t.doc.replace(/\*\//g, '* /').replace(/@/g, '(at)')} */`,
      `export declare type ${t.name} = ${t.type};`,
    );
  writeFileSync(out, `${lines.join('\n')}\n`);
  return { path: out, appended: all };
}

/**
 * Set the description of each appended type's definition. The JSDoc above is only a courtesy:
 * a JSDoc parser reads `@modelcontextprotocol/...` as a tag and cuts the text there.
 */
export function describeAppended(definitions: Record<string, unknown>, appended: AppendedType[]): void {
  for (const t of appended) {
    const def = definitions[t.name];
    if (isObj(def)) def.description = t.doc;
  }
}

export function unknownStub(name: string, file: string, line: number, usedBy: string): AppendedType {
  return {
    name,
    type: 'unknown',
    doc: `${usedBy} in ${file} (first at line ${line}) but never declared there; its shape is unknown.`,
  };
}
