// The definitions a set of message schemas reaches, across documents (and snapshots), merged
// into one flat, uniquely named table. Codex repeats e.g. `RequestId` in ServerNotification.json
// and ServerRequest.json, and most definitions survive from one release to the next: copies that
// read the same (together with everything they reach) become one entry, differing ones get
// distinct names.
import { EventmapError } from '../../shared/diagnostics.ts';
import { compareStrings, sha256, stableJson } from '../../io/fsutil.ts';
import type { Catalog } from '../../catalog/types.ts';
import type { NameScope } from './names.ts';
import { collectRefs, definitionsOf, parseDefinitionRef, type DefinitionRef } from '../../schema/traverse.ts';

/** One definition of one document of one snapshot. */
export interface DefinitionSite {
  catalog: Catalog;
  document: string;
  container: DefinitionRef['container'];
  name: string;
  schema: unknown;
}

/** A schema living in a document of a snapshot, whose `$ref`s resolve against that document. */
export interface SchemaRoot {
  catalog: Catalog;
  document: string;
  schema: unknown;
}

export interface TableOptions {
  /** Base name of the `index`-th distinct variant of definition `name` (first seen: `site`); the scope makes it unique. */
  nameVariant: (name: string, index: number, site: DefinitionSite) => string;
  /** What counts when comparing copies. */
  normalize: (schema: unknown) => unknown;
}

export class DefinitionTable {
  private readonly ids = new Map<Catalog, number>();
  /** site key → the site and its unique name. */
  private readonly sites = new Map<string, { site: DefinitionSite; typeName: string }>();

  /** Collect every definition reachable from `roots` and name them in `scope`, in a stable order (by name, then snapshot and document). */
  constructor(roots: SchemaRoot[], scope: NameScope, options: TableOptions) {
    const found = new Map<string, DefinitionSite>();
    const deps = new Map<string, string[]>();
    const queue: string[] = [];
    const visit = (catalog: Catalog, document: string, schema: unknown): string[] =>
      collectRefs(schema).map((ref) => {
        const site = resolveRef(catalog, document, ref);
        const key = this.key(site);
        if (!found.has(key)) {
          found.set(key, site);
          queue.push(key);
        }
        return key;
      });
    for (const root of roots) visit(root.catalog, root.document, root.schema);
    while (queue.length) {
      const key = queue.shift()!;
      const site = found.get(key)!;
      deps.set(key, visit(site.catalog, site.document, site.schema));
    }

    const hashes = new Map<string, string>();
    const hashOf = (key: string): string => {
      let hash = hashes.get(key);
      if (hash === undefined)
        hashes.set(key, (hash = sha256(stableJson(options.normalize(found.get(key)!.schema), { sortKeys: true }))));
      return hash;
    };
    const byName = new Map<string, string[]>();
    for (const [key, site] of found) byName.set(site.name, [...(byName.get(site.name) ?? []), key]);
    for (const name of [...byName.keys()].sort(compareStrings)) {
      const keys = byName.get(name)!.sort(compareStrings);
      const groups = new Map<string, string[]>();
      for (const key of keys) {
        const sig = keys.length > 1 ? closureSignature(key, found, deps, hashOf) : '';
        groups.set(sig, [...(groups.get(sig) ?? []), key]);
      }
      [...groups.values()].forEach((group, index) => {
        const typeName = scope.claim(options.nameVariant(name, index, found.get(group[0]!)!));
        for (const key of group) this.sites.set(key, { site: found.get(key)!, typeName });
      });
    }
  }

  /** Every distinct definition once, with its name, sorted by name. */
  definitions(): Array<{ typeName: string; site: DefinitionSite }> {
    const seen = new Map<string, DefinitionSite>();
    for (const { site, typeName } of this.sites.values()) if (!seen.has(typeName)) seen.set(typeName, site);
    return [...seen].sort(([a], [b]) => compareStrings(a, b)).map(([typeName, site]) => ({ typeName, site }));
  }

  /** The table name a `$ref` in a document points at, and the pointer below the definition. */
  target(catalog: Catalog, document: string, ref: string): { typeName: string; rest: string } {
    const site = resolveRef(catalog, document, ref);
    const hit = this.sites.get(this.key(site));
    if (!hit) throw new Error(`internal: ${document}${ref} was not collected`);
    return { typeName: hit.typeName, rest: parseDefinitionRef(ref)!.rest };
  }

  private key(site: Pick<DefinitionSite, 'catalog' | 'document' | 'container' | 'name'>): string {
    // Snapshot order (0, 1, ...) sorts like the catalogs were given, keeping names stable.
    if (!this.ids.has(site.catalog)) this.ids.set(site.catalog, this.ids.size);
    const id = String(this.ids.get(site.catalog)).padStart(4, '0');
    return `${id}\u0000${site.document}\u0000${site.container}\u0000${site.name}`;
  }
}

function resolveRef(catalog: Catalog, document: string, ref: string): DefinitionSite {
  const where = `${catalog.source}@${catalog.version} ${document}`;
  const parsed = parseDefinitionRef(ref);
  if (!parsed) {
    throw new EventmapError({
      code: 'emit/unsupported-ref',
      message: `${where}: \`$ref: ${ref}\` does not point into the document's definitions`,
      hint: 'upstream schemas must refer to shared types through `#/definitions/<Name>`; extend generator/emit/upstream/definitions.ts if a source needs more',
    });
  }
  const schema = definitionsOf(catalog.documents[document], parsed.container)[parsed.name];
  if (schema === undefined) {
    throw new EventmapError({
      code: 'emit/dangling-ref',
      message: `${where}: \`$ref: ${ref}\` names a definition the document does not have`,
      hint: 'the snapshot is incomplete; re-create it with `eventmap upstream add`',
    });
  }
  return { catalog, document, container: parsed.container, name: parsed.name, schema };
}

/**
 * Hash of a definition's text and of every definition it reaches (by name), independent of the
 * document and snapshot holding them: equal hashes mean the same schema.
 */
function closureSignature(
  start: string,
  found: Map<string, DefinitionSite>,
  deps: Map<string, string[]>,
  hashOf: (key: string) => string,
): string {
  const seen = new Set<string>([start]);
  const stack = [start];
  while (stack.length) {
    for (const next of deps.get(stack.pop()!) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  const lines = [...seen].map((key) => {
    const site = found.get(key)!;
    return `${site.container}/${site.name}=${hashOf(key)}`;
  });
  return sha256(lines.sort(compareStrings).join('\n'));
}
