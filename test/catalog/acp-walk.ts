// What an ACP schema file names, read with plain JSON walking (not the catalog code), for tests to
// hold the catalog and check's gap lists to: every method by its `x-method`, placed by the root
// union of messages that refers to its definition, every session/update variant, and `_*` where a
// union has a member for extension methods.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Json = Record<string, unknown>;
export const schemaOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'schema.json'), 'utf8')) as { $defs: Json };

/** Who sends what: the schema's root unions of messages, and what each member is called in a gap. */
const ROOTS: Record<string, string> = {
  AgentNotification: 'notification',
  AgentRequest: 'request',
  AgentResponse: 'agent-response',
  ClientRequest: 'client-request',
  ClientNotification: 'client-notification',
};

/** `kind:name` of every method (by its x-method, placed by the root union that refers to it) and every sessionUpdate. */
export function discriminants(schema: { $defs: Json }): Set<string> {
  const defs = schema.$defs;
  const out = new Set<string>();
  for (const [name, def] of Object.entries(defs) as [string, Json][]) {
    const method = def['x-method'];
    if (typeof method !== 'string') continue;
    if (def['x-side'] === 'protocol') {
      out.add(`notification:${method}`).add(`client-notification:${method}`);
      continue;
    }
    for (const [root, kind] of Object.entries(ROOTS)) {
      if (kind === 'notification' && method === 'session/update') continue; // told apart by sessionUpdate
      if (JSON.stringify(defs[root]).includes(`"#/$defs/${name}"`)) out.add(`${kind}:${method}`);
    }
  }
  // Extension methods (a leading `_`) are one entry `_*` per union whose Ext* member stands for them.
  for (const [root, kind] of Object.entries(ROOTS))
    if (JSON.stringify(defs[root]).includes('"#/$defs/Ext')) out.add(`${kind}:_*`);
  for (const member of (defs.SessionUpdate as { oneOf: Json[] }).oneOf) {
    const tag = (member.properties as Json).sessionUpdate as { const: string };
    out.add(`session-update:${tag.const}`);
  }
  return out;
}
