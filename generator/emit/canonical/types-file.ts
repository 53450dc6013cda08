// canonical/types.ts: the view the types.ts.hbs template renders, built from the model IR.
import type { JsonSchema } from '../../schema/types.ts';
import type { CanonicalModel } from '../../model/types.ts';
import { docComment, ident, lit, ts, type Code } from '../emission.ts';
import { renderTemplate } from './templates.ts';
import { objectMembers, tsType } from './ts-print.ts';
import { isObj, type Obj } from '../../schema/object.ts';

/** `CanonicalItemType` → `CANONICAL_ITEM_TYPES`: the name of an enum's value list. */
export function enumConstName(name: string): string {
  const snake = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
  if (/(S|X|SH|CH)$/.test(snake)) return `${snake}ES`;
  if (/[^AEIOU]Y$/.test(snake)) return `${snake.slice(0, -1)}IES`;
  return `${snake}S`;
}

/** `export interface Name {...}` for objects with properties, else `export type Name = ...;`. */
export function declaration(name: string, schema: JsonSchema): Code {
  const s = isObj(schema) ? schema : {};
  const doc = docComment(s.description as string | undefined);
  const hasProps = isObj(s.properties) && Object.keys(s.properties).length > 0;
  if (s.type === 'object' && hasProps) return ts`${doc}export interface ${ident(name)} {\n${objectMembers(s, '  ')}}\n`;
  const { description: _omit, ...rest } = s;
  return ts`${doc}export type ${ident(name)} = ${tsType(rest)};\n`;
}

export function renderTypes(model: CanonicalModel): string {
  const defs = model.schema.definitions as Record<string, JsonSchema>;
  const eventNames = new Set(Object.values(model.events).flatMap((e) => [e.payloadName, e.variantName]));
  const special = new Set([...model.idKinds, ...Object.keys(model.enums), 'CanonicalRuntimeEventType', ...eventNames]);

  const envelopeProps = { ...(model.schema.properties as Obj) };
  // The type parameters stand in for the envelope's `type` and `payload`.
  envelopeProps.type = { $ref: '#/TType', description: (envelopeProps.type as Obj).description };
  envelopeProps.payload = { $ref: '#/TPayload', description: (envelopeProps.payload as Obj).description };

  const view = {
    ids: model.idKinds.map((name) => ({
      name: ident(name),
      brand: lit(name, "'"),
      doc: docComment(model.idDescriptions?.[name]),
    })),
    enums: Object.values(model.enums).map((e) => ({
      name: ident(e.name),
      constName: ident(enumConstName(e.name)),
      doc: docComment(enumDoc(e.description, e.extension)),
      values: e.values.map((value) => ({
        value: lit(value, "'"),
        doc: docComment(e.extensions[value] ? `Extension (not in EVENTS.md): ${e.extensions[value]}` : undefined, '  '),
      })),
    })),
    shapes: Object.keys(defs)
      .filter((name) => !special.has(name))
      .map((name) => ({ decl: declaration(name, defs[name]!) })),
    events: model.eventTypes.map((type) => {
      const ev = model.events[type]!;
      return {
        type: lit(type, "'"),
        payloadName: ident(ev.payloadName!),
        variantName: ident(ev.variantName!),
        typeDoc: docComment(ev.extension ? `Extension (not in EVENTS.md): ${ev.extension}` : undefined, '  '),
        payloadDecl: declaration(ev.payloadName!, defs[ev.payloadName!]!),
      };
    }),
    envelopeMembers: objectMembers({ properties: envelopeProps, required: model.schema.required }, '  ').trimEnd(),
    unionDoc: docComment(model.schema.description as string | undefined),
  };
  return renderTemplate('types.ts.hbs', view);
}

function enumDoc(description: string | undefined, extension: string | undefined): string | undefined {
  const parts = [description, extension ? `Extension (not in EVENTS.md): ${extension}` : undefined].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}
