// The app's replies are first-class input (issue 28): a live app pushes what the upstream writes and
// hands `reply()` what it sends back. On every real capture with both sides, that gives exactly the
// decisions the capture format gives (test/parity holds those to docs/parity.md); with the server's
// side alone, no decision is invented: what was decided is `unobserved`.
import { describe, expect, it } from 'vitest';
import { createNormalizer as claudeNormalizer } from '../../runtime/entries/claude-agent-sdk.ts';
import { createNormalizer as codexNormalizer } from '../../runtime/entries/codex-app-server.ts';
import { createNormalizer } from '../../runtime/index.ts';
import type { ProviderRuntimeEvent } from '../../runtime/index.ts';
import { transcripts } from '../conformance/transcripts.ts';

type Rec = Record<string, any>;
const decisions = (events: ProviderRuntimeEvent[]) =>
  events.flatMap((e) =>
    e.type === 'request.resolved' ? [[e.providerRefs?.providerRequestId, e.payload.decision]] : [],
  );

describe('codex-app-server: server side pushed, the app’s side replied', () => {
  for (const t of transcripts('codex-app-server').filter((t) => t.file.endsWith('.both.jsonl'))) {
    const records = t.records as { dir: string; line: string }[];

    it(`${t.file}: the same decisions as the capture, every answered approval decided`, () => {
      const live = codexNormalizer({ sessionId: 's', clock: () => 0 });
      const events: ProviderRuntimeEvent[] = [];
      for (const r of records)
        events.push(...(r.dir === 's2c' ? live.push(r.line) : live.reply(JSON.parse(r.line) as never)));
      events.push(...live.end().events);
      const capture = createNormalizer('codex-app-server', { sessionId: 's', clock: () => 0 });
      const want = [...t.lines.flatMap((l) => capture.push(l)), ...capture.end().events];
      expect(decisions(events)).toEqual(decisions(want));
      const answered = new Set(
        records
          .filter((r) => r.dir === 'c2s')
          .map((r) => JSON.parse(r.line) as Rec)
          .filter((m) => m.method === undefined && 'result' in m)
          .map((m) => String(m.id)),
      );
      for (const [id, decision] of decisions(events))
        if (answered.has(String(id))) expect(decision, String(id)).not.toBe('unobserved');
      expect(decisions(events).length).toBeGreaterThan(0);
    });

    it(`${t.file}: the server's side alone invents no decision`, () => {
      const serverOnly = codexNormalizer({ sessionId: 's', clock: () => 0 });
      const events = records.filter((r) => r.dir === 's2c').flatMap((r) => serverOnly.push(r.line));
      events.push(...serverOnly.end().events);
      const got = decisions(events);
      expect(got.length).toBeGreaterThan(0);
      for (const [id, decision] of got) expect([id, decision]).toEqual([id, 'unobserved']);
    });
  }
});

describe('claude-agent-sdk: canUseTool pushed when called, its decision replied', () => {
  for (const t of transcripts('claude-agent-sdk').filter((t) => t.file.endsWith('.events.jsonl'))) {
    it(`${t.file}: the same decisions as records that carry them`, () => {
      const live = claudeNormalizer({ sessionId: 's', clock: () => 0 });
      const events: ProviderRuntimeEvent[] = [];
      for (const r of t.records as Rec[]) {
        if (r.kind !== 'permission') {
          events.push(...live.push(r as never));
          continue;
        }
        const { decision, ...call } = r;
        events.push(...live.push(call as never));
        if (decision !== undefined)
          events.push(...live.reply({ toolUseID: r.options.toolUseID, decision, signal: r.options.signal }));
      }
      events.push(...live.end().events);
      const capture = createNormalizer('claude-agent-sdk', { sessionId: 's', clock: () => 0 });
      const want = [...t.lines.flatMap((l) => capture.push(l)), ...capture.end().events];
      expect(decisions(events)).toEqual(decisions(want));
    });
  }

  it('a reply to no pending call, or with no decision, is a warning with raw', () => {
    const n = claudeNormalizer({ sessionId: 's' });
    for (const reply of [
      { toolUseID: 'toolu_none', decision: { behavior: 'allow', updatedInput: {} } },
      { toolUseID: 'x' },
    ]) {
      const out = n.reply(reply as never);
      expect(out.map((e) => [e.type, e.raw?.payload])).toEqual([['runtime.warning', reply]]);
    }
  });
});

describe('a misspelt record kind', () => {
  it('is a warning with raw, not the app’s traffic', () => {
    const n = claudeNormalizer({ sessionId: 's' });
    const record = { kind: 'permision', toolName: 'Bash', input: {}, options: { toolUseID: 't' } };
    expect(n.push(record as never).map((e) => [e.type, e.raw?.payload])).toEqual([['runtime.warning', record]]);
    expect(n.stats).toMatchObject({ invalid: 1, clientTraffic: 0 });
  });
});
