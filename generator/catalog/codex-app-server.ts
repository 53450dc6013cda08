// Catalog of a codex-app-server snapshot: the JSON Schema bundle Codex writes itself.
import { getAtPointer, joinPointer } from './json-pointer.ts';
import type { SnapshotReader } from './snapshot-files.ts';
import type { CatalogEntry, CatalogEnum } from './types.ts';
import { literalOf, readUnion } from './unions.ts';

const NOTIFICATIONS = 'ServerNotification.json';
const REQUESTS = 'ServerRequest.json';
const EVENT_MSG = 'EventMsg.json';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

export function buildCodexAppServer(reader: SnapshotReader): { entries: CatalogEntry[]; enums: Record<string, CatalogEnum> } {
  const entries: CatalogEntry[] = [];
  for (const m of readUnion(reader, NOTIFICATIONS, '#', 'method', 'ServerNotification')) {
    entries.push({ kind: 'notification', name: m.name, document: NOTIFICATIONS, pointer: m.pointer });
  }
  for (const m of readUnion(reader, REQUESTS, '#', 'method', 'ServerRequest')) {
    const entry: CatalogEntry = { kind: 'request', name: m.name, document: REQUESTS, pointer: m.pointer };
    // The client's answer is described by `<X>Response.json` beside `<X>Params.json`.
    const responseDocument = responseDocumentOf(reader, getAtPointer(reader.read(REQUESTS), m.pointer));
    if (responseDocument) {
      reader.read(responseDocument);
      entry.meta = { responseDocument };
    }
    entries.push(entry);
  }
  // Only older versions ship the legacy EventMsg union (sent as `codex/event/<type>`).
  if (reader.has(EVENT_MSG)) {
    for (const m of readUnion(reader, EVENT_MSG, '#', 'type', 'EventMsg')) {
      entries.push({ kind: 'eventmsg', name: m.name, document: EVENT_MSG, pointer: m.pointer });
    }
  }
  for (const m of readUnion(reader, NOTIFICATIONS, '#/definitions/ThreadItem', 'type', 'ThreadItem')) {
    entries.push({ kind: 'thread-item', name: m.name, document: NOTIFICATIONS, pointer: m.pointer });
  }
  return { entries, enums: readStatusEnums(reader) };
}

/** Every `*Status` definition: string enums, or unions of objects told apart by `type`. */
function readStatusEnums(reader: SnapshotReader): Record<string, CatalogEnum> {
  const doc = reader.read(NOTIFICATIONS);
  const defs = isObj(doc) && isObj(doc.definitions) ? doc.definitions : {};
  const enums: Record<string, CatalogEnum> = {};
  for (const name of Object.keys(defs).sort()) {
    if (!name.endsWith('Status')) continue;
    const def = defs[name];
    const pointer = joinPointer('#/definitions', name);
    let values: string[] | undefined;
    if (isObj(def) && Array.isArray(def.enum) && def.enum.every((v) => typeof v === 'string')) {
      values = def.enum as string[];
    } else if (isObj(def) && Array.isArray(def.oneOf)) {
      const lits = def.oneOf.map((m) => {
        if (!isObj(m)) return undefined;
        if (isObj(m.properties)) return literalOf(m.properties.type);
        return literalOf(m);
      });
      if (lits.every((v): v is string => v !== undefined)) values = lits;
    }
    if (values) enums[name] = { name, values, document: NOTIFICATIONS, pointer };
  }
  return enums;
}

function responseDocumentOf(reader: SnapshotReader, member: unknown): string | undefined {
  const params = isObj(member) && isObj(member.properties) ? member.properties.params : undefined;
  const ref = isObj(params) && typeof params.$ref === 'string' ? params.$ref : undefined;
  const name = ref?.split('/').pop();
  if (!name?.endsWith('Params')) return undefined;
  const file = `${name.slice(0, -'Params'.length)}Response.json`;
  return reader.has(file) ? file : undefined;
}
