// The Codex SDK's ThreadEvent stream (hand-made from the 0.163.0 declarations; no recording yet).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer } from '../../runtime/index.ts';

const lines = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'hand-made', 'codex-sdk-thread-events.jsonl'), 'utf8').split('\n').filter(Boolean);

describe('codex-sdk ThreadEvents', () => {
  const n = createNormalizer('codex-sdk', { clock: () => 0 });
  const events = lines.flatMap((l) => n.push(l));

  it('maps every event type, all valid, none unknown', () => {
    expect(n.stats).toMatchObject({ unknown: 0, invalid: 0, messages: lines.length });
    expect(events.filter((e) => !validateProviderRuntimeEvent(e))).toEqual([]);
    expect(new Set(events.map((e) => e.provider))).toEqual(new Set(['codex']));
  });

  it('maps the 8 item types to canonical item types', () => {
    const types = Object.fromEntries(events.filter((e) => e.type.startsWith('item.') && e.payload.data).map((e) => [(e.payload.data as { type: string }).type, e.payload.itemType]));
    expect(types).toEqual({ reasoning: 'reasoning', todo_list: 'plan', command_execution: 'command_execution', mcp_tool_call: 'mcp_tool_call', web_search: 'web_search', file_change: 'file_change', error: 'error', agent_message: 'assistant_message' });
  });

  it('gives each turn its own id, and turn.failed gives runtime.error + turn.completed(failed)', () => {
    const turns = events.filter((e) => e.type === 'turn.started').map((e) => e.turnId);
    expect(new Set(turns).size).toBe(2);
    const failed = events.filter((e) => e.type === 'turn.completed').map((e) => [e.turnId, e.payload.state]);
    expect(failed).toEqual([[turns[0], 'completed'], [turns[1], 'failed']]);
    const last = events.slice(-4).map((e) => e.type);
    // What the failed turn left open closes before its turn.completed.
    expect(last).toEqual(['runtime.error', 'runtime.error', 'item.completed', 'turn.completed']);
  });

  it('closes the item the failed turn left running', () => {
    const closed = events.filter((e) => e.type === 'item.completed' && e.providerRefs?.providerItemId === 'item_8');
    expect(closed.map((e) => e.payload.status)).toEqual(['failed']);
  });
});
