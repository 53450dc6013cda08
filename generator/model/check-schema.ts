// One JSON Schema written in the model, whose keywords model-schema.ts has checked: the rules a
// schema cannot say (a keyword's type, references, required names, regular expressions), and its
// normalized form: objects closed (additionalProperties: false) unless they say otherwise,
// `extension` reasons moved into `description`.
import { guessHint } from '../shared/did-you-mean.ts';
import { isObj, type Obj } from '../schema/object.ts';
import type { Problems } from './problems.ts';
import { REF_PATTERN } from './model-schema.ts';
import type { SourceLocation } from './types.ts';
import { pointerJoin, type YamlSource } from './yaml-source.ts';

export interface SchemaContext {
  source: YamlSource;
  problems: Problems;
  /** Every name a `$ref` may point at. */
  names: ReadonlySet<string>;
  /** Names that were referenced (to find unused definitions). */
  referenced: Set<string>;
  /** IR pointer → model location, filled as schemas are read. */
  locations: Record<string, SourceLocation>;
}

export function extensionNote(reason: string): string {
  return `Extension (not in EVENTS.md): ${reason}`;
}

/** The type each keyword needs its schema to have. */
const NEEDS_TYPE: Record<string, string> = {
  properties: 'object',
  additionalProperties: 'object',
  required: 'object',
  items: 'array',
  pattern: 'string',
};

/** Check the schema at `yamlPointer`; its normalized form will live at `irPointer` in the IR schema. */
export function checkSchema(
  node: Record<string, unknown>,
  yamlPointer: string,
  irPointer: string,
  ctx: SchemaContext,
): Obj {
  ctx.locations[irPointer] = ctx.source.locate(yamlPointer);
  const { problems } = ctx;
  const at = (key: string) => pointerJoin(yamlPointer, key);
  const out: Record<string, unknown> = {};
  const description = [node.description, node.extension && extensionNote(node.extension as string)]
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.trim())
    .join(' ');

  if ('$ref' in node) {
    for (const key of Object.keys(node).filter((k) => !['$ref', 'description', 'extension'].includes(k)))
      problems.add(
        at(key),
        'ref-siblings',
        `"${key}" next to $ref would be ignored`,
        'keep only `$ref` and `description` here, or change the referenced definition',
      );
    const name = REF_PATTERN.exec(node.$ref as string)![1]!;
    ctx.referenced.add(name);
    if (!ctx.names.has(name))
      problems.add(
        at('$ref'),
        'bad-ref',
        `$ref points at "${name}", which the model does not define`,
        guessHint(name, ctx.names, 'define it under `definitions:` (or `enums:`/`ids:`), or fix the name'),
      );
    return { $ref: node.$ref, ...(description ? { description } : {}) };
  }

  const type = node.type;
  if (type !== undefined) out.type = type;
  if (description) out.description = description;
  const typed = Object.keys(NEEDS_TYPE).filter((key) => key in node);
  if (type === undefined && typed.length > 0)
    problems.add(
      yamlPointer,
      'bad-schema',
      `a schema with \`${typed[0]}\` must say its \`type\``,
      'add `type: ...` to this schema',
    );
  for (const key of type === undefined ? [] : typed.filter((k) => NEEDS_TYPE[k] !== type))
    problems.add(
      at(key),
      'bad-schema',
      `\`${key}\` needs \`type: ${NEEDS_TYPE[key]}\``,
      `add \`type: ${NEEDS_TYPE[key]}\` to this schema`,
    );
  const sub = (value: unknown, ...keys: string[]) =>
    checkSchema(value as Obj, pointerJoin(yamlPointer, ...keys), pointerJoin(irPointer, ...keys), ctx);
  if (isObj(node.properties))
    out.properties = Object.fromEntries(
      Object.entries(node.properties).map(([name, s]) => [name, sub(s, 'properties', name)]),
    );
  if ('required' in node) out.required = node.required;
  for (const [i, name] of ((node.required as string[] | undefined) ?? []).entries()) {
    const props = Object.keys(isObj(node.properties) ? node.properties : {});
    if (!props.includes(name))
      problems.add(
        pointerJoin(yamlPointer, 'required', i),
        'required-not-in-properties',
        `required property "${name}" is not in \`properties\``,
        guessHint(name, props, `add "${name}" under \`properties\`, or remove it from \`required\``),
      );
  }
  if (typeof node.additionalProperties === 'boolean') out.additionalProperties = node.additionalProperties;
  if (isObj(node.additionalProperties))
    out.additionalProperties = sub(node.additionalProperties, 'additionalProperties');
  else if (type === 'object' && !('additionalProperties' in node)) {
    if ('properties' in node)
      out.additionalProperties = false; // the closed-object policy
    else
      problems.add(
        yamlPointer,
        'open-object',
        'an object without `properties` must say whether it is an open map',
        'add `additionalProperties: true` (any keys) or list its `properties`',
      );
  }
  if ('items' in node) out.items = sub(node.items, 'items');
  else if (type === 'array')
    problems.add(
      yamlPointer,
      'bad-schema',
      'an array schema must say what its items are',
      'add `items: { ... }` (`items: {}` for any value)',
    );

  if (typeof node.pattern === 'string') {
    try {
      new RegExp(node.pattern, 'u');
    } catch (err) {
      problems.add(
        at('pattern'),
        'bad-schema',
        `\`pattern\` is not a valid regular expression (${err instanceof Error ? err.message : String(err)})`,
        'fix the regular expression (it is compiled with the `u` flag)',
      );
    }
  }
  if ('pattern' in node) out.pattern = node.pattern;
  return out;
}
