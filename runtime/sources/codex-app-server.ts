// Codex app-server framing: JSON-RPC lines, optionally in the `{dir, line}` capture envelope.
// Routes server notifications, server requests, legacy `codex/event/*` and the client's responses
// to server requests to the generated mappers. The JSON-RPC request id (connection scope) is kept
// apart from call/item ids (business scope): only the spec's `ids.request` reads it. Each message's
// thread is the one it names (params.threadId, or a legacy event's conversationId): a notification
// that names none (account, MCP, config) belongs to the connection, not to the last thread seen.
import type { MapContext } from '../context.ts';
import { idOf, obj } from '../values.ts';
import { LEGACY_EVENT_PREFIX, legacyEventName } from './discriminant.ts';
import { dispatch } from './dispatch.ts';
import { codexThreadModel } from '../helpers/models.ts';
import { openEnvelope, resolveAnswer } from './jsonrpc.ts';
import type { Framing, MapperTables, NormalizeStats } from './types.ts';

const SOURCE = 'codex-app-server';

export function codexAppServerFraming(tables: MapperTables): Framing {
  return {
    valueMaps: tables.VALUE_MAPS,
    route(input, ctx, stats, validate) {
      const opened = openEnvelope(input, ctx, stats, SOURCE, 'codex.app-server.notification');
      if (!opened) return;
      const { message, fromClient } = opened;
      const m = obj(message);
      const method = m && typeof m.method === 'string' ? m.method : undefined;
      const hasId = m !== undefined && (typeof m.id === 'string' || typeof m.id === 'number');
      if (fromClient) return routeClient(m, method, hasId, ctx, stats, tables);
      const params = obj(m?.params);
      ctx.currentThread = idOf(params?.threadId);
      if (!m || (method === undefined && !hasId)) {
        ctx.begin({ source: 'codex.app-server.notification', payload: message }, undefined);
        stats.invalid++;
        ctx.warn('codex-app-server: not a JSON-RPC message', { kind: 'invalid-message' });
        return;
      }
      if (method === undefined) {
        stats.clientTraffic++; // the server's response to one of the client's own requests
        // A thread/start, resume or fork answer states the thread's model (0.105.0's thread/started does not).
        codexThreadModel(ctx, {}, m.result);
        return;
      }
      const ts = typeof m.emittedAtMs === 'number' ? m.emittedAtMs : undefined;
      if (method.startsWith(LEGACY_EVENT_PREFIX)) {
        const msg = params?.msg;
        const type = legacyEventName(method, obj(msg)?.type);
        ctx.begin({ source: 'codex.eventmsg', method, messageType: type, payload: message }, ts);
        ctx.currentThread = idOf(params?.conversationId);
        dispatch('codex-app-server', tables, 'eventmsg', type, msg, ctx, stats, validate);
        return;
      }
      const kind = hasId ? 'request' : 'notification';
      ctx.begin(
        { source: hasId ? 'codex.app-server.request' : 'codex.app-server.notification', method, payload: message },
        ts,
      );
      dispatch('codex-app-server', tables, kind, method, message, ctx, stats, validate);
    },
    reply(input, ctx, stats) {
      const m = obj(input);
      if (!m) {
        ctx.begin({ source: 'codex.app-server.response', payload: input }, undefined);
        stats.invalid++;
        ctx.warn('codex-app-server: a reply is a JSON-RPC response or request object', { kind: 'invalid-message' });
        return;
      }
      const method = typeof m.method === 'string' ? m.method : undefined;
      routeClient(m, method, typeof m.id === 'string' || typeof m.id === 'number', ctx, stats, tables);
    },
  };
}

/** The client's side: its answers to server requests resolve them; its own requests are not events. */
function routeClient(
  m: Record<string, unknown> | undefined,
  method: string | undefined,
  hasId: boolean,
  ctx: MapContext,
  stats: NormalizeStats,
  tables: MapperTables,
): void {
  // The app's side reaches this session: a request it leaves open at a turn's end was not answered.
  ctx.repliesSeen = true;
  if (!m || method !== undefined || !hasId) {
    stats.clientTraffic++;
    return;
  }
  resolveAnswer(m, ctx, stats, tables, SOURCE, 'codex.app-server.response');
}
