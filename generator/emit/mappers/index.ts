// mapping-spec.yaml + catalogs + canonical model → generated/<source>/mappers.ts: one typed
// function per upstream discriminant, dispatch tables, and the ignore reasons.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { compareStrings } from '../../fsutil.ts';
import type { CanonicalModel } from '../../model/types.ts';
import { payloadShape } from '../../model/query.ts';
import type { EmitSpec, MappingEntry, MappingSpec, ValueExpr } from '../../spec/types.ts';
import { ID_KEYS } from '../../spec/types.ts';
import { coercionFor } from './coerce-code.ts';
import { conditionCode, exprCode } from './expr-code.ts';

export interface MapperEmitOptions {
  spec: MappingSpec;
  model: CanonicalModel;
  source: string;
  templatesDir: string;
  /** The TypeScript type of a message of this discriminant, if upstream types are generated. */
  inputType?: (kind: string, name: string) => string | undefined;
  /** Type names to import from ./upstream-types.ts. */
  upstreamTypeImports?: string[];
}

export function emitMappers(o: MapperEmitOptions): Map<string, string> {
  const { spec, model, source } = o;
  const entries = spec.entries.filter((e) => e.source === source).sort((a, b) => compareStrings(a.kind, b.kind) || compareStrings(a.name, b.name));
  const constants = new Map<string, string>();
  const mapName = (n: string) => `VM_${n}`;
  const functions: { name: string; doc: string; inputType: string; takesIds: boolean; body: string }[] = [];
  const tables = new Map<string, { key: string; fn: string }[]>();
  const responses: { key: string; fn: string }[] = [];
  const ignored = new Map<string, { key: string; reason: string }[]>();
  const rel = (line: number) => `mapping-spec.yaml:${line}`;

  for (const entry of entries) {
    if (entry.ignore !== undefined) {
      push(ignored, entry.kind, { key: JSON.stringify(entry.name), reason: JSON.stringify(entry.ignore) });
      continue;
    }
    const fn = functionName(entry.kind, entry.name);
    const targets = [...new Set(entry.emit.map((e) => e.type))].join(' + ');
    functions.push({
      name: fn,
      doc: `${entry.kind} \`${entry.name}\` → ${targets} (${rel(entry.loc.line)})`.replace(/\*\//g, '*\\/'),
      inputType: o.inputType?.(entry.kind, entry.name) ?? 'unknown',
      takesIds: false,
      body: bodyFor(entry.emit, entry.after.map((a) => a.name), false, model, constants, mapName, entry.before.map((b) => b.name)),
    });
    push(tables, entry.kind, { key: JSON.stringify(entry.name), fn });
    if (entry.response.length) {
      const rfn = `${fn}Response`;
      functions.push({
        name: rfn,
        doc: `the client's response to ${entry.kind} \`${entry.name}\` → ${[...new Set(entry.response.map((e) => e.type))].join(' + ')} (${rel(entry.response[0]!.loc.line)}); \`m\` is the response's \`result\``,
        inputType: 'unknown',
        takesIds: true,
        body: bodyFor(entry.response, [], true, model, constants, mapName),
      });
      responses.push({ key: JSON.stringify(entry.name), fn: rfn });
    }
  }

  const valueMaps = Object.values(spec.valueMaps)
    .filter((m) => m.source === source)
    .sort((a, b) => compareStrings(a.name, b.name))
    .map((m) => {
      const values = model.enums[m.to]?.values ?? [];
      const valueType = values.length ? values.map((v) => JSON.stringify(v)).join(' | ') : 'string';
      const pairs = [...Object.entries(m.values), ...Object.entries(m.undeclared)].map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v.value)},`);
      return { key: JSON.stringify(m.name), name: mapName(m.name), prefixesCode: JSON.stringify(Object.entries(m.prefixes)), doc: `${!m.covers ? 'values' : 'enum' in m.covers ? `upstream enum ${m.covers.enum}` : `upstream ${m.covers.kind} types`} → ${m.to} (${rel(m.loc.line)})`, valueType, code: `{\n${pairs.join('\n')}\n}`, defaultCode: m.default === undefined ? 'undefined' : JSON.stringify(m.default) };
    });

  const template = Handlebars.compile(readFileSync(join(o.templatesDir, 'mappers.ts.hbs'), 'utf8'), { noEscape: true, strict: true });
  const group = (m: Map<string, { key: string }[]>) => [...m].sort(([a], [b]) => compareStrings(a, b)).map(([kind, rows]) => ({ kind: JSON.stringify(kind), rows }));
  const text = template({
    source,
    snapshots: (spec.sources[source]?.snapshots ?? []).map((s) => s.version).join(', '),
    upstreamTypes: (o.upstreamTypeImports ?? []).join(', '),
    valueMaps,
    constants: [...constants].sort(([a], [b]) => compareStrings(a, b)).map(([name, code]) => ({ name, code })),
    functions,
    tables: group(tables),
    responses,
    ignored: group(ignored),
  });
  return new Map([[`${source}/mappers.ts`, text]]);
}

function bodyFor(emits: EmitSpec[], after: string[], fromPending: boolean, model: CanonicalModel, constants: Map<string, string>, mapName: (n: string) => string, before: string[] = []): string {
  const lines: string[] = [];
  for (const h of before) lines.push(`  H.${h}(ctx, {}, m);`);
  emits.forEach((emit, i) => {
    const idParts = ID_KEYS.filter((k) => emit.ids[k]).map((k) => `${k}: idOf(${exprCode(emit.ids[k]!, mapName, '{}')})`);
    const idsCode = `{ ${[...(fromPending ? ['...pending'] : []), ...idParts].join(', ')} }`;
    const shape = payloadShape(model, emit.type);
    const fields = Object.entries(emit.payload).map(([field, expr]) => `${JSON.stringify(field)}: ${coerced(model, shape?.fields[field], expr, constants, mapName)}`);
    const call = `ctx.emit(${JSON.stringify(emit.type)}, ids, { ${fields.join(', ')} }, ${JSON.stringify(shape?.required ?? [])});`;
    lines.push(`  ${i === 0 ? 'const ids0' : `const ids${i}`}: ProviderIds = ${idsCode};`);
    const guardLine = emit.when ? `if (${conditionCode(emit.when)}) ` : '';
    lines.push(`  { const ids = ids${i}; ${guardLine}${call} }`);
  });
  if (!emits.length) lines.push('  const ids0: ProviderIds = {};');
  for (const h of after) lines.push(`  H.${h}(ctx, ids0, m);`);
  return lines.join('\n');
}

function coerced(model: CanonicalModel, fieldSchema: unknown, expr: ValueExpr, constants: Map<string, string>, mapName: (n: string) => string): string {
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
  return `map${words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}`;
}
