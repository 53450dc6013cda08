// Claude Agent SDK framing. Input records (docs: README "Input format (claude-agent-sdk)"):
//   {"kind":"message","message":SDKMessage} | {"kind":"permission",toolName,input,options,decision}
//   | a bare SDKMessage | other capture records ({"kind":"hook"|"meta",...}: the app's own side).
// SDKMessages dispatch by `type`, `type:subtype` (system, result) or `user[isReplay]`; a
// stream_event by its inner event type (kind stream-event). A canUseTool record is both the
// request (request.opened) and, when it carries `decision`, its answer (the entry's response).
// A `result` always ends the turn: one of a subtype the spec does not know is mapped as a failed
// execution's, with a warning. The thread of a message is its session_id (permission records have
// none: they belong to the last session seen).
import type { MapContext } from '../context.ts';
import { claudeThreadStarted, flushHeld } from '../helpers/claude-turns.ts';
import { idOf, obj } from '../values.ts';
import { claudeMessageName } from './discriminant.ts';
import { dispatch } from './dispatch.ts';
import { entry } from './lookup.ts';
import type { Framing, MapperTables, NormalizeStats, UpstreamValidator } from './types.ts';

const SOURCE = 'claude-agent-sdk';
/** The entry an unknown `result:<subtype>` is mapped with. */
const RESULT_FALLBACK = 'result:error_during_execution';

export function claudeAgentSdkFraming(tables: MapperTables): Framing {
  return {
    valueMaps: tables.VALUE_MAPS,
    route(input, ctx, stats, validate) {
      const rec = obj(input);
      if (rec && rec.kind === 'permission') return routePermission(rec, ctx, stats, tables, validate);
      const message =
        rec && rec.kind === 'message' ? rec.message : rec && typeof rec.type === 'string' ? rec : undefined;
      if (rec && message === undefined && typeof rec.kind === 'string') {
        stats.clientTraffic++; // the app's own side of a capture: SDK callback hooks, driver markers
        return;
      }
      const m = obj(message);
      const type = m && typeof m.type === 'string' ? m.type : undefined;
      if (!m || type === undefined) {
        ctx.begin({ source: 'claude.sdk.message', payload: input }, undefined);
        stats.invalid++;
        ctx.warn(`${SOURCE}: not an SDKMessage (no \`type\`)`, { kind: 'invalid-message' });
        return;
      }
      let name = claudeMessageName(type, m);
      ctx.begin({ source: 'claude.sdk.message', messageType: name, payload: m }, undefined);
      const session = idOf(m.session_id);
      if (session !== undefined) {
        ctx.currentThread = session;
        claudeThreadStarted(ctx, session);
      }
      // A tool's held error result was not an interrupt's if anything but a user message or the result follows it.
      if (type !== 'user' && type !== 'result') flushHeld(ctx, 'failed');
      if (type === 'result' && entry(tables.MAPPERS['sdk-message'], name) === undefined) {
        stats.unknown++;
        ctx.warn(
          `${SOURCE}: unknown result \`${name}\`; ended the turn as ${RESULT_FALLBACK} does (a newer upstream?)`,
          { kind: 'unknown-message', messageKind: 'sdk-message', name },
        );
        name = RESULT_FALLBACK;
      }
      // Subagent messages after their parent's turn ended belong to that turn, and open none.
      const thread = ctx.thread;
      const late = idOf(m.parent_tool_use_id) !== undefined && thread.turn === undefined;
      if (late) thread.turn = thread.lastTurn;
      if (type === 'stream_event') {
        const inner = obj(m.event)?.type;
        // `$` of a stream-event entry is the inner event (the catalog's schema for it).
        dispatch(
          SOURCE,
          tables,
          'stream-event',
          typeof inner === 'string' ? inner : '(no event type)',
          m.event,
          ctx,
          stats,
          validate,
        );
      } else {
        dispatch(SOURCE, tables, 'sdk-message', name, m, ctx, stats, validate);
      }
      if (late) thread.turn = undefined;
    },
  };
}

function routePermission(
  rec: Record<string, unknown>,
  ctx: MapContext,
  stats: NormalizeStats,
  tables: MapperTables,
  validate: UpstreamValidator | undefined,
): void {
  ctx.begin({ source: 'claude.sdk.permission', messageType: 'canUseTool', payload: rec }, undefined);
  flushHeld(ctx, 'failed');
  dispatch(SOURCE, tables, 'permission', 'canUseTool', rec, ctx, stats, validate);
  if (!('decision' in rec)) return;
  const opened = ctx.out.findLast((e) => e.type === 'request.opened');
  const request = opened?.providerRefs?.providerRequestId;
  const pending = request === undefined ? undefined : ctx.lifecycle.requests.get(request);
  const mapper = tables.RESPONSE_MAPPERS.canUseTool;
  // The record was counted once, as the request; its decision is part of it.
  if (pending && mapper) mapper(rec.decision, ctx, { ...pending.ids, request });
}
