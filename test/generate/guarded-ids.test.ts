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
    const never = { path: '$.type', equals: 'thread.started' };
    doc.setIn(
      ['mappings', 'codex-sdk', 'thread-event', 'turn.started', 'emit'],
      doc.createNode([{ ...turn, when: never }, turn]),
    );
    // No helpers after it: their ids would be the first emit's, computed for every message.
    doc.deleteIn(['mappings', 'codex-sdk', 'thread-event', 'turn.started', 'after']);
    // A mapper with `after` helpers (closeTurn): its first id set stays outside, later ones not.
    const completed = { type: 'turn.completed', payload: { state: 'completed', usage: '$.usage' } };
    doc.setIn(
      ['mappings', 'codex-sdk', 'thread-event', 'turn.completed', 'emit'],
      doc.createNode([completed, { ...turn, when: never }]),
    );
  });
});
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
      for (const type of ['turn.started', 'turn.completed']) {
        ctx.out = [];
        ctx.begin({ source: 'codex.sdk.thread-event', messageType: type, payload: {} }, undefined);
        mappers.MAPPERS['thread-event']![type]!({ type, usage: {} }, ctx);
        for (const e of ctx.out) turns.push(`${e.type} ${e.providerRefs?.providerTurnId}`);
      }
    }
    expect(turns).toEqual([1, 2, 3].flatMap((n) => [`turn.started t#turn-${n}`, `turn.completed t#turn-${n}`]));
  });
});
