// The upstream emitters on a small made-up catalog shaped like the TypeScript-derived sources
// (claude-agent-sdk, codex-sdk): entries that are definitions, union members that are bare
// `$ref`s, `$ref`s with sibling keywords, definition names that are not identifiers, `type:subtype`
// discriminants, an unresolved entry and a value kind that must be left out.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalog, CatalogEntry } from '../../generator/catalog/types.ts';
import type { JsonSchema } from '../../generator/schema/types.ts';
import { emitUpstreamTypes } from '../../generator/emit/upstream-types.ts';
import { emitUpstreamValidators } from '../../generator/emit/upstream-validators.ts';
import { STRICT_TSCONFIG, tsc, withoutComments, writeTemp } from './upstream-support.ts';

const DOC = 'sdk.schema.json';

function snapshot(version: string, bodyRequired: boolean, extra: Record<string, unknown> = {}): Catalog {
  const doc = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    definitions: {
      SDKMessage: { anyOf: [{ $ref: '#/definitions/SDKAssistantMessage' }, { $ref: '#/definitions/SDKSystemInit' }] },
      SDKAssistantMessage: {
        type: 'object',
        description: 'An assistant turn.',
        properties: {
          type: { type: 'string', const: 'assistant' },
          message: { $ref: '#/definitions/Partial%3CBody%3E', description: 'The body, possibly partial.' },
          count: { type: 'integer', format: 'uint8' },
        },
        required: ['type', 'message'],
      },
      'Partial<Body>': {
        type: 'object',
        properties: { text: { type: 'string' }, title: { type: 'string' } },
        required: bodyRequired ? ['text'] : [],
      },
      SDKSystemInit: {
        type: 'object',
        properties: {
          type: { type: 'string', const: 'system' },
          subtype: { type: 'string', const: 'init' },
          tools: { type: 'array', items: { type: 'string' } },
        },
        required: ['type', 'subtype', 'tools'],
      },
      CanUseToolArguments: {
        type: 'object',
        properties: { toolName: { type: 'string' }, input: { type: 'object', additionalProperties: {} } },
        required: ['toolName', 'input'],
      },
      ...extra,
    },
  };
  const entries: CatalogEntry[] = [
    { kind: 'permission', name: 'canUseTool', document: DOC, pointer: '#/definitions/CanUseToolArguments' },
    { kind: 'sdk-message', name: 'assistant', document: DOC, pointer: '#/definitions/SDKAssistantMessage' },
    { kind: 'sdk-message', name: 'system:init', document: DOC, pointer: '#/definitions/SDKMessage/anyOf/1' },
    { kind: 'tool', name: 'Bash', document: DOC, pointer: '#/definitions/CanUseToolArguments' },
  ];
  if (version === '1.0.0')
    entries.push({
      kind: 'sdk-message',
      name: 'user[isReplay]',
      document: DOC,
      pointer: '#/definitions/SDKAssistantMessage',
    });
  if (version === '2.0.0')
    entries.push({
      kind: 'sdk-message',
      name: 'mystery',
      document: DOC,
      pointer: '#/definitions/Mystery',
      unresolved: true,
    });
  return {
    source: 'claude-agent-sdk',
    version,
    dir: `/nonexistent/${version}`,
    entries,
    enums: {},
    documents: { [DOC]: doc as JsonSchema },
  };
}

const catalogs = [snapshot('1.0.0', false), snapshot('2.0.0', true)];
type Validate = (
  kind: string,
  name: string,
  message: unknown,
) => { ok: boolean; errors?: Array<{ instancePath: string; message: string; version: string }> };
let types: string;
let validateUpstream: Validate;

beforeAll(async () => {
  types = (await emitUpstreamTypes(catalogs)).get('claude-agent-sdk/upstream-types.ts')!;
  const files = emitUpstreamValidators(catalogs);
  const dir = writeTemp('eventmap-upstream-generic-', Object.fromEntries(files));
  ({ validateUpstream } = (await import(pathToFileURL(join(dir, 'claude-agent-sdk/upstream-validators.js')).href)) as {
    validateUpstream: Validate;
  });
});

describe('upstream emitters on a TypeScript-derived catalog', () => {
  it('maps message kinds only, with sanitised names, each the union of its distinct types over the snapshots', () => {
    expect(types).toContain(
      'export interface MessageByKind {\n  "permission": PermissionByName;\n  "sdk-message": SdkMessageByName;\n}',
    );
    expect(types).not.toContain('ToolByName');
    expect(types).toContain('"system:init": SdkMessageSystemInit;');
    // `Partial<Body>` requires `text` in 2.0.0 only: the assistant message differs, system:init does not.
    expect(types).toContain(
      'export type SdkMessageAssistant = v1_0_0.SdkMessageAssistant | v2_0_0.SdkMessageAssistant;',
    );
    expect(types).toContain('export type SdkMessageSystemInit = v1_0_0.SdkMessageSystemInit;');
    expect(types).toContain('export type SdkMessageUserIsReplay = v1_0_0.SdkMessageUserIsReplay;');
  });

  it('declares a type both snapshots print the same once, in the older namespace, and names it from there', () => {
    const v2 = types.slice(types.indexOf('export namespace v2_0_0 {'));
    expect(v2).toMatch(/^export interface PartialBody\b/m);
    expect(v2).not.toMatch(/^export (?:interface|type) (?:SDKSystemInit|SdkMessageSystemInit|CanUseToolArguments)\b/m);
    expect(types.match(/^export interface SDKSystemInit\b/gm)).toHaveLength(1);
  });

  it('aliases entries that are definitions instead of copying them, and names definitions on purpose', () => {
    expect(types).toContain('export type SdkMessageAssistant = SDKAssistantMessage');
    expect(types).toMatch(/message: PartialBody\b/);
    expect(types).toMatch(/export type SdkMessageMystery = unknown/);
    expect(withoutComments(types)).not.toMatch(/\bany\b|PartialBody1|SDKAssistantMessage1/);
  });

  it('compiles under tsc --strict', () => {
    const usage = [
      "import type { SdkMessageByName } from './upstream-types.js';",
      "export const init: SdkMessageByName['system:init'] = { type: 'system', subtype: 'init', tools: [] };",
      "export const text: SdkMessageByName['assistant']['message']['text'] = 'hi';",
    ].join('\n');
    const dir = writeTemp('eventmap-upstream-generic-tsc-', {
      'upstream-types.ts': types,
      'usage.ts': usage,
      'tsconfig.json': STRICT_TSCONFIG,
      'package.json': '{"type":"module"}',
    });
    expect(tsc(dir)).toBe('');
  });

  it('accepts a message any supported version accepts, and reports each version otherwise', () => {
    // 2.0.0 requires message.text, 1.0.0 does not.
    expect(validateUpstream('sdk-message', 'assistant', { type: 'assistant', message: {} }).ok).toBe(true);
    const bad = validateUpstream('sdk-message', 'assistant', { type: 'assistant', message: {}, count: 300 });
    expect(bad.ok).toBe(false);
    expect(bad.errors).toContainEqual({ instancePath: '/count', message: 'must be <= 255', version: '1.0.0' });
    expect(bad.errors).toContainEqual({
      instancePath: '/message',
      message: "must have required property 'text'",
      version: '2.0.0',
    });
    expect(
      validateUpstream('sdk-message', 'system:init', { type: 'system', subtype: 'init', tools: ['Bash'] }).ok,
    ).toBe(true);
    expect(validateUpstream('sdk-message', 'system:init', { type: 'system', subtype: 'init' }).ok).toBe(false);
    expect(validateUpstream('permission', 'canUseTool', { toolName: 'Bash', input: { command: 'ls' } }).ok).toBe(true);
  });

  it('accepts anything for an unresolved entry and nothing for value kinds', () => {
    expect(validateUpstream('sdk-message', 'mystery', { anything: true }).ok).toBe(true);
    expect(validateUpstream('tool', 'Bash', { toolName: 'Bash', input: {} }).ok).toBe(false);
  });
});
