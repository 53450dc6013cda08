// What the JSON-RPC sources (codex-app-server, acp) share: the capture envelope of both directions
// (`{dir, ts, line}`), and the client's answer to a request the upstream sent, which resolves it.
import { limitDepth } from '../depth.ts';
import type { MapContext } from '../context.ts';
import type { RawRef } from '../types.ts';
import { obj, requestIdOf } from '../values.ts';
import { run } from './dispatch.ts';
import { entry } from './lookup.ts';
import type { MapperTables, NormalizeStats } from './types.ts';

/** A message, and whether the client sent it (a capture's `c2s`); undefined when the envelope's line is not JSON (warned). */
export function openEnvelope(
  input: unknown,
  ctx: MapContext,
  stats: NormalizeStats,
  source: string,
  rawSource: RawRef['source'],
): { message: unknown; fromClient: boolean } | undefined {
  const envelope = obj(input);
  if (!envelope || typeof envelope.line !== 'string' || (envelope.dir !== 'c2s' && envelope.dir !== 's2c'))
    return { message: input, fromClient: false };
  try {
    const parsed: unknown = JSON.parse(envelope.line);
    const message = limitDepth(parsed, envelope.line);
    ctx.cut ||= message !== parsed;
    return { message, fromClient: envelope.dir === 'c2s' };
  } catch {
    ctx.begin({ source: rawSource, payload: input }, undefined);
    stats.invalid++;
    ctx.warn(`${source}: the envelope line is not JSON`, { kind: 'invalid-message' });
    return undefined;
  }
}

/**
 * The client's answer (a JSON-RPC response) to a request the upstream sent: the request's
 * response mapper resolves it; an error answer resolves it `failed`. An answer to no open request
 * (opened before this stream began, or closed already) is only counted.
 */
export function resolveAnswer(
  m: Record<string, unknown>,
  ctx: MapContext,
  stats: NormalizeStats,
  tables: MapperTables,
  source: string,
  rawSource: RawRef['source'],
): void {
  const request = requestIdOf(m.id)!;
  const pending = ctx.lifecycle.requests.get(request);
  ctx.begin({ source: rawSource, method: pending?.method, payload: m }, undefined);
  if (!pending) {
    stats.clientTraffic++;
    return;
  }
  ctx.currentThread = pending.ids.thread;
  const mapper = pending.method === undefined ? undefined : entry(tables.RESPONSE_MAPPERS, pending.method);
  const ids = { ...pending.ids, request };
  if ('error' in m || !mapper) {
    stats.mapped++;
    ctx.emit(
      'request.resolved',
      ids,
      { requestType: pending.requestType ?? 'unknown', decision: 'failed', resolution: m.error ?? m.result },
      [],
    );
    return;
  }
  run(mapper, m.result, ids, ctx, stats, source, 'response to', pending.method!);
}
