// Catalog of a codex-app-server snapshot: the JSON Schema bundle Codex writes itself.
import { getAtPointer } from '../schema/pointer.ts';
import type { SnapshotReader } from './snapshot-files.ts';
import type { CatalogEntry, CatalogEnum, CatalogParts, CatalogResponse } from './types.ts';
import { parseDefinitionRef } from '../schema/traverse.ts';
import { catalogEnums, readUnion } from './unions.ts';
import { isObj } from '../schema/object.ts';

const NOTIFICATIONS = 'ServerNotification.json';
const REQUESTS = 'ServerRequest.json';
const EVENT_MSG = 'EventMsg.json';

export function buildCodexAppServer(reader: SnapshotReader): CatalogParts {
  const entries: CatalogEntry[] = [
    ...readUnion(reader, 'notification', NOTIFICATIONS, '#', 'method', 'ServerNotification'),
    ...readUnion(reader, 'request', REQUESTS, '#', 'method', 'ServerRequest').map((e) => ({
      ...e,
      response: responseOf(reader, e.name, getAtPointer(reader.read(REQUESTS), e.pointer)),
    })),
    // Only older versions ship the legacy EventMsg union (sent as `codex/event/<type>`).
    ...(reader.has(EVENT_MSG) ? readUnion(reader, 'eventmsg', EVENT_MSG, '#', 'type', 'EventMsg') : []),
    ...readUnion(reader, 'thread-item', NOTIFICATIONS, '#/definitions/ThreadItem', 'type', 'ThreadItem'),
  ];
  const responseDocuments = [
    ...new Set(entries.flatMap((e) => (e.response && 'document' in e.response ? [e.response.document] : []))),
  ].sort();
  return { entries, enums: readEnums(reader, responseDocuments) };
}

/** Enums that mappings translate: every `*Status` (notifications) and every `*Decision` / `*Action` (the client's answers to requests). */
function readEnums(reader: SnapshotReader, responseDocuments: string[]): Record<string, CatalogEnum> {
  const enums: Record<string, CatalogEnum> = {};
  const scan = (document: string, pattern: RegExp) => {
    const doc = reader.read(document);
    const defs = isObj(doc) && isObj(doc.definitions) ? doc.definitions : {};
    const names = Object.keys(defs).filter((name) => pattern.test(name) && !enums[name]);
    Object.assign(enums, catalogEnums(defs, names.sort(), document, 'definitions'));
  };
  scan(NOTIFICATIONS, /Status$/);
  for (const doc of responseDocuments) scan(doc, /(Decision|Action)$/);
  return enums;
}

/**
 * The answer to a server request. Codex writes each request's two types as `<Variant>Params.json`
 * and `<Variant>Response.json` (codex-rs app-server-protocol, `server_request_definitions!`:
 * `concat!(stringify!($variant), "Params" | "Response")`), and ServerRequest.json's member refers
 * to its params as `#/definitions/<Variant>Params`. So the pair is linked by the variant name,
 * confirmed by both files being there; anything else is reported, not guessed.
 */
function responseOf(reader: SnapshotReader, method: string, member: unknown): CatalogResponse {
  const params = isObj(member) && isObj(member.properties) ? member.properties.params : undefined;
  const ref = isObj(params) && typeof params.$ref === 'string' ? params.$ref : undefined;
  const parsed = ref === undefined ? undefined : parseDefinitionRef(ref);
  // A type name, never a path: the file name is built from it.
  const name = parsed?.rest === '' && /^[A-Za-z0-9_]+Params$/.test(parsed.name) ? parsed.name : undefined;
  if (name === undefined)
    return {
      missing: `\`${method}\`'s params are not a \`#/definitions/<Variant>Params\` reference, which names its response`,
    };
  const variant = name.slice(0, -'Params'.length);
  const [paramsFile, responseFile] = [`${name}.json`, `${variant}Response.json`];
  if (!reader.has(paramsFile) || !reader.has(responseFile))
    return {
      missing: `the snapshot has no ${reader.has(paramsFile) ? responseFile : `${paramsFile} beside ${responseFile}`}`,
    };
  reader.read(responseFile);
  return { type: `${variant}Response`, document: responseFile, pointer: '#' };
}
