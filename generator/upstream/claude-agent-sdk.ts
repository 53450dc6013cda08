// claude-agent-sdk: the message stream (`SDKMessage`), the `canUseTool` callback and the built-in
// tools' inputs, extracted from sdk.d.ts and sdk-tools.d.ts into one JSON Schema document
// (`sdk.schema.json`) plus `surface.json` (see generator/upstream/surface-format.ts).
//  - ts-morph reads the declarations syntactically: union members, undeclared names, the callback's
//    parameters, tool names.
//  - ts-json-schema-generator converts the types, including those imported from @anthropic-ai/sdk
//    (the stream events and content blocks are part of the surface).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getAtPointer, joinPointer } from '../schema/pointer.ts';
import type { Surface, SurfaceUnion } from './surface-format.ts';
import { isObj } from '../schema/object.ts';
import { derefPointer } from '../schema/ref.ts';
import { stringLiterals, unionLeaves } from '../schema/unions.ts';
import { EventmapError } from '../shared/diagnostics.ts';
import { stableJson } from '../io/fsutil.ts';
import { findCli, scanLiterals } from './cli-literals.ts';
import { nameTools, type ToolList } from './claude-tool-names.ts';
import { registryToolNames } from './cli-tool-registry.ts';
import type { Ingester } from './ingester.ts';
import { packageManifest } from './npm.ts';
import { installMissing, unresolvedImportPackages } from './ts-extract/complete-imports.ts';
import {
  callbackParameters,
  findTypeAlias,
  importedModules,
  openDeclarations,
  stringTupleConst,
  undeclaredTypeNames,
  unionMemberNames,
  type DeclarationFile,
} from './ts-extract/declarations.ts';
import { valueDerivedImports } from './ts-extract/opaque-imports.ts';
import { describeAppended, unknownStub, writeSurfaceCopy, type AppendedType } from './ts-extract/surface-copy.ts';
import { generateDefinitions } from './ts-extract/to-json-schema.ts';

const SDK = 'sdk.d.ts';
const TOOLS = 'sdk-tools.d.ts';
const SCHEMA = 'sdk.schema.json';
const CAN_USE_TOOL_ARGS = 'EventmapCanUseToolArguments';
const UNTYPED_TOOL_INPUT = 'EventmapUndeclaredToolInput';

export const ingestClaudeAgentSdk: Ingester = {
  npmPackage: '@anthropic-ai/claude-agent-sdk',
  // Optional dependencies stay: 0.3.x ships its CLI as a ~230-400 MB native binary in a platform
  // package, whose string literals confirm tool names (read as bytes, never run).
  npmInstallArgs: [],
  ingest(installed, outDir) {
    const { name: pkg, version } = packageManifest(installed.packageDir);
    const [sdk, tools] = openDeclarations(
      [SDK, TOOLS].map((rel) => ({ rel, text: readDeclaration(installed.packageDir, rel) })),
    );
    if (!sdk || !tools) throw new Error('unreachable: two files opened');

    const members = requireUnion(sdk, 'SDKMessage');
    const undeclared = undeclaredTypeNames(sdk);
    const toolInputs = requireUnion(tools, 'ToolInputSchemas').filter((n) => n.endsWith('Input'));
    const cli = findCli(installed.packageDir, join(installed.scratch, 'node_modules'));
    const literals = cli && scanLiterals(cli.file, cli.kind, cli.rel);
    const builtin = stringTupleConst(sdk, 'BUILTIN_TOOL_NAMES');
    const list = builtin ? { names: builtin, source: 'BUILTIN_TOOL_NAMES' as const } : cliRegistry(cli);
    const toolNames = nameTools(toolInputs, list, literals);
    const canUseTool = findTypeAlias(sdk, 'CanUseTool');
    const params = canUseTool && callbackParameters(canUseTool);
    if (!params) throw missing(SDK, 'a `CanUseTool` function type');
    if (undeclaredTypeNames(tools).size) throw missing(TOOLS, 'declarations for every type it uses');

    // Resolve what sdk.d.ts imports but the package does not bring (see complete-imports.ts).
    const sdkPath = join(installed.packageDir, SDK);
    const toolsPath = join(installed.packageDir, TOOLS);
    const needed = unresolvedImportPackages(installed, [
      { file: sdkPath, specs: importedModules(sdk) },
      { file: toolsPath, specs: importedModules(tools) },
    ]);
    const completed = installMissing(installed, pkg, version, needed);

    const appended: AppendedType[] = [...undeclared].map(([name, line]) =>
      unknownStub(name, SDK, line, members.includes(name) ? 'A member of SDKMessage' : 'Referenced'),
    );
    appended.push({
      name: CAN_USE_TOOL_ARGS,
      type: `{\n${params.map((p) => `    ${p.name}${p.optional ? '?' : ''}: ${p.typeText};`).join('\n')}\n}`,
      doc: `The arguments of canUseTool(${params.map((p) => p.name).join(', ')}), as one object (eventmap); the callback answers with a PermissionResult.`,
    });
    const untyped = toolNames.some((t) => !t.inputType);
    if (untyped)
      appended.push({
        name: UNTYPED_TOOL_INPUT,
        type: 'unknown',
        doc: `The input of a built-in tool ${list?.source === 'cli.js-registry' ? "cli.js's tool registry" : 'BUILTIN_TOOL_NAMES'} lists but ${TOOLS} declares no input type for; its shape is unknown.`,
      });
    const { opaque, program } = valueDerivedImports(sdkPath, installed.scratch);
    const copy = writeSurfaceCopy(sdk, sdkPath, appended, opaque);
    const definitions = generateDefinitions({
      scratch: installed.scratch,
      expose: 'export',
      oldProgram: program,
      roots: [
        { file: copy.path, name: 'SDKMessage' },
        { file: copy.path, name: CAN_USE_TOOL_ARGS },
        { file: copy.path, name: 'PermissionResult' },
        ...(untyped ? [{ file: copy.path, name: UNTYPED_TOOL_INPUT }] : []),
        ...toolNames.flatMap((t) => (t.inputType ? [{ file: toolsPath, name: t.inputType }] : [])),
      ],
    });
    describeAppended(definitions, copy.appended);
    const schema = { $schema: 'http://json-schema.org/draft-07/schema#', definitions };

    const surface: Surface = {
      schema: SCHEMA,
      declarations: [SDK, TOOLS],
      unions: [
        {
          kind: 'sdk-message',
          type: 'SDKMessage',
          pointer: '#/definitions/SDKMessage',
          discriminant: 'type',
          subDiscriminant: 'subtype',
          members,
        },
        ...streamUnions(schema),
      ],
      unresolved: [...undeclared].map(([name, line]) => ({ name, file: SDK, line })),
      // Only the opaque imports the extracted surface reaches.
      opaque: opaque.filter((o) => o.name in definitions).map(({ name, from }) => ({ name, from })),
      tools: toolNames.map((t) => ({ ...t, pointer: joinPointer('#/definitions', t.inputType ?? UNTYPED_TOOL_INPUT) })),
      permission: {
        name: 'canUseTool',
        type: 'CanUseTool',
        pointer: joinPointer('#/definitions', CAN_USE_TOOL_ARGS),
        parameters: params.map((p) => ({ name: p.name, optional: p.optional, ...(p.keys ? { keys: p.keys } : {}) })),
        resultType: 'PermissionResult',
        resultPointer: '#/definitions/PermissionResult',
      },
    };
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, SCHEMA), stableJson(schema));
    writeFileSync(join(outDir, 'surface.json'), stableJson(surface));

    const steps = [
      `npm install ${pkg}@${version}`,
      ...(completed.command ? [`${completed.command}: imports ${SDK} needs that the package does not install`] : []),
      `ts-morph (SDKMessage members, undeclared names as unknown stubs, CanUseTool parameters, ToolInputSchemas, BUILTIN_TOOL_NAMES; value-derived imports kept opaque)${list?.source === 'cli.js-registry' ? ' + the tool registry of cli.js (tool list)' : ''}${cli ? ` + string literals of ${cli.kind === 'cli.js' ? 'cli.js' : 'the native CLI binary'} (tool names)` : ''} + ts-json-schema-generator (skipTypeCheck) -> ${SCHEMA}, surface.json`,
    ];
    return { command: steps.join('; ') };
  },
};

function readDeclaration(packageDir: string, rel: string): string {
  const file = join(packageDir, rel);
  if (!existsSync(file)) throw missing(rel, 'this file');
  return readFileSync(file, 'utf8');
}

/** The tool list of a bundled cli.js (0.2.x); a native binary is not parsed (see cli-tool-registry.ts). */
function cliRegistry(cli: ReturnType<typeof findCli>): ToolList | undefined {
  if (cli?.kind !== 'cli.js') return undefined;
  const found = registryToolNames(readFileSync(cli.file, 'utf8'));
  return found && { names: found.names, source: 'cli.js-registry' };
}

function requireUnion(file: DeclarationFile, name: string): string[] {
  const alias = findTypeAlias(file, name);
  const members = alias && unionMemberNames(alias);
  if (!members) throw missing(file.rel, `a \`type ${name} = A | B | ...\` union`);
  return members;
}

function missing(rel: string, what: string): EventmapError {
  return new EventmapError({
    code: 'upstream/unexpected-declarations',
    message: `the claude-agent-sdk package's ${rel} lacks ${what}`,
    hint: 'this version is shaped differently from the ones eventmap knows; update generator/upstream/claude-agent-sdk.ts',
    file: rel,
  });
}

/**
 * The Messages-API unions inside `stream_event`: the event union (SDKPartialAssistantMessage.event),
 * the `content_block` of content_block_start and the `delta` of content_block_delta. Found by
 * walking the generated schema from the `stream_event` member, not by their @anthropic-ai/sdk names.
 */
function streamUnions(schema: { definitions: Record<string, unknown> }): SurfaceUnion[] {
  const eventsAt = pointerOfProperty(schema, '#/definitions/SDKMessage', 'stream_event', 'event');
  const blocksAt = pointerOfProperty(schema, eventsAt, 'content_block_start', 'content_block');
  const deltasAt = pointerOfProperty(schema, eventsAt, 'content_block_delta', 'delta');
  const name = (p: string) => p.replace(/^#\/definitions\//, '').replace(/\/properties\/([^/]+)$/, '["$1"]');
  return [
    { kind: 'stream-event', type: name(eventsAt), pointer: eventsAt, discriminant: 'type' },
    { kind: 'content-block', type: name(blocksAt), pointer: blocksAt, discriminant: 'type' },
    { kind: 'content-delta', type: name(deltasAt), pointer: deltasAt, discriminant: 'type' },
  ];
}

/** Pointer (past `$ref`s) of property `prop` of the member of union `unionAt` whose `type` is `type`. */
function pointerOfProperty(doc: unknown, unionAt: string, type: string, prop: string): string {
  for (const { pointer } of unionLeaves(doc, unionAt) ?? []) {
    const member = getAtPointer(doc, pointer);
    if (!isObj(member) || !isObj(member.properties) || !stringLiterals(member.properties.type).includes(type)) continue;
    if (member.properties[prop] !== undefined) return derefPointer(doc, joinPointer(pointer, 'properties', prop));
  }
  throw new EventmapError({
    code: 'upstream/unexpected-declarations',
    message: `the generated schema has no \`${type}\` member with \`${prop}\` under ${unionAt}`,
    hint: 'the stream event types changed shape; update generator/upstream/claude-agent-sdk.ts',
  });
}
