// How full a Claude thread's context window is (canonical-model.yaml ThreadTokenUsageSnapshot): what
// the main thread's last model request held — its input (cached or not) plus its output. A
// subagent's requests (`parent_tool_use_id` set) run in a context of their own and are never
// counted. The request's usage comes from message_start (input, cache) and message_delta (the final
// output count), or, without partial messages, from the `assistant` copies; the window's size from
// the result's `modelUsage[<model>].contextWindow`. One snapshot per model request that streamed
// (message_delta) and one at the turn's result, each only when it says something new.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { get, idOf, int, obj, str } from '../values.ts';
import { keptId } from './long-ids.ts';

interface RequestUsage {
  /** The model request's message id and model. */
  id: string | undefined;
  model: string | undefined;
  input: number;
  cacheRead: number;
  cacheCreation: number;
  output: number;
  /** A main-thread request was seen since the last snapshot at a result. */
  fresh: boolean;
  /** The context window's size, from the last result that gave the model's. */
  window: { model: string; size: number } | undefined;
  /** The last snapshot emitted (its JSON), so one saying nothing new is not emitted again. */
  last: string | undefined;
}

/** What the CLI's own API-error message names as its model: not a model request. */
const SYNTHETIC_MODEL = '<synthetic>';

function usageState(ctx: MapContext): RequestUsage {
  const scratch = ctx.thread.scratch;
  let u = scratch.get('claudeUsage') as RequestUsage | undefined;
  if (!u) {
    u = {
      id: undefined,
      model: undefined,
      input: 0,
      cacheRead: 0,
      cacheCreation: 0,
      output: 0,
      fresh: false,
      window: undefined,
      last: undefined,
    };
    scratch.set('claudeUsage', u);
  }
  return u;
}

/** The SDK message being mapped belongs to the main thread (not a subagent's). */
function mainThread(ctx: MapContext): boolean {
  return get(ctx.raw.payload, ['parent_tool_use_id']) == null;
}

/**
 * A main-thread model request's message (message_start's `message`, an `assistant` message's
 * `message`): remember its usage. A new message id starts a new request; the same one (the
 * `assistant` copies of a streamed message) adds what it knows, never lowering the output count.
 */
export function trackRequestUsage(ctx: MapContext, message: unknown): void {
  const m = obj(message);
  if (!m || !mainThread(ctx) || m.model === SYNTHETIC_MODEL) return;
  const usage = obj(m.usage);
  if (!usage) return;
  const u = usageState(ctx);
  const id = keptId(idOf(m.id)); // as claude-blocks keeps it (a long one by its hash: helpers/long-ids.ts)
  if (id === undefined || id !== u.id) {
    u.id = id;
    u.input = u.cacheRead = u.cacheCreation = u.output = 0;
  }
  u.model = str(m.model) ?? u.model;
  merge(u, usage, false);
  u.fresh = true;
}

function merge(u: RequestUsage, usage: Record<string, unknown>, final: boolean): void {
  u.input = int(usage.input_tokens) ?? u.input;
  u.cacheRead = int(usage.cache_read_input_tokens) ?? u.cacheRead;
  u.cacheCreation = int(usage.cache_creation_input_tokens) ?? u.cacheCreation;
  const output = int(usage.output_tokens);
  // message_delta's count is the request's final one; an `assistant` copy's may be from mid-stream.
  if (output !== undefined) u.output = final ? output : Math.max(u.output, output);
}

/**
 * message_delta (`m` the inner event): the main thread's request ended, with its final usage.
 * result (`m` the result): the window's size from `modelUsage`, before the turn's end.
 * Either emits the snapshot when it differs from the last one.
 */
export function claudeTokenUsage(ctx: MapContext, _ids: ProviderIds, m: unknown): void {
  const u = usageState(ctx);
  if (get(m, ['type']) === 'result') {
    const usage = obj(get(m, ['usage']));
    // No model request's usage reached this normalizer at all (no stream, no assistant message): the
    // result's own usage, the turn's, is the one count there is of what the context holds.
    if (!u.fresh && u.id === undefined && usage) {
      merge(u, usage, true);
      const models = Object.keys(obj(get(m, ['modelUsage'])) ?? {});
      if (models.length === 1) u.model = models[0];
      u.fresh = true;
    }
    if (!u.fresh) return ctx.ignore('no model request of the main thread since the last context snapshot');
    u.fresh = false;
    const size = u.model === undefined ? undefined : int(get(m, ['modelUsage', u.model, 'contextWindow']));
    if (size !== undefined && u.model !== undefined) u.window = { model: u.model, size };
  } else {
    if (!mainThread(ctx)) return ctx.ignore('a subagent’s model request: not the thread’s context window');
    const usage = obj(get(m, ['usage']));
    if (!usage || u.id === undefined) return ctx.ignore('a model request’s end with no usage of a request seen');
    merge(u, usage, true);
  }
  emitSnapshot(ctx, u);
}

function emitSnapshot(ctx: MapContext, u: RequestUsage): void {
  const lastInputTokens = u.input + u.cacheRead + u.cacheCreation;
  const maxTokens = u.window !== undefined && u.window.model === u.model ? u.window.size : undefined;
  const usage = {
    usedTokens: lastInputTokens + u.output,
    ...(maxTokens !== undefined ? { maxTokens } : {}),
    lastInputTokens,
    lastCachedInputTokens: u.cacheRead,
    lastOutputTokens: u.output,
  };
  const key = JSON.stringify(usage);
  if (key === u.last) return ctx.ignore('the context window is as the last snapshot said');
  u.last = key;
  ctx.emit('thread.token-usage.updated', {}, { usage }, []);
}
