// createdAt is read once per message (runtime/context.ts): every event of one upstream message
// carries the same time even when the clock ticks between them, on every recorded transcript.
import { describe, expect, it } from 'vitest';
import { createNormalizer } from '../../runtime/index.ts';
import { transcripts } from '../conformance/transcripts.ts';

describe('createdAt', () => {
  it('is one time per message, the clock read at most once for it', () => {
    let several = 0;
    for (const t of transcripts()) {
      let now = Date.UTC(2026, 0, 1);
      let reads = 0;
      const n = createNormalizer(t.source, {
        clock: () => {
          reads++;
          return (now += 7); // a clock that moves on every read
        },
        sessionId: 's',
      });
      let messagesWithEvents = 0;
      for (const line of t.lines) {
        const events = n.push(line);
        if (events.length === 0) continue;
        messagesWithEvents++;
        if (events.length > 1) several++;
        expect(new Set(events.map((e) => e.createdAt)).size, `${t.file}: ${line.slice(0, 120)}`).toBe(1);
      }
      expect(reads, t.file).toBeLessThanOrEqual(messagesWithEvents);
    }
    expect(several).toBeGreaterThan(0);
  });
});
