// The origin count behind docs/decisions.md's helper share: every event of the recordings is
// attributed once, and the count is over what the normalizer really emits.
import { describe, expect, it } from 'vitest';
import { createNormalizer } from '../../runtime/index.ts';
import { transcripts } from '../conformance/transcripts.ts';
import { countOrigins, helperShare } from './event-origins.ts';

describe('event origins', () => {
  const recordings = transcripts('claude-agent-sdk').filter((t) => t.file.endsWith('.events.jsonl'));

  it('attributes every event the normalizer emits exactly once', () => {
    expect(recordings.length).toBeGreaterThan(0);
    const sessions = recordings.map((t) => t.records);
    const { total, byOrigin } = countOrigins('claude-agent-sdk', sessions);
    let emitted = 0;
    for (const records of sessions) {
      const n = createNormalizer('claude-agent-sdk', { clock: () => 0 });
      for (const r of records) emitted += n.push(r as never).length;
    }
    expect(total).toBe(emitted);
    expect(Object.values(byOrigin).reduce((a, b) => a + b, 0)).toBe(total);
    expect(byOrigin.spec).toBeGreaterThan(0);
    // Streamed tool uses start in the spec now; what needs state across messages stays in helpers.
    expect(byOrigin['helper:claudeUser']).toBeGreaterThan(0);
  });

  it('reports a share per recorded version', () => {
    const rows = helperShare('claude-agent-sdk');
    expect(rows.map((r) => r.version).sort()).toEqual([...new Set(recordings.map((t) => t.version))].sort());
    for (const r of rows) expect(r.helpers).toBeLessThan(r.total);
  });
});
