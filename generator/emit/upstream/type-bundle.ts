// The single JSON Schema handed to json-schema-to-typescript for one snapshot: the messages that
// snapshot owns plus the definitions they reach, each carrying the `title` we chose as its name.
import type { Catalog } from '../../catalog/types.ts';
import { DefinitionTable } from './definitions.ts';
import { entryDefinitionRef, entrySchema, inheritedKeywords, messageRoots, type OwnedMessage } from './messages.ts';
import { NameScope, pascalCase } from './names.ts';
import { isObj, type Obj } from '../../schema/object.ts';
import { encodePointerRest, mapSchema, withoutAnnotations } from '../../schema/traverse.ts';
import { UnionMembers } from './union-members.ts';
import type { ResponseSchema } from '../../catalog/response.ts';
import { responseRoot } from './responses.ts';

export interface TypeBundle {
  /** Name of the synthetic root type; the caller drops its declaration. */
  rootName: string;
  schema: Obj;
}

/** Keywords that only name or locate a schema: dropped so that only our titles name types. */
const NAMING_KEYWORDS = ['title', '$id', 'id', '$schema', 'tsType', 'tsEnumNames'];

/** The answer to a request, typed in this snapshot's namespace (./responses.ts). */
export interface BundledResponse {
  answer: ResponseSchema;
  typeName: string;
}

export function buildTypeBundle(
  catalog: Catalog,
  messages: Array<{ owned: OwnedMessage; typeName: string }>,
  responses: BundledResponse[] = [],
): TypeBundle {
  const scope = new NameScope();
  const rootName = scope.claim('EventmapUpstreamRoot');
  for (const { typeName } of [...messages, ...responses]) {
    if (scope.claim(typeName) !== typeName) throw new Error(`internal: message type ${typeName} named twice`);
  }
  const answerRoots = responses.map((r) => ({ catalog, document: r.answer.document, schema: responseRoot(r.answer) }));
  const table = new DefinitionTable(
    [...messages.flatMap(({ owned }) => messageRoots(owned.catalog, owned.entry)), ...answerRoots],
    scope,
    {
      // Copies of a name that differ between documents keep both, the later one named after its document.
      nameVariant: (name, index, site) =>
        index === 0 ? pascalCase(name) : `${pascalCase(name)}Of${pascalCase(site.document.replace(/\.json$/, ''))}`,
      // Copies that differ only in docs or numeric format give the same TypeScript type; the
      // first copy (in document order) lends its description.
      normalize: (schema) => mapSchema(withoutAnnotations(schema), ({ format: _f, ...rest }) => rest),
    },
  );

  /** A copy with our naming only, refs pointing into the bundle, and `$ref` siblings moved off the ref. */
  const prepare = (document: string, schema: unknown): Obj => {
    if (schema === true || schema === undefined) return {};
    if (schema === false) return { tsType: 'never' };
    return mapSchema(schema, (node) => {
      for (const k of NAMING_KEYWORDS) delete node[k];
      if (typeof node.$ref !== 'string') return node;
      const { typeName, rest } = table.target(catalog, document, node.$ref);
      const ref = { $ref: `#/definitions/${typeName}${encodePointerRest(rest)}` };
      const { $ref: _drop, ...siblings } = node;
      if (Object.keys(siblings).length === 0) return ref;
      // A `$ref` with siblings would be copied by the ref parser and named twice (Foo, Foo1).
      const allOf = Array.isArray(siblings.allOf) ? siblings.allOf : [];
      return { ...siblings, allOf: [ref, ...allOf] };
    }) as Obj;
  };

  const definitions: Obj = {};
  const rootMembers: Obj[] = [];
  for (const { owned, typeName } of messages) {
    definitions[typeName] = named(messageSchema(owned, prepare, table), typeName);
    rootMembers.push({ $ref: `#/definitions/${typeName}` });
  }
  responses.forEach(({ typeName }, i) => {
    const { document, schema } = answerRoots[i]!;
    // An answer that is one definition is an alias of that definition's type, not a second copy.
    const ref = isObj(schema) && Object.keys(schema).length === 1 ? schema.$ref : undefined;
    const type = typeof ref === 'string' ? { tsType: table.target(catalog, document, ref).typeName } : undefined;
    definitions[typeName] = named(type ?? prepare(document, schema), typeName);
    rootMembers.push({ $ref: `#/definitions/${typeName}` });
  });
  const unions = new UnionMembers(messages.map(({ owned }) => ({ catalog, entry: owned.entry })));
  const messageType = new Map(messages.map((m) => [m.owned.entry, m.typeName]));
  for (const { typeName, site } of table.definitions()) {
    const union = unions.match(site.catalog, site.document, site.schema);
    const schema = union
      ? {
          ...prepare(site.document, { ...(site.schema as Obj), [union.keyword]: [] }),
          [union.keyword]: union.entries.map((e) => ({ $ref: `#/definitions/${messageType.get(e)}` })),
        }
      : prepare(site.document, site.schema);
    definitions[typeName] = named(schema, typeName);
    // Reached from the root so that aliases (`tsType`) still get their target declared.
    rootMembers.push({ $ref: `#/definitions/${typeName}` });
  }
  return { rootName, schema: { title: rootName, anyOf: rootMembers, definitions } };
}

/**
 * `schema` titled `title`. A schema json-schema-to-typescript reads as several types at once
 * (e.g. `oneOf` next to `properties`, as Codex's ThreadItem) is split into parts named after the
 * definition (ThreadItem1, ThreadItem2); nesting it in an `allOf` keeps the parts anonymous.
 */
function named(schema: Obj, title: string): Obj {
  const combinators = ['allOf', 'anyOf', 'oneOf'].filter((k) => k in schema).length;
  const objectShape = 'properties' in schema || 'patternProperties' in schema ? 1 : 0;
  if (combinators + objectShape <= 1) return { ...schema, title };
  const { description, deprecated, ...inner } = schema;
  return {
    ...(description === undefined ? {} : { description }),
    ...(deprecated === undefined ? {} : { deprecated }),
    title,
    allOf: [inner],
  };
}

function messageSchema(
  owned: OwnedMessage,
  prepare: (document: string, schema: unknown) => Obj,
  table: DefinitionTable,
): Obj {
  const { entry, catalog } = owned;
  const raw = entrySchema(catalog, entry);
  if (raw === undefined)
    return {
      tsType: 'unknown',
      description: `Unresolved upstream: ${entry.kind} \`${entry.name}\` is referenced but never declared.`,
    };
  const inherited = inheritedKeywords(catalog, entry);
  const extraProps = Object.fromEntries(
    inherited.properties.map(([name, schema]) => [name, prepare(entry.document, schema)]),
  );
  const hasExtra = inherited.properties.length > 0 || inherited.required.length > 0;

  // An entry that is a definition becomes an alias of that definition's type.
  const ref = entryDefinitionRef(catalog, entry);
  if (ref) {
    const { typeName } = table.target(catalog, entry.document, ref);
    if (!hasExtra) return { tsType: typeName };
    return {
      allOf: [
        { $ref: `#/definitions/${typeName}` },
        { type: 'object', properties: extraProps, required: inherited.required },
      ],
    };
  }
  const schema = prepare(entry.document, raw);
  if (!hasExtra) return schema;
  if (isObj(schema.properties)) {
    const own = schema.properties;
    const required = Array.isArray(schema.required) ? schema.required : [];
    return {
      ...schema,
      properties: { ...own, ...Object.fromEntries(Object.entries(extraProps).filter(([k]) => !(k in own))) },
      required: [...required, ...inherited.required.filter((r) => !required.includes(r))],
    };
  }
  return { allOf: [schema, { type: 'object', properties: extraProps, required: inherited.required }] };
}
