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
import {
  claudeAppInterrupted,
  claudePrompt,
  claudeThreadStarted,
  completeCompaction,
  flushHeld,
} from '../helpers/claude-turns.ts';
import { get, idOf, obj } from '../values.ts';
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
      if (rec && rec.kind === 'prompt') return routePrompt(rec, ctx, stats, true);
      // A capture names the app's prompt in two records of its own side: the driver's `send_prompt`
      // marker (no text), then the SDK's UserPromptSubmit hook with its text (which the CLI also calls
      // for prompts of its own, a background task's notification: those follow no marker). Used
      // where the app pushed no prompt of its own.
      if (rec && rec.kind === 'meta' && rec.what === 'send_prompt') ctx.lifecycle.promptSent = true;
      // The app interrupted the turn (`{kind: 'interrupt'}`, or a capture's `interrupt` marker).
      if (rec && (rec.kind === 'interrupt' || (rec.kind === 'meta' && rec.what === 'interrupt'))) {
        claudeAppInterrupted(ctx);
        if (rec.kind === 'interrupt') {
          ctx.begin({ source: 'claude.sdk.message', messageType: 'interrupt', payload: rec }, undefined);
          ctx.repliesSeen = true;
          stats.clientTraffic++;
          return;
        }
      }
      if (rec && rec.kind === 'hook' && rec.hookEvent === 'UserPromptSubmit' && ctx.lifecycle.promptSent) {
        ctx.lifecycle.promptSent = false;
        if (!ctx.lifecycle.promptsTyped) {
          // The hook names the session the prompt is for.
          ctx.currentThread = idOf(get(rec, ['input', 'session_id'])) ?? ctx.currentThread;
          return routePrompt({ kind: 'prompt', prompt: get(rec, ['input', 'prompt']) }, ctx, stats, false);
        }
      }
      const message =
        rec && rec.kind === 'message' ? rec.message : rec && typeof rec.type === 'string' ? rec : undefined;
      if (rec && message === undefined && typeof rec.kind === 'string') {
        if (APP_RECORDS.has(rec.kind)) {
          ctx.repliesSeen = true; // the app's side reaches this session
          stats.clientTraffic++; // the app's own side of a capture: SDK callback hooks, driver markers
          return;
        }
        // A kind no record has (`permision`): not the app's traffic to count, an input to show.
        ctx.begin({ source: 'claude.sdk.message', payload: input }, undefined);
        stats.invalid++;
        ctx.warn(
          `${SOURCE}: unknown record kind \`${rec.kind}\` (expected message, permission, prompt, interrupt, hook or meta)`,
          {
            kind: 'invalid-message',
          },
        );
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
      // A compaction's summary is the message right after its boundary: another message completes it without one.
      if (type !== 'user' && name !== 'system:compact_boundary') completeCompaction(ctx, undefined);
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
    reply(input, ctx, stats) {
      const r = obj(input);
      if (r && r.kind === 'prompt') return routePrompt(r, ctx, stats, true);
      if (r && r.kind === 'interrupt') {
        ctx.begin({ source: 'claude.sdk.message', messageType: 'interrupt', payload: r }, undefined);
        ctx.repliesSeen = true;
        stats.clientTraffic++;
        return claudeAppInterrupted(ctx);
      }
      const request = idOf(r?.toolUseID);
      const pending = request === undefined ? undefined : ctx.lifecycle.requests.get(request);
      ctx.begin({ source: 'claude.sdk.permission', messageType: 'canUseTool', payload: input }, undefined);
      ctx.repliesSeen = true;
      const mapper = tables.RESPONSE_MAPPERS.canUseTool;
      if (!r || !('decision' in r) || !pending || !mapper) {
        stats.invalid++;
        ctx.warn(
          request === undefined || !('decision' in (r ?? {}))
            ? `${SOURCE}: a reply is \`{toolUseID, decision}\` (the canUseTool call's options.toolUseID and its PermissionResult)`
            : `${SOURCE}: a reply to \`${request}\`, which no pending canUseTool call has (push the call first)`,
          { kind: 'invalid-message' },
        );
        return;
      }
      stats.mapped++;
      mapper(r.decision, ctx, { ...pending.ids, request: request! });
    },
  };
}

/**
 * The app's prompt (`{kind: 'prompt', prompt}`: the string or SDKUserMessage it gave `query()`):
 * the user's message of the turn it starts. `typed`: the app sent it itself (a hook's copy is then
 * never used again in this session).
 */
function routePrompt(rec: Record<string, unknown>, ctx: MapContext, stats: NormalizeStats, typed: boolean): void {
  ctx.begin({ source: 'claude.sdk.message', messageType: 'prompt', payload: rec }, undefined);
  ctx.repliesSeen = true; // the app's side reaches this session
  if (typed) ctx.lifecycle.promptsTyped = true;
  // An SDKUserMessage names its session (empty before the SDK has made one).
  const session = idOf(get(rec.prompt, ['session_id']));
  if (session !== undefined && session !== '') ctx.currentThread = session;
  if (!claudePrompt(ctx, rec.prompt, idOf(get(rec.prompt, ['uuid'])))) {
    stats.invalid++;
    ctx.warn(`${SOURCE}: a prompt record is \`{kind: 'prompt', prompt}\`, its prompt a string or an SDKUserMessage`, {
      kind: 'invalid-message',
    });
    return;
  }
  stats.mapped++;
}

/** Capture records of the app's own side: counted as its traffic, not mapped. */
const APP_RECORDS: ReadonlySet<unknown> = new Set(['hook', 'meta']);

function routePermission(
  rec: Record<string, unknown>,
  ctx: MapContext,
  stats: NormalizeStats,
  tables: MapperTables,
  validate: UpstreamValidator | undefined,
): void {
  ctx.begin({ source: 'claude.sdk.permission', messageType: 'canUseTool', payload: rec }, undefined);
  // A canUseTool record is the app's own side: its answers reach this session.
  ctx.repliesSeen = true;
  flushHeld(ctx, 'failed');
  let call = rec;
  if (idOf(obj(rec.options)?.toolUseID) === undefined) {
    // Without the tool use's id nothing could resolve the request: it gets a number of its own.
    const id = `permission-${++ctx.lifecycle.unnamedRequests}`;
    ctx.warn(`${SOURCE}: a canUseTool call without options.toolUseID; its request is named ${id}`, {
      kind: 'invalid-message',
      request: id,
    });
    call = { ...rec, options: { ...obj(rec.options), toolUseID: id } };
  }
  dispatch(SOURCE, tables, 'permission', 'canUseTool', call, ctx, stats, validate);
  if (!('decision' in rec)) return;
  const opened = ctx.out.findLast((e) => e.type === 'request.opened');
  const request = opened?.providerRefs?.providerRequestId;
  const pending = request === undefined ? undefined : ctx.lifecycle.requests.get(request);
  const mapper = tables.RESPONSE_MAPPERS.canUseTool;
  // The record was counted once, as the request; its decision is part of it.
  if (pending && mapper) mapper(rec.decision, ctx, { ...pending.ids, request });
}
