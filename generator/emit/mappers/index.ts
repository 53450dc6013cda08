// mapping-spec.yaml + catalogs + canonical model → generated/<source>/mappers.ts: one typed
// function per upstream discriminant, dispatch tables, and the ignore reasons. Every name, literal
// and comment goes through ../emission.ts; the template sees only Code.
import { compiledTemplate } from '../template-memo.ts';
import { compareStrings } from '../../io/fsutil.ts';
import type { CanonicalModel } from '../../model/types.ts';
import {
  capIdentifier,
  comment,
  docComment,
  ident,
  joinCode,
  lit,
  propKey,
  quotedKey,
  render,
  ts,
  type Code,
} from '../emission.ts';
import { HELPER_MANIFEST, type HelperName } from '../../../runtime/helpers/manifest.ts';
import { NameScope } from '../upstream/names.ts';
import { bodyFor, type Module, type Statement } from './body.ts';
import type { MapperSpec } from './input.ts';
import type { MapperTyping } from './upstream-typing.ts';

/** Without the MapperTyping (no upstream types), every `m` is `Opaque`. */
export interface MapperEmitOptions extends Partial<MapperTyping> {
  /** The source's part of the spec (./input.ts `mapperSpec`): the mappers depend on nothing else of it. */
  spec: MapperSpec;
  model: CanonicalModel;
  source: string;
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
  const mod: Module = { model, mapName: (n) => ident(`VM_${n}`), constants: new Map(), types: new Set() };
  const { constants, types: canonicalTypes, mapName } = mod;
  const functions: { name: Code; doc: Code; inputType: Code; takesIds: boolean; statements: Statement[] }[] = [];
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
    const inputType = o.inputType?.(entry.kind, entry.name);
    functions.push({
      name: ident(fn),
      doc: docComment(`${entry.kind} \`${entry.name}\` → ${targets}`),
      // Unvalidated, and possibly not there at all (a legacy event's `params.msg`).
      inputType: inputType ? ts`Across<${inputType}> | undefined` : ts`Opaque | undefined`,
      takesIds: false,
      statements: bodyFor(entry.emit, mod, {
        before: entry.before.map((b) => b.name),
        after: entry.after.map((a) => a.name),
      }),
    });
    push(tables, entry.kind, { key: quotedKey(entry.name), fn: ident(fn) });
    if (entry.response.length) {
      const rfn = ident(names.claim(`${fn}Response`));
      const rtargets = [...new Set(entry.response.map((e) => e.type))].join(' + ');
      const answerType = o.responseType?.(entry.kind, entry.name);
      functions.push({
        name: rfn,
        doc: docComment(
          `the client's response to ${entry.kind} \`${entry.name}\` → ${rtargets}; \`m\` is the response's \`result\``,
        ),
        // Open JSON where a supported snapshot describes no answer (the catalog says why).
        inputType: answerType ? ts`Across<${answerType}> | undefined` : ts`Opaque | undefined`,
        takesIds: true,
        statements: bodyFor(entry.response, mod, { fromPending: true }),
      });
      responses.push({ key: quotedKey(entry.name), fn: rfn });
    }
  }

  const valueMaps = Object.values(spec.valueMaps)
    .filter((m) => m.source === source || m.source === undefined)
    .sort((a, b) => compareStrings(a.name, b.name))
    .map((m) => {
      // The map's canonical type by name; a target the model has no enum for stays `string`.
      const typed = model.enums[m.to] !== undefined;
      if (typed) canonicalTypes.add(m.to);
      const covers = !m.covers
        ? 'values'
        : 'enum' in m.covers
          ? `upstream enum ${m.covers.enum}`
          : `upstream ${m.covers.kind} types`;
      return {
        key: quotedKey(m.name),
        name: mapName(m.name),
        doc: docComment(`valueMaps.${m.name}: ${covers} → ${m.to}`),
        valueType: typed ? ident(m.to) : ts`string`,
        pairs: [...Object.entries(m.values), ...Object.entries(m.undeclared)].map(([k, v]) => ({
          key: propKey(k),
          value: lit(v.value),
        })),
        prefixes: lit(Object.entries(m.prefixes)),
        fallback: lit(m.default),
      };
    });

  const template = compiledTemplate('mappers.ts.hbs');
  const group = <T>(m: Map<string, T[]>) =>
    [...m].sort(([a], [b]) => compareStrings(a, b)).map(([kind, rows]) => ({ kind: quotedKey(kind), rows }));
  const imports = o.upstreamTypeImports ?? [];
  const provider = spec.sources[source]?.provider;
  const sortedConstants = [...constants]
    .sort(([a], [b]) => compareStrings(a, b))
    .map(([name, code]) => ({ name: ident(name), code }));
  const view = {
    header: comment(
      `Generated by eventmap from mapping-spec.yaml for ${source} (${(spec.sources[source]?.snapshots ?? []).map((s) => s.version).join(', ')}).`,
    ),
    provider: lit(provider ?? null),
    valueMaps,
    constants: sortedConstants,
    functions,
    tables: group(tables),
    responses,
    ignored: group(ignored),
  };
  // Import only what the file uses: render once to see which runtime names the code calls.
  const draft = render(template, { ...view, imports: false });
  const used = usedNames(draft);
  const text = render(template, {
    ...view,
    imports: {
      values: importList(
        RUNTIME_VALUES.filter((n) => used.has(n)),
        used.has('ValueMapOf') ? ['ValueMapOf'] : [],
      ),
      guard: importList(['guard', 'makeGuard'].filter((n) => used.has(n))),
      mapContext: used.has('MapContext'),
      mapperIds: used.has('MapperIds'),
      upstreamTypes: importList(imports.filter((n) => used.has(n))),
      types: importList(['ProviderIds', 'ValueMap'].filter((n) => used.has(n))),
      helpers: helperImports(draft),
      across: importList(['Across', 'Opaque'].filter((n) => used.has(n))),
      canonical: importList([...canonicalTypes].sort(compareStrings)),
    },
  });
  return new Map([[`${source}/mappers.ts`, text]]);
}

const RUNTIME_VALUES = [
  'bool',
  'first',
  'idOf',
  'int',
  'matching',
  'nullOr',
  'num',
  'obj',
  'oneOf',
  'own',
  'requestIdOf',
  'str',
  'strArray',
  'tagOf',
  'translate',
];

/**
 * The helpers the code calls (`H.name(`), grouped by the runtime/helpers file that exports each
 * (manifest `module`): the mappers import them from there, never a table of every source's
 * helpers, so that an app bundles only its own source's. The spec's uses are checked against the
 * manifest before emit, so every name is there.
 */
function helperImports(draft: string): { modules: { path: Code; names: Code }[]; table: Code } | false {
  const called = new Set([...draft.replace(NOT_CODE, ' ').matchAll(/\bH\.([A-Za-z_$][\w$]*)\(/g)].map((m) => m[1]!));
  const names = (Object.keys(HELPER_MANIFEST) as HelperName[]).filter((n) => called.has(n)).sort(compareStrings);
  if (!names.length) return false;
  const byModule = new Map<string, string[]>();
  for (const n of names) push(byModule, HELPER_MANIFEST[n].module, n);
  return {
    modules: [...byModule]
      .sort(([a], [b]) => compareStrings(a, b))
      .map(([module, list]) => ({
        path: lit(`../../runtime/helpers/${module}.ts`),
        names: joinCode(list.map(ident), ', '),
      })),
    table: joinCode(names.map(ident), ', '),
  };
}

/** String literals and comments: words there (an ignore reason saying "own") are not names the code uses. */
const NOT_CODE = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`|\/\/[^\n]*|\/\*[\s\S]*?\*\//g;

function usedNames(text: string): Set<string> {
  return new Set([...text.replace(NOT_CODE, ' ').matchAll(/\b([A-Za-z_$][\w$]*)\b/g)].map((m) => m[1]!));
}

function importList(names: string[], types: string[] = []): Code | false {
  const all = [...types.map((n) => ts`type ${ident(n)}`), ...names.map(ident)];
  return all.length ? joinCode(all, ', ') : false;
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
