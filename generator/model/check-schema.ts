// Checks one JSON Schema written in the model against the small subset eventmap supports, and
// returns it normalized: objects closed (additionalProperties: false) unless they say otherwise,
// `extension` reasons moved into `description`. Every keyword allowed here is one that the
// TypeScript printer and the Ajv validators handle, so nothing is silently ignored downstream.
import type { JsonSchema } from '../schema/types.ts';
import { didYouMean } from '../shared/did-you-mean.ts';
import { isObj } from '../schema/object.ts';
import { checkText, describeValue, type Problems } from './problems.ts';
import type { SourceLocation } from './types.ts';
import { pointerJoin, type YamlSource } from './yaml-source.ts';

export const SCHEMA_KEYWORDS = [
  'type',
  'description',
  'properties',
  'required',
  'additionalProperties',
  'items',
  '$ref',
  'pattern',
  'extension',
] as const;
const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
const ALL_TYPES = new Set([...PRIMITIVE_TYPES, 'object', 'array']);
export const REF_PATTERN = /^#\/definitions\/([A-Za-z][A-Za-z0-9]*)$/;

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

/** Check the schema at `yamlPointer`; its normalized form will live at `irPointer` in the IR schema. */
export function checkSchema(node: unknown, yamlPointer: string, irPointer: string, ctx: SchemaContext): JsonSchema {
  ctx.locations[irPointer] = ctx.source.locate(yamlPointer);
  const { problems } = ctx;
  if (!isObj(node)) {
    problems.add(
      yamlPointer,
      'bad-schema',
      `a schema must be a map, found ${describeValue(node)}`,
      'write `{}` for "any value", or a map such as `{ type: string }`',
    );
    return {};
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(node)) {
    if (!(SCHEMA_KEYWORDS as readonly string[]).includes(key)) {
      problems.add(
        pointerJoin(yamlPointer, key),
        'unknown-keyword',
        `"${key}" is not a schema keyword the model supports`,
        keywordHint(key),
      );
    }
  }

  if ('$ref' in node) return checkRef(node, yamlPointer, ctx);

  const type = checkType(node, yamlPointer, problems);
  if (type !== undefined) out.type = type;
  if ('description' in node)
    out.description = checkText(node.description, pointerJoin(yamlPointer, 'description'), problems);
  if ('extension' in node) {
    const reason = checkText(node.extension, pointerJoin(yamlPointer, 'extension'), problems);
    out.description = out.description ? `${out.description as string} ${extensionNote(reason)}` : extensionNote(reason);
  }

  const isObject = type === 'object';
  if ('properties' in node) {
    if (!isObject)
      problems.add(
        pointerJoin(yamlPointer, 'properties'),
        'bad-schema',
        '`properties` needs `type: object`',
        'add `type: object` to this schema',
      );
    if (!isObj(node.properties)) {
      problems.add(
        pointerJoin(yamlPointer, 'properties'),
        'bad-schema',
        `\`properties\` must be a map, found ${describeValue(node.properties)}`,
        'write `properties: { name: { type: string } }`',
      );
    } else {
      const props: Record<string, JsonSchema> = {};
      for (const [name, sub] of Object.entries(node.properties)) {
        props[name] = checkSchema(
          sub,
          pointerJoin(pointerJoin(yamlPointer, 'properties'), name),
          pointerJoin(pointerJoin(irPointer, 'properties'), name),
          ctx,
        );
      }
      out.properties = props;
    }
  }
  if ('required' in node) out.required = checkRequired(node, yamlPointer, problems);
  if ('additionalProperties' in node) {
    const ap = node.additionalProperties;
    const p = pointerJoin(yamlPointer, 'additionalProperties');
    if (!isObject)
      problems.add(p, 'bad-schema', '`additionalProperties` needs `type: object`', 'add `type: object` to this schema');
    out.additionalProperties =
      typeof ap === 'boolean' ? ap : checkSchema(ap, p, pointerJoin(irPointer, 'additionalProperties'), ctx);
  } else if (isObject) {
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

  if ('items' in node) {
    if (type !== 'array')
      problems.add(
        pointerJoin(yamlPointer, 'items'),
        'bad-schema',
        '`items` needs `type: array`',
        'add `type: array` to this schema',
      );
    out.items = checkSchema(node.items, pointerJoin(yamlPointer, 'items'), pointerJoin(irPointer, 'items'), ctx);
  } else if (type === 'array') {
    problems.add(
      yamlPointer,
      'bad-schema',
      'an array schema must say what its items are',
      'add `items: { ... }` (`items: {}` for any value)',
    );
  }

  if ('pattern' in node) {
    const v = node.pattern;
    const p = pointerJoin(yamlPointer, 'pattern');
    if (typeof v !== 'string')
      problems.add(
        p,
        'bad-schema',
        '`pattern` must be a string',
        "quote the regular expression, e.g. `pattern: '^a+$'`",
      );
    else {
      try {
        new RegExp(v, 'u');
      } catch (err) {
        problems.add(
          p,
          'bad-schema',
          `\`pattern\` is not a valid regular expression (${err instanceof Error ? err.message : String(err)})`,
          'fix the regular expression (it is compiled with the `u` flag)',
        );
      }
    }
    if (type !== 'string')
      problems.add(p, 'bad-schema', '`pattern` needs `type: string`', 'add `type: string` to this schema');
    out.pattern = v;
  }
  return out;
}

function checkRef(node: Record<string, unknown>, yamlPointer: string, ctx: SchemaContext): JsonSchema {
  const { problems } = ctx;
  const p = pointerJoin(yamlPointer, '$ref');
  const out: Record<string, unknown> = { $ref: node.$ref };
  for (const key of Object.keys(node)) {
    if (
      key !== '$ref' &&
      key !== 'description' &&
      key !== 'extension' &&
      (SCHEMA_KEYWORDS as readonly string[]).includes(key)
    ) {
      problems.add(
        pointerJoin(yamlPointer, key),
        'ref-siblings',
        `"${key}" next to $ref would be ignored`,
        'keep only `$ref` and `description` here, or change the referenced definition',
      );
    }
  }
  if ('description' in node)
    out.description = checkText(node.description, pointerJoin(yamlPointer, 'description'), problems);
  if ('extension' in node) {
    const note = extensionNote(checkText(node.extension, pointerJoin(yamlPointer, 'extension'), problems));
    out.description = out.description ? `${out.description as string} ${note}` : note;
  }
  const match = typeof node.$ref === 'string' ? REF_PATTERN.exec(node.$ref) : null;
  if (!match) {
    problems.add(
      p,
      'bad-ref',
      `$ref ${JSON.stringify(node.$ref)} is not of the form '#/definitions/Name'`,
      "write `$ref: '#/definitions/Name'` (quoted: `#` starts a YAML comment)",
    );
    return out;
  }
  const name = match[1]!;
  ctx.referenced.add(name);
  if (!ctx.names.has(name)) {
    const guess = didYouMean(name, ctx.names);
    problems.add(
      p,
      'bad-ref',
      `$ref points at "${name}", which the model does not define`,
      guess
        ? `did you mean '#/definitions/${guess}'?`
        : 'define it under `definitions:` (or `enums:`/`ids:`), or fix the name',
    );
  }
  return out;
}

function checkType(
  node: Record<string, unknown>,
  yamlPointer: string,
  problems: Problems,
): string | string[] | undefined {
  if (!('type' in node)) {
    for (const k of ['properties', 'items', 'pattern', 'additionalProperties', 'required']) {
      if (k in node) {
        problems.add(
          yamlPointer,
          'bad-schema',
          `a schema with \`${k}\` must say its \`type\``,
          'add `type: ...` to this schema',
        );
        break;
      }
    }
    return undefined;
  }
  const t = node.type;
  const p = pointerJoin(yamlPointer, 'type');
  const hint = `use one of ${[...ALL_TYPES].join(', ')}, or a list of primitive types such as [string, 'null']`;
  if (typeof t === 'string') {
    if (!ALL_TYPES.has(t)) problems.add(p, 'bad-type', `unknown type "${t}"`, hint);
    return t;
  }
  if (
    Array.isArray(t) &&
    t.length > 1 &&
    t.every((x) => typeof x === 'string' && PRIMITIVE_TYPES.has(x)) &&
    new Set(t).size === t.length
  ) {
    return t as string[];
  }
  problems.add(p, 'bad-type', `type ${JSON.stringify(t)} is not supported`, hint);
  return undefined;
}

function checkRequired(node: Record<string, unknown>, yamlPointer: string, problems: Problems): string[] {
  const req = node.required;
  const p = pointerJoin(yamlPointer, 'required');
  if (!Array.isArray(req) || !req.every((x) => typeof x === 'string')) {
    problems.add(p, 'bad-schema', '`required` must be a list of property names', 'write `required: [name, other]`');
    return [];
  }
  const props = isObj(node.properties) ? node.properties : {};
  const seen = new Set<string>();
  req.forEach((name: string, i) => {
    if (seen.has(name))
      problems.add(
        pointerJoin(p, i),
        'duplicate-required',
        `"${name}" is listed twice in \`required\``,
        'remove the duplicate',
      );
    seen.add(name);
    if (!(name in props)) {
      const guess = didYouMean(name, Object.keys(props));
      problems.add(
        pointerJoin(p, i),
        'required-not-in-properties',
        `required property "${name}" is not in \`properties\``,
        guess ? `did you mean "${guess}"?` : `add "${name}" under \`properties\`, or remove it from \`required\``,
      );
    }
  });
  return req as string[];
}

function keywordHint(key: string): string {
  if (key === 'enum' || key === 'const')
    return "declare the values as a named enum under `enums:` and use `$ref: '#/definitions/Name'`";
  if (key === 'minLength' || key === 'maxLength')
    return "use `pattern` (length keywords would make the validators import Ajv's unicode helper at run time)";
  if (key === 'title') return "names come from the definition key or the event's `payload:`; remove `title`";
  const guess = didYouMean(key, SCHEMA_KEYWORDS);
  return guess ? `did you mean "${guess}"?` : `the supported keywords are: ${SCHEMA_KEYWORDS.join(', ')}`;
}
