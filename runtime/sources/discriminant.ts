// How an upstream message's discriminant is named, once: the framings dispatch on these names, the
// catalog builders name their entries so (generator/catalog/ts-catalog.ts) and `census` names
// recorded traffic so (generator/census/detect.ts).

/**
 * What kind of discriminant an entry is. Message kinds are dispatched on at run time; value kinds
 * (item types, content blocks, deltas, tools) are translated through value maps in the spec.
 */
export type EntryKind =
  // codex-app-server
  | 'notification' // ServerNotification, by `method`
  | 'request' // ServerRequest, by `method`
  | 'eventmsg' // legacy EventMsg, by `type` (sent as `codex/event/<type>`)
  | 'thread-item' // ThreadItem, by `type`
  // claude-agent-sdk
  | 'sdk-message' // SDKMessage member, by `type` or `type:subtype`
  | 'stream-event' // BetaRawMessageStreamEvent inside stream_event, by `type`
  | 'content-block' // content block types inside content_block_start
  | 'content-delta' // delta types inside content_block_delta
  | 'tool' // built-in tool name (sdk-tools.d.ts)
  | 'permission' // the canUseTool callback
  // codex-sdk
  | 'thread-event' // ThreadEvent, by `type`
  | 'sdk-item' // codex-sdk ThreadItem, by `type`
  // acp (also `notification` and `request`: agent → client, by method)
  | 'session-update' // session/update, by `params.update.sessionUpdate`
  | 'agent-response' // the agent's result for one of the client's requests, by the request's method
  | 'client-request' // client → agent request, by method
  | 'client-notification'; // client → agent notification, by method

/**
 * ACP's extension methods: any method named with a leading `_` (the protocol's extensibility rule;
 * `_auth/status_update` of claude-agent-acp, say). The schema stands for them all with one member of
 * each message union (ExtNotification, ExtRequest, ExtResponse), which is the one entry `_*`.
 */
export const ACP_EXTENSION = '_*';

/** The entry an ACP method is: itself, or `_*` for an extension method. */
export const acpMethodEntry = (method: string): string => (method.startsWith('_') ? ACP_EXTENSION : method);

/** `type:subtype`: a member that pins a second discriminant (Claude `system:init`, `result:success`). */
export const withSubtype = (type: string, subtype: string): string => `${type}:${subtype}`;

/** `user[isReplay]`: a member told apart from a same-named one by a required `true` flag. */
export const withFlag = (name: string, flag: string): string => `${name}[${flag}]`;

/** The SDKMessage types whose `subtype` is part of their name (the others carry none). */
const SUBTYPED: ReadonlySet<string> = new Set(['system', 'result']);

/** The `sdk-message` entry an SDKMessage of `type` is: `type:subtype`, `user[isReplay]`, else `type`. */
export function claudeMessageName(type: string, m: Record<string, unknown>): string {
  if (SUBTYPED.has(type) && typeof m.subtype === 'string') return withSubtype(type, m.subtype);
  if (type === 'user' && m.isReplay === true) return withFlag(type, 'isReplay');
  return type;
}

/** Legacy EventMsgs travel as notifications named `codex/event/<type>`. */
export const LEGACY_EVENT_PREFIX = 'codex/event/';

/** The `eventmsg` entry of a legacy notification: its `params.msg.type`, else the method's tail. */
export function legacyEventName(method: string, msgType: unknown): string {
  return typeof msgType === 'string' ? msgType : method.slice(LEGACY_EVENT_PREFIX.length);
}
