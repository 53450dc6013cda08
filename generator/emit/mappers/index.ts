// mapping-spec.yaml + catalogs + canonical model → generated/<source>/mappers.ts: one typed
// function per upstream discriminant, dispatch tables, and the ignore reasons. Every name, literal
// and comment goes through ../emission.ts; the template sees only Code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { compareStrings } from '../../fsutil.ts';
import type { CanonicalModel } from '../../model/types.ts';
import { payloadShape } from '../../model/query.ts';
import type { EmitSpec, MappingSpec, ValueExpr } from '../../spec/types.ts';
import { ID_KEYS } from '../../spec/types.ts';
import {
  capIdentifier,
  comment,
  docComment,
  ident,
  joinCode,
  lit,
  quotedKey,
  render,
  ts,
  type Code,
} from '../emission.ts';
import { NameScope } from '../upstream/names.ts';
import { coercionFor } from './coerce-code.ts';
import { conditionCode, exprCode } from './expr-code.ts';

export interface MapperEmitOptions {
  spec: MappingSpec;
  model: CanonicalModel;
  source: string;
  templatesDir: string;
  /** The TypeScript type of a message of this discriminant, if upstream types are generated. */
  inputType?: (kind: string, name: string) => Code | undefined;
  /** Type names to import from ./upstream-types.ts. */
  upstreamTypeImports?: string[];
}

interface Row {
  key: Code;
  fn: Code;
}

export function emitMappers(o: MapperEmitOptions): Map<string, string> {
  const { spec, model, source } = o;
  const entries = spec.entries
    .filter((e) => e.source === source)
    .sort((a, b) => compareStrings(a.kind, b.kind) || compareStrings(a.name, b.name));
  const constants = new Map<string, Code>();
  const mapName = (n: string) => ident(`VM_${n}`);
  const functions: { name: Code; doc: Code; inputType: Code; takesIds: boolean; body: Code }[] = [];
  const tables = new Map<string, Row[]>();
  const responses: Row[] = [];
  const ignored = new Map<string, { key: Code; reason: Code }[]>();
  // Discriminants that differ only in punctuation (`a/b-c`, `a/bC`) must not share a function name.
  const names = new NameScope();

  for (const entry of entries) {
    if (entry.ignore !== undefined) {
      push(ignored, entry.kind, { key: quotedKey(entry.name), reason: lit(entry.ignore) });
      continue;
    }
    const fn = names.claim(functionName(entry.kind, entry.name));
    const targets = [...new Set(entry.emit.map((e) => e.type))].join(' + ');
    functions.push({
      name: ident(fn),
      doc: docComment(`${entry.kind} \`${entry.name}\` → ${targets}`),
      inputType: o.inputType?.(entry.kind, entry.name) ?? ts`unknown`,
      takesIds: false,
      body: bodyFor(
        entry.emit,
        entry.after.map((a) => a.name),
        false,
        model,
        constants,
        mapName,
        entry.before.map((b) => b.name),
      ),
    });
    push(tables, entry.kind, { key: quotedKey(entry.name), fn: ident(fn) });
    if (entry.response.length) {
      const rfn = ident(names.claim(`${fn}Response`));
      const rtargets = [...new Set(entry.response.map((e) => e.type))].join(' + ');
      functions.push({
        name: rfn,
        doc: docComment(
          `the client's response to ${entry.kind} \`${entry.name}\` → ${rtargets}; \`m\` is the response's \`result\``,
        ),
        inputType: ts`unknown`,
        takesIds: true,
        body: bodyFor(entry.response, [], true, model, constants, mapName),
      });
      responses.push({ key: quotedKey(entry.name), fn: rfn });
    }
  }

  const valueMaps = Object.values(spec.valueMaps)
    .filter((m) => m.source === source || m.source === undefined)
    .sort((a, b) => compareStrings(a.name, b.name))
    .map((m) => {
      const values = model.enums[m.to]?.values ?? [];
      const valueType = values.length
        ? joinCode(
            values.map((v) => lit(v)),
            ' | ',
          )
        : ts`string`;
      const pairs = [...Object.entries(m.values), ...Object.entries(m.undeclared)].map(
        ([k, v]) => ts`  ${quotedKey(k)}: ${lit(v.value)},`,
      );
      const covers = !m.covers
        ? 'values'
        : 'enum' in m.covers
          ? `upstream enum ${m.covers.enum}`
          : `upstream ${m.covers.kind} types`;
      return {
        key: quotedKey(m.name),
        name: mapName(m.name),
        prefixesCode: lit(Object.entries(m.prefixes)),
        doc: docComment(`valueMaps.${m.name}: ${covers} → ${m.to}`),
        valueType,
        code: ts`{\n${joinCode(pairs, '\n')}\n}`,
        defaultCode: lit(m.default),
      };
    });

  const template = Handlebars.compile(readFileSync(join(o.templatesDir, 'mappers.ts.hbs'), 'utf8'), {
    noEscape: true,
    strict: true,
  });
  const group = <T>(m: Map<string, T[]>) =>
    [...m].sort(([a], [b]) => compareStrings(a, b)).map(([kind, rows]) => ({ kind: quotedKey(kind), rows }));
  const imports = o.upstreamTypeImports ?? [];
  const provider = spec.sources[source]?.provider;
  const text = render(template, {
    header: comment(
      `Generated by eventmap from mapping-spec.yaml for ${source} (${(spec.sources[source]?.snapshots ?? []).map((s) => s.version).join(', ')}).`,
    ),
    provider: lit(provider ?? null),
    upstreamTypes: imports.length ? joinCode(imports.map(ident), ', ') : false,
    valueMaps,
    constants: [...constants]
      .sort(([a], [b]) => compareStrings(a, b))
      .map(([name, code]) => ({ name: ident(name), code })),
    functions,
    tables: group(tables),
    responses,
    ignored: group(ignored),
  });
  return new Map([[`${source}/mappers.ts`, text]]);
}

function bodyFor(
  emits: EmitSpec[],
  after: string[],
  fromPending: boolean,
  model: CanonicalModel,
  constants: Map<string, Code>,
  mapName: (n: string) => Code,
  before: string[] = [],
): Code {
  const lines: Code[] = [];
  for (const h of before) lines.push(ts`  H.${ident(h)}(ctx, {}, m);`);
  emits.forEach((emit, i) => {
    const idParts = ID_KEYS.filter((k) => emit.ids[k]).map(
      (k) => ts`${ident(k)}: idOf(${exprCode(emit.ids[k]!, mapName, '{}')})`,
    );
    const idsCode = ts`{ ${joinCode([...(fromPending ? [ts`...pending`] : []), ...idParts], ', ')} }`;
    const shape = payloadShape(model, emit.type);
    const fields = Object.entries(emit.payload).map(
      ([field, expr]) => ts`${quotedKey(field)}: ${coerced(model, shape?.fields[field], expr, constants, mapName)}`,
    );
    const call = ts`ctx.emit(${lit(emit.type)}, ids, { ${joinCode(fields, ', ')} }, ${lit(shape?.required ?? [])});`;
    lines.push(ts`  const ${ident(`ids${i}`)}: ProviderIds = ${idsCode};`);
    const guardLine = emit.when ? ts`if (${conditionCode(emit.when)}) ` : ts``;
    lines.push(ts`  { const ids = ${ident(`ids${i}`)}; ${guardLine}${call} }`);
  });
  if (!emits.length) lines.push(ts`  const ids0: ProviderIds = {};`);
  for (const h of after) lines.push(ts`  H.${ident(h)}(ctx, ids0, m);`);
  return joinCode(lines, '\n');
}

function coerced(
  model: CanonicalModel,
  fieldSchema: unknown,
  expr: ValueExpr,
  constants: Map<string, Code>,
  mapName: (n: string) => Code,
): Code {
  const raw = exprCode(expr, mapName);
  if (expr.kind === 'const') return raw;
  const c = coercionFor(model, fieldSchema);
  for (const [k, v] of Object.entries(c.constants)) constants.set(k, v);
  return c.wrap(raw);
}

function push<T>(m: Map<string, T[]>, k: string, v: T): void {
  const list = m.get(k) ?? [];
  list.push(v);
  m.set(k, list);
}

/** `notification` + `item/agentMessage/delta` → `mapNotificationItemAgentMessageDelta`. */
export function functionName(kind: string, name: string): string {
  const words = `${kind} ${name}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return capIdentifier(`map${words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}`);
}
