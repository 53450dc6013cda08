// codex-sdk: `ThreadEvent` (the JSONL events of `codex exec --json`) and `ThreadItem`, extracted
// from dist/index.d.ts into `index.schema.json` plus `surface.json` (see generator/upstream/surface-format.ts).
// The file declares its types without `export` and exports them through one list at the end, so
// every named type becomes a definition (`expose: 'all'`).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Surface } from './surface-format.ts';
import { EventmapError } from '../shared/diagnostics.ts';
import { stableJson } from '../io/fsutil.ts';
import type { Ingester } from './ingester.ts';
import { packageManifest } from './npm.ts';
import { installMissing, unresolvedImportPackages } from './ts-extract/complete-imports.ts';
import {
  findTypeAlias,
  importedModules,
  openDeclarations,
  undeclaredTypeNames,
  unionMemberNames,
} from './ts-extract/declarations.ts';
import { valueDerivedImports } from './ts-extract/opaque-imports.ts';
import { describeAppended, unknownStub, writeSurfaceCopy } from './ts-extract/surface-copy.ts';
import { generateDefinitions } from './ts-extract/to-json-schema.ts';

const INDEX = 'dist/index.d.ts';
const SCHEMA = 'index.schema.json';
const UNIONS = [
  { kind: 'thread-event', type: 'ThreadEvent' },
  { kind: 'sdk-item', type: 'ThreadItem' },
] as const;

export const ingestCodexSdk: Ingester = {
  npmPackage: '@openai/codex-sdk',
  // @openai/codex (a dependency) pulls the native binary as optional dependencies; not needed here.
  npmInstallArgs: ['--omit=optional'],
  ingest(installed, outDir) {
    const manifest = packageManifest(installed.packageDir);
    const indexPath = join(installed.packageDir, INDEX);
    if (!existsSync(indexPath)) throw unexpected(`has no ${INDEX}`);
    const [index] = openDeclarations([{ rel: INDEX, text: readFileSync(indexPath, 'utf8') }]);
    if (!index) throw new Error('unreachable: one file opened');

    const unions = UNIONS.map((u) => {
      const alias = findTypeAlias(index, u.type);
      const members = alias && unionMemberNames(alias);
      if (!members) throw unexpected(`declares no \`type ${u.type} = A | B | ...\` union`);
      return { ...u, members };
    });
    const undeclared = undeclaredTypeNames(index);

    // The MCP SDK is only a devDependency, yet McpToolCallItem uses its ContentBlock type.
    const completed = installMissing(
      installed,
      manifest.name,
      manifest.version,
      unresolvedImportPackages(installed, [{ file: indexPath, specs: importedModules(index) }]),
    );
    const allMembers = unions.flatMap((u) => u.members);
    const { opaque, program } = valueDerivedImports(indexPath, installed.scratch);
    const stubs = [...undeclared].map(([n, line]) =>
      unknownStub(n, INDEX, line, allMembers.includes(n) ? 'A union member' : 'Referenced'),
    );
    const copy = writeSurfaceCopy(index, indexPath, stubs, opaque);
    const definitions = generateDefinitions({
      scratch: installed.scratch,
      expose: 'all',
      roots: unions.map((u) => ({ file: copy.path, name: u.type })),
      oldProgram: program,
    });
    describeAppended(definitions, copy.appended);

    const surface: Surface = {
      schema: SCHEMA,
      declarations: [INDEX],
      unions: unions.map((u) => ({
        kind: u.kind,
        type: u.type,
        pointer: `#/definitions/${u.type}`,
        discriminant: 'type',
        members: u.members,
      })),
      unresolved: [...undeclared].map(([name, line]) => ({ name, file: INDEX, line })),
      // Only the opaque imports the extracted surface reaches.
      opaque: opaque.filter((o) => o.name in definitions).map(({ name, from }) => ({ name, from })),
    };
    mkdirSync(outDir, { recursive: true });
    writeFileSync(
      join(outDir, SCHEMA),
      stableJson({ $schema: 'http://json-schema.org/draft-07/schema#', definitions }),
    );
    writeFileSync(join(outDir, 'surface.json'), stableJson(surface));
    const steps = [
      `npm install --omit=optional ${manifest.name}@${manifest.version}`,
      ...(completed.command ? [`${completed.command}: imports ${INDEX} needs that the package does not install`] : []),
      `ts-morph (ThreadEvent/ThreadItem members, undeclared names; value-derived imports kept opaque) + ts-json-schema-generator (skipTypeCheck, expose all) -> ${SCHEMA}, surface.json`,
    ];
    return { command: steps.join('; ') };
  },
};

function unexpected(what: string): EventmapError {
  return new EventmapError({
    code: 'upstream/unexpected-declarations',
    message: `the codex-sdk package's ${INDEX} ${what}`,
    hint: 'this version is shaped differently from the ones eventmap knows; update generator/upstream/codex-sdk.ts',
    file: INDEX,
  });
}
