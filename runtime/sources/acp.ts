// Agent Client Protocol framing: JSON-RPC between a client (an editor) and an agent, one message
// per line, optionally in the capture envelope of both directions (c2s: client → agent). The agent
// sends notifications (session/update, dispatched by `params.update.sessionUpdate`), requests the
// client answers, and responses to the client's own requests, which carry events (a turn ends in
// the session/prompt response's stopReason): so the client's requests are remembered by id until
// answered (in the session's bounded state, runtime/lifecycle.ts). A session's id (`params.sessionId`) is its thread.
import type { MapContext } from '../context.ts';
import { closeTurn } from '../helpers/close.ts';
import { acpChunk, acpErrorEcho, jsonRpcErrorReason } from '../helpers/acp.ts';
import { acpTurnUsage } from '../helpers/usage.ts';
import type { RawRef } from '../types.ts';
import { idOf, obj, requestIdOf, str } from '../values.ts';
import { acpMethodEntry } from './discriminant.ts';
import { dispatch } from './dispatch.ts';
import { openEnvelope, resolveAnswer } from './jsonrpc.ts';
import type { Framing, MapperTables, NormalizeStats, UpstreamValidator } from './types.ts';

const SOURCE = 'acp';
const SESSION_UPDATE = 'session/update';
const PROMPT = 'session/prompt';

export function acpFraming(tables: MapperTables): Framing {
  return {
    valueMaps: tables.VALUE_MAPS,
    route(input, ctx, stats, validate) {
      const opened = openEnvelope(input, ctx, stats, SOURCE, 'acp.notification');
      if (!opened) return;
      if (opened.fromClient) return routeClient(opened.message, ctx, stats, tables, validate);
      const m = obj(opened.message);
      const method = str(m?.method);
      const id = requestIdOf(m?.id);
      if (!m || (method === undefined && id === undefined)) {
        ctx.begin({ source: 'acp.notification', payload: opened.message }, undefined);
        stats.invalid++;
        ctx.warn(`${SOURCE}: not a JSON-RPC message`, { kind: 'invalid-message' });
        return;
      }
      const params = obj(m.params);
      if (method === undefined) return agentResponse(m, id!, ctx, stats, tables, validate);
      ctx.currentThread = idOf(params?.sessionId);
      if (id !== undefined) {
        ctx.begin({ source: 'acp.request', method, payload: m }, undefined);
        dispatch(SOURCE, tables, 'request', acpMethodEntry(method), m.params, ctx, stats, validate);
        return;
      }
      if (method === SESSION_UPDATE) {
        const update = obj(params?.update);
        const kind = str(update?.sessionUpdate);
        ctx.begin(
          kind === undefined
            ? { source: 'acp.notification', method, payload: m }
            : { source: 'acp.notification', method, messageType: kind, payload: m },
          undefined,
        );
        if (kind === undefined) {
          stats.invalid++;
          ctx.warn(`${SOURCE}: a session/update without \`update.sessionUpdate\``, { kind: 'invalid-message' });
          return;
        }
        dispatch(SOURCE, tables, 'session-update', kind, update, ctx, stats, validate);
        return;
      }
      ctx.begin({ source: 'acp.notification', method, payload: m }, undefined);
      dispatch(SOURCE, tables, 'notification', acpMethodEntry(method), m.params, ctx, stats, validate);
    },
    reply(input, ctx, stats, validate) {
      routeClient(input, ctx, stats, tables, validate);
    },
  };
}

/** What the client sent: its requests and notifications (mapped like the agent's), its answers to the agent's requests. */
function routeClient(
  message: unknown,
  ctx: MapContext,
  stats: NormalizeStats,
  tables: MapperTables,
  validate: UpstreamValidator | undefined,
): void {
  // The app's side reaches this session: a request it leaves open at a turn's end was not answered.
  ctx.repliesSeen = true;
  const m = obj(message);
  const method = str(m?.method);
  const id = requestIdOf(m?.id);
  if (!m || (method === undefined && id === undefined)) {
    ctx.begin({ source: 'acp.client', payload: message }, undefined);
    stats.invalid++;
    ctx.warn(`${SOURCE}: what the client sent is not a JSON-RPC message`, { kind: 'invalid-message' });
    return;
  }
  if (method === undefined) return resolveAnswer(m, ctx, stats, tables, SOURCE, 'acp.client');
  const session = idOf(obj(m.params)?.sessionId);
  ctx.currentThread = session;
  ctx.begin({ source: 'acp.client', method, payload: m }, undefined);
  if (id !== undefined) {
    // An id reused while its request is open replaces it; past the bound the oldest goes, said.
    ctx.lifecycle.appRequests.set(id, { method, session });
  }
  dispatch(
    SOURCE,
    tables,
    id !== undefined ? 'client-request' : 'client-notification',
    acpMethodEntry(method),
    m.params,
    ctx,
    stats,
    validate,
  );
}

/** The agent's answer to one of the client's requests: mapped by the request's method; an error ends a prompt's turn failed. */
function agentResponse(
  m: Record<string, unknown>,
  id: string,
  ctx: MapContext,
  stats: NormalizeStats,
  tables: MapperTables,
  validate: UpstreamValidator | undefined,
): void {
  const open = ctx.lifecycle.appRequests;
  const request = open.get(id);
  const raw: RawRef = { source: 'acp.response', payload: m };
  if (!request) {
    ctx.begin(raw, undefined);
    stats.clientTraffic++; // the answer to a request this stream did not see (the client's side was not captured)
    return;
  }
  open.delete(id);
  ctx.currentThread = request.session ?? idOf(obj(m.result)?.sessionId);
  ctx.begin({ ...raw, method: request.method }, undefined);
  const error = obj(m.error);
  if (error === undefined) {
    dispatch(SOURCE, tables, 'agent-response', acpMethodEntry(request.method), m.result, ctx, stats, validate);
    return;
  }
  const message = jsonRpcErrorReason(error) ?? `the agent answered ${request.method} with an error`;
  const turn = request.method === PROMPT ? ctx.currentTurn : undefined;
  stats.mapped++;
  ctx.emit('runtime.error', { turn }, { message, class: 'provider_error', detail: error }, []);
  if (turn === undefined) return;
  acpErrorEcho(ctx, [message, str(error.message) ?? message]);
  acpChunk(ctx, {}, m);
  ctx.emit('turn.completed', {}, { state: 'failed', errorMessage: message, turnUsage: acpTurnUsage(ctx, {}, m) }, []);
  closeTurn(ctx, {}, m);
}
