// TypeScript declarations → JSON Schema definitions, with ts-json-schema-generator. The program is
// built here (not by the library) so that module resolution and @types come from the scratch
// install only: the output must not depend on the working directory.
import { relative } from 'node:path';
import ts from 'typescript';
import {
  createFormatter,
  createParser,
  DEFAULT_CONFIG,
  SchemaGenerator,
  type ChainNodeParser,
  type CompletedConfig,
} from 'ts-json-schema-generator';
import { EventmapError } from '../../shared/diagnostics.ts';
import { compareStrings } from '../../io/fsutil.ts';
import type { JsonSchema } from '../../schema/types.ts';
import { resolutionOptions } from './complete-imports.ts';
import { NonNullableNodeParser } from './non-nullable.ts';

export interface SchemaRoot {
  /** Absolute path of the declaration file that declares the type. */
  file: string;
  name: string;
}

export interface GenerateOptions {
  scratch: string;
  roots: SchemaRoot[];
  /** `export`: exported types become definitions; `all`: every named type does (for files that export through a list). */
  expose: 'export' | 'all';
  /** A program over the same packages, whose parsed files are reused. */
  oldProgram?: ts.Program;
}

/** Definitions for every root and everything they reference, keys sorted; `$ref`s are `#/definitions/<name>`. */
export function generateDefinitions(options: GenerateOptions): Record<string, JsonSchema> {
  const files = [...new Set(options.roots.map((r) => r.file))];
  const program = ts.createProgram(files, resolutionOptions(options.scratch), undefined, options.oldProgram);
  const config: CompletedConfig = {
    ...DEFAULT_CONFIG,
    expose: options.expose,
    // Roots become definitions themselves (with several roots there is no top-level schema).
    topRef: true,
    jsDoc: 'extended',
    sortProps: true,
    // The declarations are upstream's; type errors in them (or in what they import) are not ours to fix.
    skipTypeCheck: true,
    // Keep `$ref`s as plain JSON pointers (`#/definitions/A.B`), which the catalog resolves as written.
    encodeRefs: false,
    // Callbacks are not data on the wire, but `hide` turns an object with a required callback into
    // `never`, which silently drops it from unions; `comment` keeps it (as `{ $comment: '() => void' }`).
    functions: 'comment',
    additionalProperties: true,
  };
  // The augmentor runs before the library adds its own parsers, so this one is asked first.
  const parser = createParser(program, config, (chain) =>
    chain.addNodeParser(new NonNullableNodeParser(chain as ChainNodeParser)),
  );
  const generator = new SchemaGenerator(program, parser, createFormatter(config), config);
  const nodes = options.roots.map((root) => findDeclaration(program, root, options.scratch));
  let schema: { definitions?: Record<string, JsonSchema> };
  try {
    schema = generator.createSchemaFromNodes(nodes) as typeof schema;
  } catch (err) {
    throw new EventmapError({
      code: 'upstream/schema-generation-failed',
      message: `ts-json-schema-generator could not convert ${options.roots.map((r) => r.name).join(', ')}: ${err instanceof Error ? err.message : String(err)}`,
      hint: 'a type these declarations use may not resolve; check that the imports the package needs are installed',
    });
  }
  return Object.fromEntries(Object.entries(schema.definitions ?? {}).sort(([a], [b]) => compareStrings(a, b)));
}

function findDeclaration(program: ts.Program, root: SchemaRoot, scratch: string): ts.Node {
  const source = program.getSourceFile(root.file);
  const found = source?.statements.find(
    (s): s is ts.TypeAliasDeclaration | ts.InterfaceDeclaration =>
      (ts.isTypeAliasDeclaration(s) || ts.isInterfaceDeclaration(s)) && s.name.text === root.name,
  );
  if (!found) {
    throw new EventmapError({
      code: 'upstream/missing-declaration',
      message: `${relative(scratch, root.file)} declares no type \`${root.name}\``,
      hint: 'the package no longer has the declarations eventmap extracts; the ingester needs updating for this version',
    });
  }
  return found;
}
