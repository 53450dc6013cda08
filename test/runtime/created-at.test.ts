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

describe('one clock rule (recorded times where the input carries them, the clock otherwise, advanced from them)', () => {
  // A replay today of a session recorded in 2026: what the clock says now is far from what was recorded.
  const today = Date.UTC(2030, 5, 1);

  it('a Codex replay keeps the recording’s timeline: server requests (no time of their own) and the app’s replies too', () => {
    for (const t of transcripts('codex-app-server').filter((t) => t.file.endsWith('.both.jsonl'))) {
      const n = createNormalizer(t.source, { clock: () => today, sessionId: 's' });
      const events = t.lines.flatMap((l) => n.push(l));
      const stamped = t.records.some((r) => typeof r.line === 'string' && r.line.includes('"emittedAtMs"'));
      if (!stamped) continue; // 0.105.0 carries no times: every event has the clock's
      const years = new Set(events.map((e) => e.createdAt.slice(0, 4)));
      expect([...years], t.file).not.toContain('2030');
      // …and in order: no event is stamped before one of an earlier message.
      const times = events.map((e) => Date.parse(e.createdAt));
      expect(
        times.every((x, i) => i === 0 || x >= times[i - 1]!),
        t.file,
      ).toBe(true);
    }
  });

  it.each([
    [
      'before any recorded time: the clock',
      [{ method: 'windowsSandbox/setupCompleted', params: { success: true } }],
      [today + 5], // the clock moves 5 ms on every read
    ],
    [
      'after one: that time plus the clock’s time since',
      [
        { method: 'windowsSandbox/setupCompleted', params: { success: true }, emittedAtMs: Date.UTC(2026, 0, 1) },
        { method: 'windowsSandbox/setupCompleted', params: { success: true } },
      ],
      [Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 1) + 5],
    ],
  ])('%s', (_name, messages, want) => {
    let now = today;
    const n = createNormalizer('codex-app-server', { clock: () => (now += 5), sessionId: 's' });
    expect(messages.map((m) => Date.parse(n.push(m as never)[0]!.createdAt))).toEqual(want);
  });
});
