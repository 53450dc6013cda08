// What each source's normalizer takes, typed from the upstreams' own schemas (generated/<source>/
// upstream-types.ts, the union over every supported snapshot): what the upstream sends (`push`),
// and what the app itself sends back (`reply`: approval answers, user-input answers, the app's own
// requests). A message of another source, or a misspelt record kind, does not compile. At run time
// anything is accepted all the same (a newer upstream sends what no type lists): what the runtime
// does not recognise becomes a runtime.warning with raw. Types only: nothing here reaches a bundle.
import type {
  EventmsgByName,
  NotificationByName,
  RequestByName,
  RequestResponseByName,
} from '../generated/codex-app-server/upstream-types.ts';
import type {
  PermissionByName,
  PermissionResponseByName,
  SdkMessageByName,
} from '../generated/claude-agent-sdk/upstream-types.ts';
import type { ThreadEventByName } from '../generated/codex-sdk/upstream-types.ts';
import type {
  AgentResponseByName,
  ClientNotificationByName,
  ClientRequestByName,
  NotificationByName as AcpNotificationByName,
  RequestByName as AcpRequestByName,
  RequestResponseByName as AcpRequestResponseByName,
  SessionUpdateByName,
} from '../generated/acp/upstream-types.ts';

type ValueOf<T> = T[keyof T];

/** A JSON-RPC id: the server's request and the app's answer share it. */
export type JsonRpcId = string | number;

// ---- codex-app-server --------------------------------------------------------------------------

/** A legacy `codex/event/<type>` notification (0.105.0): an EventMsg in `params.msg`. */
export interface CodexLegacyEvent {
  method: `codex/event/${string}`;
  params: { msg: ValueOf<EventmsgByName>; conversationId?: string; id?: string };
}

/** What `codex app-server` writes: a notification, a server request, or a legacy event. */
export type CodexServerMessage = ValueOf<NotificationByName> | ValueOf<RequestByName> | CodexLegacyEvent;

/** The app's answer to a server request (a JSON-RPC response with the request's id). */
export type CodexClientResponse =
  | { id: JsonRpcId; result: ValueOf<RequestResponseByName> }
  | { id: JsonRpcId; error: { code: number; message: string; data?: unknown } };

/** A request or notification the app sends to the server (`turn/start`, `initialized`…): counted, not an event. */
export interface CodexClientRequest {
  id?: JsonRpcId;
  method: string;
  params?: unknown;
}

/** One line of a capture of both directions (`eventmap normalize` reads these files). */
export interface CodexCaptureRecord {
  dir: 'c2s' | 's2c';
  ts?: number;
  line: string;
}

export type CodexAppServerInput = CodexServerMessage | CodexCaptureRecord;
export type CodexAppServerReply = CodexClientResponse | CodexClientRequest;

// ---- claude-agent-sdk --------------------------------------------------------------------------

/**
 * An SDKMessage, as `query()` yields it. Members a snapshot names without declaring (typed as any
 * object) are left out: they would let any object through, and their traffic has a declared type.
 */
export type ClaudeSdkMessage = Declared<ValueOf<SdkMessageByName>>;
type Declared<T> = T extends { type: string } ? T : never;

/** What the SDK's `canUseTool(toolName, input, options)` was called with. */
export type ClaudePermissionCall = PermissionByName['canUseTool'];

/** What `canUseTool` returned (a PermissionResult). */
export type ClaudePermissionResult = PermissionResponseByName['canUseTool'];

/**
 * One `canUseTool` call: push it when the SDK calls it, then `reply` with the decision; or push it
 * once with `decision` when it is known at once. `signal` as `{aborted}` when the app answered.
 */
export type ClaudePermissionRecord = { kind: 'permission' } & ClaudePermissionCall & {
    decision?: ClaudePermissionResult;
    signal?: { aborted: boolean };
  };

/** A capture's record of one SDKMessage, and the app's own records (hooks, driver markers), only counted. */
export type ClaudeCaptureRecord =
  | { kind: 'message'; message: ClaudeSdkMessage; seq?: number; t_ms?: number }
  | { kind: 'hook' | 'meta'; [key: string]: unknown };

/** The SDKUserMessage an app yields to `query()`'s input stream. */
export type ClaudeSdkUserMessage = Extract<ClaudeSdkMessage, { type: 'user' }>;

/**
 * The app's own prompt, which the SDK never yields back: push it (or `reply` with it) when the app
 * sends it, so the turn shows the user's message. `prompt`: the string given to `query()`, or the
 * SDKUserMessage yielded to its input stream. A capture's `UserPromptSubmit` hook record stands in
 * for it where the app pushed none.
 */
export interface ClaudePromptRecord {
  kind: 'prompt';
  prompt: string | ClaudeSdkUserMessage;
}

/**
 * The app interrupted its turn (`query.interrupt()`, or aborted `query()`): push it (or `reply`
 * with it) when it does, so the turn's result reads `interrupted` whatever error it carries.
 */
export interface ClaudeInterruptRecord {
  kind: 'interrupt';
}

export type ClaudeAgentSdkInput =
  ClaudeSdkMessage | ClaudePermissionRecord | ClaudePromptRecord | ClaudeInterruptRecord | ClaudeCaptureRecord;

/** The app's decision on a `canUseTool` call pushed before, by the call's `options.toolUseID`. */
export interface ClaudePermissionReply {
  toolUseID: string;
  decision: ClaudePermissionResult;
  /** Whether the call's abort signal had fired when the app answered (an answer after an interrupt is `cancelled`). */
  signal?: { aborted: boolean };
}
export type ClaudeAgentSdkReply = ClaudePermissionReply | ClaudePromptRecord | ClaudeInterruptRecord;

// ---- codex-sdk ---------------------------------------------------------------------------------

/** A ThreadEvent, as `thread.runStreamed()` yields it. */
export type CodexSdkInput = ValueOf<ThreadEventByName>;
/**
 * The Codex SDK asks the app nothing; the app passes the prompt it gives `thread.run()` (the stream
 * never repeats it), before the run's events, so its turn shows the user's message.
 */
export interface CodexSdkPrompt {
  kind: 'prompt';
  prompt: string | readonly ({ type: 'text'; text: string } | { type: 'local_image'; path: string })[];
}
export type CodexSdkReply = CodexSdkPrompt;

// ---- acp ---------------------------------------------------------------------------------------

/** A JSON-RPC error object, as either side answers a request it could not serve. */
export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

type AcpNotifications<M> = { [K in keyof M]: { jsonrpc?: '2.0'; method: K; params: M[K] } }[keyof M];
type AcpRequests<M> = { [K in keyof M]: { jsonrpc?: '2.0'; id: JsonRpcId; method: K; params: M[K] } }[keyof M];

/** A session/update: one SessionUpdate variant, for the session it names. */
export interface AcpSessionUpdate {
  jsonrpc?: '2.0';
  method: 'session/update';
  params: { sessionId: string; update: ValueOf<SessionUpdateByName>; _meta?: Record<string, unknown> | null };
}

/** What an ACP agent writes: a notification, a request to the client, or its answer to one of the client's requests. */
export type AcpAgentMessage =
  | AcpSessionUpdate
  | AcpNotifications<AcpNotificationByName>
  | AcpRequests<AcpRequestByName>
  | { jsonrpc?: '2.0'; id: JsonRpcId; result: ValueOf<AgentResponseByName> }
  | { jsonrpc?: '2.0'; id: JsonRpcId; error: JsonRpcError };

/** What the client (the app) sends the agent: its requests and notifications, and its answers to the agent's requests. */
export type AcpClientMessage =
  | AcpRequests<ClientRequestByName>
  | AcpNotifications<ClientNotificationByName>
  | { jsonrpc?: '2.0'; id: JsonRpcId; result: ValueOf<AcpRequestResponseByName> }
  | { jsonrpc?: '2.0'; id: JsonRpcId; error: JsonRpcError };

/** One line of a capture of both directions (c2s: client → agent), `line` the raw JSON-RPC text. */
export interface AcpCaptureRecord {
  dir: 'c2s' | 's2c';
  ts?: string | number;
  line: string;
}

export type AcpInput = AcpAgentMessage | AcpCaptureRecord;
export type AcpReply = AcpClientMessage;

// ---- by source ---------------------------------------------------------------------------------

export interface InputBySource {
  'codex-app-server': CodexAppServerInput;
  'claude-agent-sdk': ClaudeAgentSdkInput;
  'codex-sdk': CodexSdkInput;
  acp: AcpInput;
}

export interface ReplyBySource {
  'codex-app-server': CodexAppServerReply;
  'claude-agent-sdk': ClaudeAgentSdkReply;
  'codex-sdk': CodexSdkReply;
  acp: AcpReply;
}
