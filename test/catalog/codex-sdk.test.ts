// The codex-sdk catalog on the vendored snapshot.
import { describe, expect, it } from 'vitest';
import { getAtPointer } from '../../generator/schema/pointer.ts';
import { schemaProblems } from '../../generator/catalog/schema-checks.ts';
import { catalogCounts } from '../../generator/catalog/render.ts';
import { catalogOf } from './helpers.ts';

describe('codex-sdk@0.163.0', () => {
  const catalog = catalogOf('codex-sdk', '0.163.0');

  it('has the 8 ThreadEvent members and 8 ThreadItem types', () => {
    expect(catalogCounts(catalog)).toEqual({ 'sdk-item': 8, 'thread-event': 8 });
    expect(catalog.entries.filter((e) => e.kind === 'thread-event').map((e) => e.name)).toEqual([
      'error',
      'item.completed',
      'item.started',
      'item.updated',
      'thread.started',
      'turn.completed',
      'turn.failed',
      'turn.started',
    ]);
    expect(catalog.entries.filter((e) => e.kind === 'sdk-item').map((e) => e.name)).toEqual([
      'agent_message',
      'command_execution',
      'error',
      'file_change',
      'mcp_tool_call',
      'reasoning',
      'todo_list',
      'web_search',
    ]);
  });

  it('points every entry at a definition, with every $ref resolving', () => {
    for (const e of catalog.entries)
      expect(getAtPointer(catalog.documents[e.document], e.pointer), e.name).toBeDefined();
    for (const doc of Object.values(catalog.documents)) expect(schemaProblems(doc)).toEqual([]);
  });

  it('keeps the MCP ContentBlock (a zod-inferred type) opaque but present', () => {
    const doc = catalog.documents['index.schema.json'];
    expect(getAtPointer(doc, '#/definitions/ContentBlock')).toMatchObject({
      description: expect.stringContaining('@modelcontextprotocol/sdk'),
    });
  });

  it('reads the status enums', () => {
    expect(catalog.enums.CommandExecutionStatus?.values).toEqual(['in_progress', 'completed', 'failed']);
    expect(Object.keys(catalog.enums)).toEqual(['CommandExecutionStatus', 'McpToolCallStatus', 'PatchApplyStatus']);
  });
});
