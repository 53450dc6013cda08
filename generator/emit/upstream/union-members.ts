// A definition that repeats a union the messages were read from is emitted as a union of the
// message types, so each member is written once. Codex 0.105.0's EventMsg.json holds the EventMsg
// union at its root (the catalog's `eventmsg` entries) and again as definitions/EventMsg, which
// `session_configured.initial_messages` refers to: without this, all 75 members appear twice.
import { memberSlot, type MemberSlot } from '../../schema/branches.ts';
import { getAtPointer } from '../../schema/pointer.ts';
import type { Catalog, CatalogEntry } from '../../catalog/types.ts';
import { stableJson } from '../../io/fsutil.ts';

type Keyword = MemberSlot['key'];

export interface UnionMatch {
  keyword: Keyword;
  /** The message entry of each member, in member order. */
  entries: CatalogEntry[];
}

export class UnionMembers {
  private readonly unions = new Map<string, UnionMatch>();
  /** Member counts of the known unions: most definitions are ruled out without serialising them. */
  private readonly sizes = new Set<number>();

  constructor(messages: Array<{ catalog: Catalog; entry: CatalogEntry }>) {
    const groups = new Map<
      string,
      { catalog: Catalog; document: string; container: string; keyword: Keyword; members: Map<number, CatalogEntry> }
    >();
    for (const { catalog, entry } of messages) {
      const slot = memberSlot(entry.pointer);
      if (!slot) continue;
      const { container, key: keyword, index } = slot;
      const id = `${catalog.version}\u0000${entry.document}\u0000${container}\u0000${keyword}`;
      const group = groups.get(id) ?? { catalog, document: entry.document, container, keyword, members: new Map() };
      group.members.set(index, entry);
      groups.set(id, group);
    }
    for (const g of groups.values()) {
      const union = getAtPointer(g.catalog.documents[g.document], g.container) as Record<string, unknown> | undefined;
      const members = union?.[g.keyword];
      // Only unions whose every member is a message can be rebuilt from the messages.
      if (!Array.isArray(members) || members.length !== g.members.size) continue;
      const entries = members.map((_m, i) => g.members.get(i)).filter((e): e is CatalogEntry => e !== undefined);
      if (entries.length !== members.length) continue;
      this.unions.set(this.key(g.catalog, g.document, g.keyword, members), { keyword: g.keyword, entries });
      this.sizes.add(members.length);
    }
  }

  /** The messages `schema` (a definition in `document`) is the union of, if it repeats one. */
  match(catalog: Catalog, document: string, schema: unknown): UnionMatch | undefined {
    if (schema === null || typeof schema !== 'object') return undefined;
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const members = (schema as Record<string, unknown>)[keyword];
      if (Array.isArray(members) && this.sizes.has(members.length)) {
        const hit = this.unions.get(this.key(catalog, document, keyword, members));
        if (hit) return hit;
      }
    }
    return undefined;
  }

  private key(catalog: Catalog, document: string, keyword: Keyword, members: unknown[]): string {
    return `${catalog.version}\u0000${document}\u0000${keyword}\u0000${stableJson(members, { sortKeys: true })}`;
  }
}
