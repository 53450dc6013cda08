// Codex TypeScript SDK framing: one ThreadEvent per line (what `thread.runStreamed()` yields),
// dispatched by `type`. A stream is one thread's: thread.started names it, the events after it
// do not, so they belong to the last thread started.
import { holdPrompt } from '../helpers/runs.ts';
import { idOf, obj } from '../values.ts';
import { dispatch } from './dispatch.ts';
import type { Framing, MapperTables } from './types.ts';

const SOURCE = 'codex-sdk';

export function codexSdkFraming(tables: MapperTables): Framing {
  return {
    valueMaps: tables.VALUE_MAPS,
    route(input, ctx, stats, validate) {
      const m = obj(input);
      const type = m && typeof m.type === 'string' ? m.type : undefined;
      ctx.begin(
        type !== undefined
          ? { source: 'codex.sdk.thread-event', messageType: type, payload: input }
          : { source: 'codex.sdk.thread-event', payload: input },
        undefined,
      );
      if (type === undefined) {
        stats.invalid++;
        ctx.warn(`${SOURCE}: not a ThreadEvent (no \`type\`)`, { kind: 'invalid-message' });
        return;
      }
      if (type === 'thread.started') ctx.currentThread = idOf(m!.thread_id) ?? ctx.currentThread;
      dispatch(SOURCE, tables, 'thread-event', type, m, ctx, stats, validate);
    },
    reply(input, ctx, stats) {
      const r = obj(input);
      ctx.begin({ source: 'codex.sdk.thread-event', messageType: 'prompt', payload: input }, undefined);
      if (r?.kind !== 'prompt' || !holdPrompt(ctx, r.prompt)) {
        stats.invalid++;
        ctx.warn(
          `${SOURCE}: a reply is \`{kind: 'prompt', prompt}\`: what the app gave thread.run() (the SDK asks nothing)`,
          {
            kind: 'invalid-message',
          },
        );
        return;
      }
      stats.clientTraffic++;
    },
  };
}
