// Which catalog entries are whole upstream messages, and which snapshot each one is typed from.
// Works on the Catalog IR alone, so every source goes through the same code.
import lt from 'semver/functions/lt.js';
import valid from 'semver/functions/valid.js';
import { EventmapError } from '../../shared/diagnostics.ts';
import { escapeSegment, getAtPointer, pointerSegments } from '../../schema/pointer.ts';
import { compareStrings } from '../../io/fsutil.ts';
import type { Catalog, CatalogEntry } from '../../catalog/types.ts';
import { memberSlot } from '../../schema/branches.ts';
import { isObj } from '../../schema/object.ts';
import { parseDefinitionRef } from '../../schema/traverse.ts';
import { isMessageKind } from '../../mapping/coverage-status.ts';
import type { SchemaRoot } from './definitions.ts';

export interface OwnedMessage {
  entry: CatalogEntry;
  /** The snapshot the message is typed from: the newest one that has it. */
  catalog: Catalog;
  /** Every supported version that has the discriminant, newest first. */
  versions: Catalog[];
}

/** Both emitters take the supported snapshots of one source, each once, oldest first (newest wins). */
export function checkCatalogs(catalogs: Catalog[], who: string): void {
  if (catalogs.length === 0) {
    throw new EventmapError({
      code: 'emit/no-snapshots',
      message: `${who}: no snapshots given`,
      hint: 'vendor at least one snapshot with `eventmap upstream add <source>@<version>`',
    });
  }
  const sources = [...new Set(catalogs.map((c) => c.source))];
  if (sources.length > 1) {
    throw new EventmapError({
      code: 'emit/mixed-sources',
      message: `${who}: snapshots of several sources given (${sources.join(', ')})`,
      hint: 'call the emitter once per source',
    });
  }
  const versions = catalogs.map((c) => c.version);
  if (new Set(versions).size !== versions.length) {
    throw new EventmapError({
      code: 'emit/duplicate-version',
      message: `${who}: ${sources[0]} version given twice (${versions.join(', ')})`,
      hint: 'pass each supported snapshot once, oldest first',
    });
  }
  // Versions that are not semver (a snapshot folder named outright) keep the order given.
  const semverOnes = versions.filter((v) => valid(v));
  if (semverOnes.some((v, i) => i > 0 && lt(v, semverOnes[i - 1]!))) {
    throw new EventmapError({
      code: 'emit/unsorted-snapshots',
      message: `${who}: ${sources[0]} snapshots are not oldest first (${versions.join(', ')})`,
      hint: 'pass them in the order listVersions returns',
    });
  }
}

/** Message entries of all versions, each owned by the newest snapshot that has it; sorted by kind, then name. */
export function ownMessages(catalogs: Catalog[]): OwnedMessage[] {
  const byKey = new Map<string, OwnedMessage>();
  for (let i = catalogs.length - 1; i >= 0; i--) {
    const catalog = catalogs[i]!;
    for (const entry of catalog.entries) {
      if (!isMessageKind(entry.kind)) continue;
      const key = `${entry.kind}\u0000${entry.name}`;
      const seen = byKey.get(key);
      if (seen) seen.versions.push(catalog);
      else byKey.set(key, { entry, catalog, versions: [catalog] });
    }
  }
  return [...byKey.values()].sort(
    (a, b) => compareStrings(a.entry.kind, b.entry.kind) || compareStrings(a.entry.name, b.entry.name),
  );
}

/** The entry's own schema; `undefined` only for entries the catalog flags as unresolved. */
export function entrySchema(catalog: Catalog, entry: CatalogEntry): unknown {
  const schema = getAtPointer(catalog.documents[entry.document], entry.pointer);
  if (schema === undefined && !entry.unresolved) {
    throw new EventmapError({
      code: 'emit/missing-schema',
      message: `${catalog.source}@${catalog.version}: ${entry.kind} \`${entry.name}\` points at ${entry.document}${entry.pointer}, which does not exist`,
      hint: 'the catalog and the snapshot disagree; re-create the snapshot with `eventmap upstream add`',
    });
  }
  return schema;
}

/**
 * Keywords a union member inherits from the schema that holds the union: JSON Schema applies
 * both, so `{properties: {emittedAtMs}, oneOf: [...]}` (Codex 0.171.0) gives every member an
 * optional `emittedAtMs`. Returns the inherited `properties` (schemas of the entry's document:
 * their `$ref`s resolve there) and `required`.
 */
export function inheritedKeywords(
  catalog: Catalog,
  entry: CatalogEntry,
): { properties: Array<[name: string, schema: unknown]>; required: string[] } {
  const none = { properties: [], required: [] };
  const containerPointer = memberSlot(entry.pointer)?.container;
  if (containerPointer === undefined) return none;
  const container = getAtPointer(catalog.documents[entry.document], containerPointer);
  if (!isObj(container)) return none;
  return {
    properties: isObj(container.properties) ? Object.entries(container.properties) : [],
    required: Array.isArray(container.required)
      ? container.required.filter((r): r is string => typeof r === 'string')
      : [],
  };
}

/**
 * The `$ref` (resolving in the entry's document) of the definition an entry is, when it is exactly
 * one: its pointer names a definition (Claude: `#/definitions/SDKAssistantMessage`), or its schema
 * is only a `$ref` to one. Such a message is that definition's type, not a second copy of it.
 */
export function entryDefinitionRef(catalog: Catalog, entry: CatalogEntry): string | undefined {
  const raw = entrySchema(catalog, entry);
  if (raw === undefined) return undefined; // unresolved: there is nothing to refer to
  const own = definitionRefAt(entry.pointer);
  if (own) return own;
  if (
    !isObj(raw) ||
    typeof raw.$ref !== 'string' ||
    !Object.keys(raw).every((k) => ['$ref', 'description', 'title'].includes(k))
  )
    return undefined;
  return parseDefinitionRef(raw.$ref)?.rest === '' ? raw.$ref : undefined;
}

/** The `$ref` of the definition a pointer names (`#/definitions/Foo`), else undefined. */
export function definitionRefAt(pointer: string): string | undefined {
  const segs = pointerSegments(pointer);
  return segs.length === 2 && (segs[0] === 'definitions' || segs[0] === '$defs')
    ? `#/${segs[0]}/${encodeURIComponent(escapeSegment(segs[1]!))}`
    : undefined;
}

/** The schemas a message's validation and type start from: its own and the ones it inherits. */
export function messageRoots(catalog: Catalog, entry: CatalogEntry): SchemaRoot[] {
  const ref = entryDefinitionRef(catalog, entry);
  return [
    ref ? { $ref: ref } : entrySchema(catalog, entry),
    ...inheritedKeywords(catalog, entry).properties.map(([, schema]) => schema),
  ].map((schema) => ({ catalog, document: entry.document, schema }));
}
