// Catalog of an acp snapshot: the Agent Client Protocol's stable v1 JSON Schema (schema.json, as
// `@agentclientprotocol/sdk` ships it). Every method is named by the schema itself: the params and
// result definitions carry `x-method`, and the root message unions say who sends them. What a
// mapping's `$` is, per kind: `params` (notification, request, client-request,
// client-notification), `params.update` (session-update), `result` (agent-response, and a
// request's `response:`).
import { collectRefs, parseDefinitionRef } from '../schema/traverse.ts';
import { isObj } from '../schema/object.ts';
import { joinPointer } from '../schema/pointer.ts';
import { ACP_EXTENSION } from '../../runtime/sources/discriminant.ts';
import { ACP_SCHEMA } from '../upstream/acp.ts';
import type { SnapshotReader } from './snapshot-files.ts';
import type { CatalogEntry, CatalogParts, EntryKind } from './types.ts';
import { catalogEnums, readUnion } from './unions.ts';

/** The root unions of messages (by who sends them) → the kind of entry each member is. */
const ROOTS: readonly [string, EntryKind][] = [
  ['AgentNotification', 'notification'], // agent → client
  ['AgentRequest', 'request'], // agent → client, answered by the client
  ['AgentResponse', 'agent-response'], // the agent's answers to the client's requests
  ['ClientRequest', 'client-request'], // client → agent
  ['ClientNotification', 'client-notification'], // client → agent
];

/** The definitions that stand for extension methods, in each union of messages. */
const EXTENSIONS: ReadonlySet<string> = new Set(['ExtNotification', 'ExtRequest', 'ExtResponse']);

/** `session/update` is told apart by `params.update.sessionUpdate`: its variants are the entries. */
const SESSION_UPDATE = 'session/update';
const UPDATE_UNION = '#/$defs/SessionUpdate';

/** Enums the mappings translate through value maps. */
const ENUMS = ['StopReason', 'ToolKind', 'ToolCallStatus', 'PermissionOptionKind', 'PlanEntryStatus'];

export function buildAcp(reader: SnapshotReader): CatalogParts {
  const doc = reader.read(ACP_SCHEMA);
  const defs = isObj(doc) && isObj(doc.$defs) ? doc.$defs : {};
  const methodOf = (name: string): string | undefined => {
    const def = defs[name];
    return isObj(def) && typeof def['x-method'] === 'string' ? def['x-method'] : undefined;
  };
  // A union's Ext* member stands for every extension method (runtime/sources/discriminant.ts).
  const nameOf = (name: string): string | undefined => (EXTENSIONS.has(name) ? ACP_EXTENSION : methodOf(name));
  const members = (root: string): string[] => {
    if (!isObj(defs[root]))
      throw reader.error(
        ACP_SCHEMA,
        joinPointer('#/$defs', root),
        'snapshot/missing-union',
        `the ACP schema has no ${root} union`,
        'the snapshot is not an ACP schema; re-create it with `eventmap upstream add acp@<version>`',
      );
    const names = collectRefs(defs[root]).flatMap((ref) => {
      const parsed = parseDefinitionRef(ref);
      return parsed?.rest === '' && nameOf(parsed.name) !== undefined ? [parsed.name] : [];
    });
    return [...new Set(names)];
  };
  const entry = (kind: EntryKind, name: string): CatalogEntry => ({
    kind,
    name: nameOf(name)!,
    document: ACP_SCHEMA,
    pointer: joinPointer('#/$defs', name),
  });
  const answers = new Map(members('ClientResponse').map((name) => [nameOf(name)!, name]));
  const entries: CatalogEntry[] = [];
  for (const [root, kind] of ROOTS) {
    for (const name of members(root)) {
      if (kind === 'notification' && methodOf(name) === SESSION_UPDATE) continue;
      const e = entry(kind, name);
      if (kind === 'request') {
        const answer = answers.get(e.name);
        e.response =
          answer === undefined
            ? { missing: `the schema's ClientResponse union has no result with x-method \`${e.name}\`` }
            : { type: answer, document: ACP_SCHEMA, pointer: joinPointer('#/$defs', answer) };
      }
      entries.push(e);
    }
  }
  // Protocol-level notifications (`$/cancel_request`) are sent by either side.
  for (const name of Object.keys(defs).sort()) {
    const def = defs[name];
    if (isObj(def) && def['x-side'] === 'protocol' && methodOf(name) !== undefined)
      entries.push(entry('notification', name), entry('client-notification', name));
  }
  entries.push(...readUnion(reader, 'session-update', ACP_SCHEMA, UPDATE_UNION, 'sessionUpdate', 'SessionUpdate'));
  return { entries, enums: catalogEnums(defs, ENUMS, ACP_SCHEMA, '$defs') };
}
