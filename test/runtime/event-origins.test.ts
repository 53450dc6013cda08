// The origin count behind docs/decisions.md's helper share: every event of the recordings is
// attributed once, and the count is over what the normalizer really emits.
import { describe, expect, it } from 'vitest';
import { createNormalizer } from '../../runtime/index.ts';
import { transcripts, type Source } from '../conformance/transcripts.ts';
import { countOrigins, helperShare, HELPER_TABLES } from './event-origins.ts';

/** The events the normalizer emits for these sessions, unwrapped. */
function emitted(source: Source, sessions: unknown[][]): number {
  let n = 0;
  for (const records of sessions) {
    const normalizer = createNormalizer(source, { clock: () => 0 });
    for (const r of records) n += normalizer.push(r as never).length;
  }
  return n;
}

describe('event origins', () => {
  const recordings = transcripts('claude-agent-sdk').filter((t) => t.file.endsWith('.events.jsonl'));

  it('attributes every event the normalizer emits exactly once', () => {
    expect(recordings.length).toBeGreaterThan(0);
    const sessions = recordings.map((t) => t.records);
    const { total, byOrigin } = countOrigins('claude-agent-sdk', sessions);
    expect(total).toBe(emitted('claude-agent-sdk', sessions));
    expect(Object.values(byOrigin).reduce((a, b) => a + b, 0)).toBe(total);
    expect(byOrigin.spec).toBeGreaterThan(0);
    // Streamed tool uses start in the spec now; what needs state across messages stays in helpers.
    expect(byOrigin['helper:claudeUser']).toBeGreaterThan(0);
  });

  // Each source's mappers call their own table (generated/<source>/mappers.ts): wrapping it is
  // what attributes ACP's helpers, and the run leaves the table as it found it.
  it('attributes ACP events to the helpers of the ACP table, and restores it', () => {
    const sessions = transcripts('acp').map((t) => t.records);
    expect(sessions.length).toBeGreaterThan(0);
    const before = { ...HELPER_TABLES.acp };
    const { total, byOrigin } = countOrigins('acp', sessions);
    expect(total).toBe(emitted('acp', sessions));
    expect(byOrigin.spec).toBeGreaterThan(0);
    expect(byOrigin['helper:acpChunk']).toBeGreaterThan(0);
    expect(Object.keys(byOrigin).filter((o) => o.startsWith('helper:claude'))).toEqual([]);
    expect(HELPER_TABLES.acp).toEqual(before);
  });

  it('reports a share per recorded version', () => {
    const rows = helperShare('claude-agent-sdk');
    expect(rows.map((r) => r.version).sort()).toEqual([...new Set(recordings.map((t) => t.version))].sort());
    for (const r of rows) expect(r.helpers).toBeLessThan(r.total);
  });
});
