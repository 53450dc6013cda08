// Claude Agent SDK framing. Input records (docs: README "Input format (claude-agent-sdk)"):
//   {"kind":"message","message":SDKMessage} | {"kind":"permission",toolName,input,options,decision}
//   | a bare SDKMessage | other capture records ({"kind":"hook"|"meta",...}: the app's own side).
// SDKMessages dispatch by `type`, `type:subtype` (system, result) or `user[isReplay]`; a
// stream_event by its inner event type (kind stream-event). A canUseTool record is both the
// request (request.opened) and, when it carries `decision`, its answer (the entry's response).
import type { MapContext } from '../context.ts';
import { idOf, obj } from '../values.ts';
import { dispatch } from './dispatch.ts';
import type { Framing, MapperTables, NormalizeStats, UpstreamValidator } from './types.ts';

const SOURCE = 'claude-agent-sdk';

export function claudeAgentSdkFraming(tables: MapperTables): Framing {
  return {
    valueMaps: tables.VALUE_MAPS,
    route(input, ctx, stats, validate) {
      const rec = obj(input);
      if (rec && rec.kind === 'permission') return routePermission(rec, ctx, stats, tables, validate);
      const message = rec && rec.kind === 'message' ? rec.message : rec && typeof rec.type === 'string' ? rec : undefined;
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
      const name = nameOf(type, m);
      ctx.begin({ source: 'claude.sdk.message', messageType: name, payload: m }, undefined);
      const session = idOf(m.session_id);
      if (session !== undefined) ctx.currentThread = session;
      // Subagent messages after their parent's turn ended belong to that turn, and open none.
      const late = idOf(m.parent_tool_use_id) !== undefined && ctx.currentTurn === undefined;
      // Which messages open a turn is the spec's (`before: [claudeOpenTurn]`).
      if (late) ctx.currentTurn = ctx.lastTurn;
      if (type === 'stream_event') {
        const inner = obj(m.event)?.type;
        // `$` of a stream-event entry is the inner event (the catalog's schema for it).
        dispatch(SOURCE, tables, 'stream-event', typeof inner === 'string' ? inner : '(no event type)', m.event, ctx, stats, validate);
      } else {
        dispatch(SOURCE, tables, 'sdk-message', name, m, ctx, stats, validate);
      }
      if (late) ctx.currentTurn = undefined;
    },
  };
}

function nameOf(type: string, m: Record<string, unknown>): string {
  if ((type === 'system' || type === 'result') && typeof m.subtype === 'string') return `${type}:${m.subtype}`;
  if (type === 'user' && m.isReplay === true) return 'user[isReplay]';
  return type;
}

function routePermission(rec: Record<string, unknown>, ctx: MapContext, stats: NormalizeStats, tables: MapperTables, validate: UpstreamValidator | undefined): void {
  ctx.begin({ source: 'claude.sdk.permission', messageType: 'canUseTool', payload: rec }, undefined);
  dispatch(SOURCE, tables, 'permission', 'canUseTool', rec, ctx, stats, validate);
  if (!('decision' in rec)) return;
  const opened = ctx.out.findLast((e) => e.type === 'request.opened');
  const request = opened?.providerRefs?.providerRequestId;
  const pending = request === undefined ? undefined : ctx.pendingRequests.get(request);
  const mapper = tables.RESPONSE_MAPPERS.canUseTool;
  if (pending && mapper) mapper(rec.decision, ctx, { ...pending.ids, request });
}
