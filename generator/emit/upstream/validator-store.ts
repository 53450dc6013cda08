// One JSON Schema document holding everything the upstream validators check: every definition
// the messages of all supported snapshots reach, once (identical copies across documents and
// versions are shared), and one schema per distinct message schema. Ajv compiles each definition
// to one function that all message validators call.
import type { Catalog, CatalogEntry } from '../../catalog/types.ts';
import { compareStrings, stableJson } from '../../io/fsutil.ts';
import { DefinitionTable } from './definitions.ts';
import { addDiscriminator } from './discriminator.ts';
import { isMessageKind } from '../../mapping/coverage-status.ts';
import { entryDefinitionRef, entrySchema, inheritedKeywords, messageRoots } from './messages.ts';
import { NameScope } from './names.ts';
import { numericFormatToRange } from './numeric-formats.ts';
import { isObj, type Obj } from '../../schema/object.ts';
import { escapeSegment } from '../../schema/pointer.ts';
import { encodePointerRest, mapSchema, parseDefinitionRef, withoutAnnotations } from '../../schema/traverse.ts';
import { UnionMembers } from './union-members.ts';

/** `#/definitions/<key>` as a URI fragment: pointer-escaped, then percent-encoded (Ajv decodes both). */
export const definitionFragment = (key: string): string => `#/definitions/${encodeURIComponent(escapeSegment(key))}`;

export interface StoreMessage {
  kind: string;
  name: string;
  /** Key of the message's schema under the store's `definitions`. */
  key: string;
  /** Versions checked with this schema, newest first. */
  versions: string[];
}

export interface ValidatorStore {
  schema: Obj;
  /** Sorted by kind, then name, then newest version. */
  messages: StoreMessage[];
}

/** The schema without annotations, numeric formats as ranges, tagged unions marked; `$ref`s untouched. */
function validationOnly(schema: unknown): unknown {
  // Annotations go too: the generated code would embed them (Ajv quotes schemas in error params).
  return mapSchema(withoutAnnotations(schema), (node) => addDiscriminator(numericFormatToRange(node)));
}

export function buildValidatorStore(catalogs: Catalog[], storeId: string): ValidatorStore {
  const newestFirst = [...catalogs].reverse();
  const entries = newestFirst.flatMap((catalog) =>
    catalog.entries.filter((e) => isMessageKind(e.kind)).map((entry) => ({ catalog, entry })),
  );
  const scope = new NameScope();
  const table = new DefinitionTable(
    entries.flatMap(({ catalog, entry }) => messageRoots(catalog, entry)),
    scope,
    {
      // The first distinct copy (newest snapshot first) keeps the upstream name; later ones say where they come from.
      nameVariant: (name, index, site) => (index === 0 ? name : `${name}@${site.catalog.version}`),
      // Copies that differ only in annotations validate the same: compile them once.
      normalize: (schema) => validationOnly(schema),
    },
  );

  const prepare = (catalog: Catalog, document: string, schema: unknown): unknown =>
    mapSchema(validationOnly(schema), (node) => {
      if (typeof node.$ref !== 'string') return node;
      const { typeName, rest } = table.target(catalog, document, node.$ref);
      return { ...node, $ref: `${definitionFragment(typeName)}${encodePointerRest(rest)}` };
    });

  const definitions: Obj = {};
  // Message schemas: one per distinct text, shared by the versions where it reads the same.
  const byText = new Map<string, StoreMessage>();
  const messages: StoreMessage[] = [];
  const messageOf = new Map<CatalogEntry, StoreMessage>();
  for (const { catalog, entry } of entries) {
    const schema = messageSchema(catalog, entry, prepare);
    const text = `${entry.kind}\u0000${entry.name}\u0000${stableJson(schema, { sortKeys: true })}`;
    let message = byText.get(text);
    if (message) message.versions.push(catalog.version);
    else {
      const key = scope.claim(`${entry.kind}:${entry.name}@${catalog.version}`);
      definitions[key] = schema;
      message = { kind: entry.kind, name: entry.name, key, versions: [catalog.version] };
      byText.set(text, message);
      messages.push(message);
    }
    messageOf.set(entry, message);
  }

  const unions = new UnionMembers(entries);
  const resolveMember = (member: unknown) => {
    const ref = isObj(member) && typeof member.$ref === 'string' ? parseDefinitionRef(member.$ref) : undefined;
    const target = ref?.container === 'definitions' && ref.rest === '' ? definitions[ref.name] : undefined;
    return isObj(target) ? target : undefined;
  };
  for (const { typeName, site } of table.definitions()) {
    const union = unions.match(site.catalog, site.document, site.schema);
    if (!union) {
      definitions[typeName] = prepare(site.catalog, site.document, site.schema);
      continue;
    }
    const members = union.entries.map((e) => ({ $ref: definitionFragment(messageOf.get(e)!.key) }));
    const rest = prepare(site.catalog, site.document, { ...(site.schema as Obj), [union.keyword]: [] }) as Obj;
    definitions[typeName] = addDiscriminator({ ...rest, [union.keyword]: members }, resolveMember);
  }
  // Stable order, independent of how the catalogs list their entries.
  const order = new Map(newestFirst.map((c, i) => [c.version, i]));
  messages.sort(
    (a, b) =>
      compareStrings(a.kind, b.kind) ||
      compareStrings(a.name, b.name) ||
      order.get(a.versions[0]!)! - order.get(b.versions[0]!)!,
  );
  const sortedDefs = Object.fromEntries(
    Object.keys(definitions)
      .sort(compareStrings)
      .map((k) => [k, definitions[k]]),
  );
  return { schema: { $id: storeId, definitions: sortedDefs }, messages };
}

/** A message's own schema, plus what it inherits from the union holding it; `true` when upstream never declared it. */
function messageSchema(
  catalog: Catalog,
  entry: CatalogEntry,
  prepare: (c: Catalog, d: string, s: unknown) => unknown,
): unknown {
  const raw = entrySchema(catalog, entry);
  if (raw === undefined) return true;
  // A message that is a definition calls that definition's validator rather than copying it.
  const ref = entryDefinitionRef(catalog, entry);
  const own = prepare(catalog, entry.document, ref ? { $ref: ref } : raw);
  const inherited = inheritedKeywords(catalog, entry);
  if (inherited.properties.length === 0 && inherited.required.length === 0) return own;
  const properties = Object.fromEntries(
    inherited.properties.map(([name, schema]) => [name, prepare(catalog, entry.document, schema)]),
  );
  return { allOf: [own, { properties, ...(inherited.required.length ? { required: inherited.required } : {}) }] };
}
