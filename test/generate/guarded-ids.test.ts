// An emit under `when` computes its ids inside the condition when a helper computes them: a helper
// may count (newTurnId numbers a thread's turns), and an event that is not emitted must not count.
// Before, the ids were computed ahead of the condition, for every message.
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MapContext } from '../../runtime/context.ts';
import { generate, hostileProject, type HostileProject } from '../security/hostile-project.ts';

let p: HostileProject;
beforeAll(() => {
  p = hostileProject(['codex-sdk']);
  p.editYaml('mapping-spec.yaml', (doc) => {
    // turn.started twice over: once only for a turn that carries a marker no real message has.
    const turn = { type: 'turn.started', ids: { turn: { helper: 'newTurnId' } }, payload: {} };
    doc.setIn(
      ['mappings', 'codex-sdk', 'thread-event', 'turn.started', 'emit'],
      doc.createNode([{ ...turn, when: { path: '$.type', equals: 'thread.started' } }, turn]),
    );
  });
}, 60_000);
afterAll(() => p.remove());

describe('ids under a `when`', () => {
  it('are computed only for an emitted event', async () => {
    const outcome = await generate(p);
    if (outcome.kind !== 'generated') throw new Error(JSON.stringify(outcome.diagnostics));
    const mappers = (await import(pathToFileURL(p.at('generated', 'codex-sdk', 'mappers.ts')).href)) as {
      MAPPERS: Record<string, Record<string, (m: unknown, ctx: MapContext) => void>>;
    };
    const ctx = new MapContext({ provider: 'codex', source: 'codex-sdk', sessionId: 's', clock: () => 0 });
    ctx.currentThread = 't';
    const turns: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      ctx.out = [];
      ctx.begin({ source: 'codex.sdk.thread-event', messageType: 'turn.started', payload: {} }, undefined);
      mappers.MAPPERS['thread-event']!['turn.started']!({ type: 'turn.started' }, ctx);
      turns.push(...ctx.out.map((e) => e.providerRefs?.providerTurnId));
      ctx.lifecycle.thread('t').turn = undefined; // as if the turn ended
    }
    expect(turns).toEqual(['t#turn-1', 't#turn-2', 't#turn-3']);
  }, 120_000);
});
