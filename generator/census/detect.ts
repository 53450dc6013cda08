// What one input line is: which upstream wrote it, and the native type names it carries (the
// message's own discriminant, and the nested ones the catalog also lists: item types, stream
// events, content blocks and deltas, tools). Every transcript format the normalizer reads, plus
// bare JSON-RPC and bare SDKMessage lines.
import {
  acpMethodEntry,
  claudeMessageName,
  LEGACY_EVENT_PREFIX,
  legacyEventName,
} from '../../runtime/sources/discriminant.ts';
import type { EntryKind } from '../catalog/types.ts';
import { isStrictVersion } from '../project/versions.ts';
import { obj, str } from '../../runtime/values.ts';
import type { Obj } from '../schema/object.ts';
import type { SourceName } from '../project/sources.ts';

export interface NativeType {
  kind: EntryKind;
  name: string;
}

export type LineKind =
  /** An upstream message or capture record with native types. */
  | { what: 'upstream'; source: SourceName; types: NativeType[]; version?: string }
  /** The app's side of a capture: client requests and answers, hooks, driver markers. */
  | { what: 'app'; source: SourceName }
  | { what: 'unrecognised' };

/** `forced`: the source given on the command line (else detected per line). */
export function detectLine(value: unknown, forced?: SourceName): LineKind {
  const rec = obj(value);
  if (!rec) return { what: 'unrecognised' };
  if (typeof rec.line === 'string' && (rec.dir === 'c2s' || rec.dir === 's2c')) {
    let inner: unknown;
    try {
      inner = JSON.parse(rec.line);
    } catch {
      return { what: 'unrecognised' };
    }
    const m = obj(inner);
    if ((forced ?? (isAcp(m) ? 'acp' : 'codex-app-server')) === 'acp') return acpMessage(m, rec.dir === 'c2s');
    return rec.dir === 'c2s' ? { what: 'app', source: 'codex-app-server' } : codexMessage(m);
  }
  const source = forced ?? guessSource(rec);
  if (source === 'acp') return acpMessage(rec, false);
  if (source === 'codex-app-server') return codexMessage(rec);
  if (source === 'codex-sdk')
    return typeof rec.type === 'string'
      ? { what: 'upstream', source, types: codexSdkTypes(rec) }
      : { what: 'unrecognised' };
  if (source === 'claude-agent-sdk') return claudeRecord(rec);
  return { what: 'unrecognised' };
}

function guessSource(rec: Obj): SourceName | undefined {
  if (typeof rec.kind === 'string' && ['message', 'permission', 'hook', 'meta'].includes(rec.kind))
    return 'claude-agent-sdk';
  if (isAcp(rec)) return 'acp';
  if (typeof rec.method === 'string' || ('id' in rec && ('result' in rec || 'error' in rec))) return 'codex-app-server';
  // ThreadEvent types are dotted (thread.started, item.completed), but for `error`
  // ({type, message}); SDKMessage types never are, and every SDKMessage carries session_id.
  if (typeof rec.type === 'string')
    return rec.type.includes('.') || (rec.type === 'error' && !('session_id' in rec))
      ? 'codex-sdk'
      : 'claude-agent-sdk';
  return undefined;
}

/**
 * ACP's messages carry `"jsonrpc": "2.0"` (its schema requires it); Codex's app-server leaves it out.
 * That is how the two JSON-RPC sources are told apart.
 */
const isAcp = (m: Obj | undefined): boolean => m?.jsonrpc === '2.0';

/**
 * An ACP message: the agent's notifications (session/update by its variant) and requests, and the
 * client's requests and notifications; an answer names no method (its request's is not known
 * from one line), so it carries no type.
 */
function acpMessage(m: Obj | undefined, fromClient: boolean): LineKind {
  const method = str(m?.method);
  if (!m || method === undefined)
    return m && 'id' in m
      ? { what: fromClient ? 'app' : 'upstream', source: 'acp', types: [] }
      : { what: 'unrecognised' };
  const request = 'id' in m;
  if (fromClient)
    return {
      what: 'upstream',
      source: 'acp',
      types: [{ kind: request ? 'client-request' : 'client-notification', name: acpMethodEntry(method) }],
    };
  const update = str(obj(obj(m.params)?.update)?.sessionUpdate);
  if (method === 'session/update' && update !== undefined)
    return { what: 'upstream', source: 'acp', types: [{ kind: 'session-update', name: update }] };
  return {
    what: 'upstream',
    source: 'acp',
    types: [{ kind: request ? 'request' : 'notification', name: acpMethodEntry(method) }],
  };
}

function codexMessage(m: Obj | undefined): LineKind {
  const method = str(m?.method);
  if (!m || method === undefined)
    return m && 'id' in m ? { what: 'app', source: 'codex-app-server' } : { what: 'unrecognised' };
  const params = obj(m.params);
  const version = codexVersion(m);
  const types: NativeType[] = [];
  const legacy = method.startsWith(LEGACY_EVENT_PREFIX);
  if (legacy) types.push({ kind: 'eventmsg', name: legacyEventName(method, obj(params?.msg)?.type) });
  else types.push({ kind: 'id' in m ? 'request' : 'notification', name: method });
  const itemType = str(obj(params?.item)?.type);
  if (itemType !== undefined && !legacy) types.push({ kind: 'thread-item', name: itemType });
  return { what: 'upstream', source: 'codex-app-server', types, ...(version ? { version } : {}) };
}

/** The codex version a message states: a thread's cliVersion. */
function codexVersion(m: Obj): string | undefined {
  const thread = obj(obj(m.params)?.thread) ?? obj(obj(m.result)?.thread);
  const v = str(thread?.cliVersion);
  return isStrictVersion(v) ? v : undefined;
}

function claudeRecord(rec: Obj): LineKind {
  if (rec.kind === 'permission')
    return { what: 'upstream', source: 'claude-agent-sdk', types: [{ kind: 'permission', name: 'canUseTool' }] };
  if (rec.kind === 'meta') {
    const version = str(rec.sdkVersion);
    return isStrictVersion(version)
      ? { what: 'upstream', source: 'claude-agent-sdk', types: [], version }
      : { what: 'app', source: 'claude-agent-sdk' };
  }
  if (typeof rec.kind === 'string' && rec.kind !== 'message') return { what: 'app', source: 'claude-agent-sdk' };
  const m = rec.kind === 'message' ? obj(rec.message) : rec;
  const type = str(m?.type);
  if (!m || type === undefined) return { what: 'unrecognised' };
  return { what: 'upstream', source: 'claude-agent-sdk', types: claudeTypes(m, type) };
}

/** The catalog's names: `type`, `type:subtype` (system, result), `user[isReplay]`; nested stream and content types. */
function claudeTypes(m: Obj, type: string): NativeType[] {
  const types: NativeType[] = [{ kind: 'sdk-message', name: claudeMessageName(type, m) }];
  const event = obj(m.event);
  if (type === 'stream_event' && event) {
    const eventType = str(event.type);
    if (eventType !== undefined) types.push({ kind: 'stream-event', name: eventType });
    const block = str(obj(event.content_block)?.type);
    if (block !== undefined) types.push({ kind: 'content-block', name: block });
    const delta = str(obj(event.delta)?.type);
    if (eventType === 'content_block_delta' && delta !== undefined) types.push({ kind: 'content-delta', name: delta });
  }
  if (type === 'assistant') {
    const content = obj(m.message)?.content;
    for (const block of Array.isArray(content) ? content : []) {
      const b = obj(block);
      if (b?.type === 'tool_use' && typeof b.name === 'string') types.push({ kind: 'tool', name: b.name });
    }
  }
  return types;
}

function codexSdkTypes(rec: Obj): NativeType[] {
  const types: NativeType[] = [{ kind: 'thread-event', name: String(rec.type) }];
  const item = str(obj(rec.item)?.type);
  if (item !== undefined) types.push({ kind: 'sdk-item', name: item });
  return types;
}
