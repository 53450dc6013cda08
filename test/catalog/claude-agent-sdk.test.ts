// The claude-agent-sdk catalog on the vendored snapshots.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getAtPointer } from '../../generator/schema/pointer.ts';
import { schemaProblems } from '../../generator/catalog/schema-checks.ts';
import { catalogCounts } from '../../generator/catalog/render.ts';
import { catalogOf, ROOT, runCli } from './helpers.ts';

const byKind = (version: string, kind: string) =>
  catalogOf('claude-agent-sdk', version).entries.filter((e) => e.kind === kind);
const namesOf = (version: string, kind: string) => byKind(version, kind).map((e) => e.name);

describe.each(['0.2.62', '0.3.332'])('claude-agent-sdk@%s', (version) => {
  const catalog = catalogOf('claude-agent-sdk', version);

  it('points every entry at a schema whose $refs resolve inside its document', () => {
    for (const e of catalog.entries) {
      const doc = catalog.documents[e.document];
      expect(getAtPointer(doc, e.pointer), `${e.kind} ${e.name}`).toBeDefined();
    }
    for (const doc of Object.values(catalog.documents)) expect(schemaProblems(doc)).toEqual([]);
  });

  it('names system and result messages type:subtype, the others by type', () => {
    const names = namesOf(version, 'sdk-message');
    expect(names).toEqual(
      expect.arrayContaining([
        'assistant',
        'stream_event',
        'system:init',
        'system:status',
        'system:compact_boundary',
        'result:success',
        'result:error_max_turns',
        'tool_progress',
      ]),
    );
    expect(names.filter((n) => n === 'system' || n === 'result')).toEqual([]);
  });

  it('keeps the user replay apart from user', () => {
    const users = byKind(version, 'sdk-message').filter((e) => e.name.startsWith('user'));
    expect(users.map((e) => [e.name, e.meta?.typeName])).toEqual([
      ['user', 'SDKUserMessage'],
      ['user[isReplay]', 'SDKUserMessageReplay'],
    ]);
  });

  it('reads the stream events, content blocks and deltas from @anthropic-ai/sdk', () => {
    expect(namesOf(version, 'stream-event')).toEqual([
      'content_block_delta',
      'content_block_start',
      'content_block_stop',
      'message_delta',
      'message_start',
      'message_stop',
    ]);
    expect(namesOf(version, 'content-block')).toEqual(
      expect.arrayContaining(['text', 'thinking', 'redacted_thinking', 'tool_use', 'server_tool_use', 'mcp_tool_use']),
    );
    expect(namesOf(version, 'content-delta')).toEqual(
      expect.arrayContaining([
        'text_delta',
        'input_json_delta',
        'thinking_delta',
        'signature_delta',
        'citations_delta',
      ]),
    );
  });

  it('names each tool and records its input type', () => {
    const tools = new Map(byKind(version, 'tool').map((e) => [e.name, e.meta?.inputType]));
    expect(tools.get('Bash')).toBe('BashInput');
    expect(tools.get('Edit')).toBe('FileEditInput');
    expect(tools.get('Read')).toBe('FileReadInput');
    expect(tools.get('Write')).toBe('FileWriteInput');
    expect(tools.get('TodoWrite')).toBe('TodoWriteInput');
    expect(tools.get('Agent')).toBe('AgentInput');
    expect(tools.get('ListMcpResourcesTool')).toBe('ListMcpResourcesInput');
  });

  it('describes canUseTool as {toolName, input, options} answered by a PermissionResult', () => {
    const [permission] = byKind(version, 'permission');
    expect(permission?.name).toBe('canUseTool');
    const schema = getAtPointer(catalog.documents[permission!.document], permission!.pointer) as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(schema.properties).sort()).toEqual(['input', 'options', 'toolName']);
    expect(schema.required.sort()).toEqual(['input', 'options', 'toolName']);
    const answer = permission!.response!;
    expect(answer).toMatchObject({ type: 'PermissionResult', document: permission!.document });
    if ('missing' in answer) throw new Error(answer.missing);
    const result = getAtPointer(catalog.documents[answer.document], answer.pointer) as { anyOf: unknown[] };
    expect(result.anyOf.length).toBeGreaterThanOrEqual(2);
  });

  it('types result usage as numbers (NonNullable<BetaUsage[K]> converted as meant)', () => {
    const success = byKind(version, 'sdk-message').find((e) => e.name === 'result:success')!;
    const doc = catalog.documents[success.document];
    const usage = getAtPointer(
      doc,
      (getAtPointer(doc, `${success.pointer}/properties/usage`) as { $ref: string }).$ref,
    ) as { properties: Record<string, unknown> };
    expect(usage.properties.input_tokens).toMatchObject({ type: 'number' });
    expect(usage.properties.cache_read_input_tokens).toMatchObject({ type: 'number' });
  });

  it('reads the enums a mapping translates', () => {
    expect(catalog.enums.PermissionBehavior?.values).toEqual(['allow', 'deny', 'ask']);
    expect(catalog.enums.BetaStopReason?.values).toContain('end_turn');
    expect(catalog.enums.PermissionMode?.values).toContain('bypassPermissions');
  });

  it('lets paths be read from the message root (assistant: message.content)', () => {
    const assistant = byKind(version, 'sdk-message').find((e) => e.name === 'assistant')!;
    const doc = catalog.documents[assistant.document];
    const schema = getAtPointer(doc, assistant.pointer) as {
      properties: { message: { $ref: string }; parent_tool_use_id: unknown };
    };
    expect(schema.properties.parent_tool_use_id).toBeDefined();
    const message = getAtPointer(doc, schema.properties.message.$ref) as { properties: Record<string, unknown> };
    expect(message.properties.content).toBeDefined();
  });
});

describe('counts', () => {
  it('0.3.332: 40 SDKMessage members, 44 discriminants (SDKResultError pins 4 subtypes, SDKResultMessage nests 2 members)', () => {
    const c = catalogCounts(catalogOf('claude-agent-sdk', '0.3.332'));
    expect(c['sdk-message']).toBe(44);
    expect(new Set(byKind('0.3.332', 'sdk-message').map((e) => e.meta?.member)).size).toBe(40);
    expect(c['stream-event']).toBe(6);
    expect(c.permission).toBe(1);
  });

  it('0.2.62: 20 SDKMessage members, 2 of them unresolved', () => {
    const messages = byKind('0.2.62', 'sdk-message');
    expect(new Set(messages.map((e) => e.meta?.member)).size).toBe(20);
    expect(messages.filter((e) => e.unresolved).map((e) => e.name)).toEqual([
      'SDKPromptSuggestionMessage',
      'SDKRateLimitEvent',
    ]);
    expect(messages.filter((e) => e.unresolved).map((e) => e.meta?.declaredAt)).toEqual([
      'sdk.d.ts:1593',
      'sdk.d.ts:1593',
    ]);
  });
});

describe('the vendored snapshot files', () => {
  it.each(['0.2.62', '0.3.332'])('%s: names no absolute path and matches provenance.json', (version) => {
    const dir = join(ROOT, 'upstream-schemas/claude-agent-sdk', version);
    const provenance = JSON.parse(readFileSync(join(dir, 'provenance.json'), 'utf8')) as {
      files: Record<string, string>;
    };
    expect(Object.keys(provenance.files)).toEqual(['sdk.schema.json', 'surface.json']);
    for (const file of Object.keys(provenance.files))
      expect(readFileSync(join(dir, file), 'utf8')).not.toMatch(/\/tmp\/|eventmap-claude|\/home\//);
  });
});

describe('eventmap catalog --format json', () => {
  it('lists the SDKMessage members with their schema', async () => {
    const r = await runCli(['catalog', 'claude-agent-sdk@0.2.62', '--format', 'json']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as {
      entries: { kind: string; name: string; unresolved?: boolean; schema: unknown }[];
    };
    const messages = out.entries.filter((e) => e.kind === 'sdk-message');
    expect(messages.find((e) => e.name === 'system:init')?.schema).toBeTruthy();
    expect(messages.filter((e) => e.unresolved).map((e) => e.name)).toEqual([
      'SDKPromptSuggestionMessage',
      'SDKRateLimitEvent',
    ]);
  });
});
