// Read mapping-spec.yaml into the IR: YAML syntax, then the file's shape (its JSON Schema), then
// conversion with a source location on every node. Semantic checks come later (spec/validate.ts).
import { readFileSync, existsSync } from 'node:fs';
import { relative } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { LineCounter, isMap, isNode, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';
import { EventmapError, type Diagnostic } from '../diagnostics.ts';
import type { EntryKind } from '../catalog/types.ts';
import type { SourceName } from '../sources.ts';
import { ownRecord } from '../own-record.ts';
import { SPEC_SCHEMA } from './spec-schema.ts';
import type { Condition, EmitSpec, IdKey, JsonValue, Loc, MappingEntry, MappingSpec, PathExpr, SourceSpec, ValueExpr, ValueMap } from './types.ts';

type Path = (string | number)[];

export function displayPath(file: string): string {
  const r = relative(process.cwd(), file);
  return r.startsWith('..') ? file : r;
}

export function loadSpec(file: string): MappingSpec {
  const shown = displayPath(file);
  if (!existsSync(file)) {
    throw new EventmapError({ code: 'spec/missing', message: 'mapping-spec.yaml not found', file: shown, hint: 'create it, or run from the project root (or pass --root)' });
  }
  return parseSpec(readFileSync(file, 'utf8'), shown);
}

export function parseSpec(text: string, file: string): MappingSpec {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const at = (offset: number): Loc => {
    const { line, col } = lineCounter.linePos(offset);
    return { file, line, col };
  };
  if (doc.errors.length) {
    throw new EventmapError(
      doc.errors.map((e) => ({
        code: e.code === 'DUPLICATE_KEY' ? 'spec/duplicate-entry' : 'spec/yaml-syntax',
        message: e.code === 'DUPLICATE_KEY' ? `duplicate key: ${firstLine(e.message)}` : firstLine(e.message),
        hint: e.code === 'DUPLICATE_KEY' ? 'each discriminant is mapped once; merge the two entries' : 'fix the YAML syntax at this position',
        ...at(e.pos[0]),
      })),
    );
  }
  const locOf = (path: Path): Loc => {
    for (let n = path.length; n >= 0; n--) {
      const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
      if (isNode(node) && node.range) return at(node.range[0]);
    }
    return { file, line: 1, col: 1 };
  };
  /** The location of a map key (better than its value for "unknown key" messages). */
  const keyLocOf = (path: Path): Loc => {
    const parent = path.length ? doc.getIn(path.slice(0, -1), true) : undefined;
    if (isMap(parent)) {
      const pair = parent.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === path[path.length - 1]);
      if (pair && isNode(pair.key) && pair.key.range) return at(pair.key.range[0]);
    }
    return locOf(path);
  };

  const data: unknown = doc.toJS({ maxAliasCount: 100 });
  checkShape(data, locOf, keyLocOf);
  return toIr(data as RawSpec, file, text, locOf, keyLocOf, doc);
}

function firstLine(s: string): string {
  return s.split('\n')[0]!.trim();
}

// ---- shape ----------------------------------------------------------------------------------

const ajv = new Ajv({ allErrors: true, strict: false });
const validateShape = ajv.compile(SPEC_SCHEMA);

function checkShape(data: unknown, locOf: (p: Path) => Loc, keyLocOf: (p: Path) => Loc): void {
  if (validateShape(data)) return;
  const errors = pickErrors(validateShape.errors ?? []);
  throw new EventmapError(errors.map((e) => shapeDiagnostic(e, locOf, keyLocOf)));
}

/** Ajv reports every failed branch of a oneOf; keep the deepest errors, which say what is really wrong. */
function pickErrors(errors: ErrorObject[]): ErrorObject[] {
  const depth = (e: ErrorObject) => e.instancePath.split('/').length + (e.keyword === 'additionalProperties' ? 1 : 0);
  const max = Math.max(...errors.map(depth));
  // A bad property name is reported once, by its propertyNames error (Ajv adds the inner one too).
  const deepest = errors.filter((e) => depth(e) === max && e.keyword !== 'oneOf' && e.keyword !== 'if' && (e.keyword === 'propertyNames' || !('propertyName' in e)));
  const seen = new Set<string>();
  return (deepest.length ? deepest : errors).filter((e) => {
    const key = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }).slice(0, 5);
}

function shapeDiagnostic(e: ErrorObject, locOf: (p: Path) => Loc, keyLocOf: (p: Path) => Loc): Diagnostic {
  const path: Path = e.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const where = path.join('.') || '(top level)';
  if (e.keyword === 'additionalProperties') {
    const key = String((e.params as { additionalProperty: string }).additionalProperty);
    return { code: 'spec/unknown-key', message: `unknown key \`${key}\` in ${where}`, hint: 'remove it or fix its spelling; generated/mapping-spec.schema.json lists the allowed keys', ...keyLocOf([...path, key]) };
  }
  if (e.keyword === 'propertyNames') {
    const name = String((e.params as { propertyName: string }).propertyName);
    if (path[0] === 'valueMaps') {
      return { code: 'spec/bad-name', message: `value-map name ${JSON.stringify(name)} is not an identifier`, hint: 'name it with letters, digits and _ (a letter first, at most 64 characters), e.g. `codexTurnState`', ...keyLocOf([...path, name]) };
    }
    return { code: 'spec/unknown-source', message: `unknown source \`${name}\` in ${where}`, hint: 'use codex-app-server, claude-agent-sdk or codex-sdk', ...keyLocOf([...path, name]) };
  }
  if (e.keyword === 'required') {
    const prop = String((e.params as { missingProperty: string }).missingProperty);
    return { code: 'spec/missing-key', message: `${where} needs \`${prop}\``, hint: `add \`${prop}:\``, ...locOf(path) };
  }
  return { code: 'spec/wrong-type', message: `${where}: ${e.message ?? 'invalid'}`, hint: 'see generated/mapping-spec.schema.json for the expected shape', ...locOf(path) };
}

// ---- conversion -----------------------------------------------------------------------------

interface RawSpec {
  version: 1;
  sources: Record<string, { provider: string; snapshots: string[] }>;
  valueMaps?: Record<string, { source: SourceName; covers?: { enum: string } | { kind: EntryKind }; to: string; values: Record<string, string | null>; undeclared?: Record<string, string | null>; default?: string; prefixes?: Record<string, string> }>;
  mappings: Record<string, Record<string, Record<string, RawEntry>>>;
}
type RawEntry = { ignore: string } | { emit?: RawEmit[]; response?: RawEmit[]; before?: string[]; after?: string[] };
interface RawEmit {
  type: string;
  when?: { path: string; equals?: JsonValue; in?: JsonValue[]; present?: boolean };
  ids?: Partial<Record<IdKey, unknown>>;
  payload?: Record<string, unknown>;
}

function toIr(raw: RawSpec, file: string, text: string, locOf: (p: Path) => Loc, keyLocOf: (p: Path) => Loc, _doc: Document<Node>): MappingSpec {
  const sources = ownRecord<SourceSpec>();
  for (const [name, s] of Object.entries(raw.sources)) {
    sources[name] = {
      name: name as SourceName,
      provider: s.provider,
      providerLoc: locOf(['sources', name, 'provider']),
      snapshots: s.snapshots.map((version, i) => ({ version, loc: locOf(['sources', name, 'snapshots', i]) })),
      loc: keyLocOf(['sources', name]),
    };
  }
  const valueMaps = ownRecord<ValueMap>();
  for (const [name, m] of Object.entries(raw.valueMaps ?? {})) {
    valueMaps[name] = {
      name,
      source: m.source,
      ...(m.covers ? { covers: m.covers } : {}),
      to: m.to,
      values: ownRecord(Object.entries(m.values).map(([k, v]) => [k, { value: v, loc: keyLocOf(['valueMaps', name, 'values', k]) }])),
      ...(m.default !== undefined ? { default: m.default } : {}),
      prefixes: ownRecord(Object.entries(m.prefixes ?? {})),
      undeclared: ownRecord(Object.entries(m.undeclared ?? {}).map(([k, v]) => [k, { value: v, loc: keyLocOf(['valueMaps', name, 'undeclared', k]) }])),
      loc: keyLocOf(['valueMaps', name]),
    };
  }
  const entries: MappingEntry[] = [];
  const sections = ownRecord<Loc>();
  for (const [source, kinds] of Object.entries(raw.mappings)) {
    sections[source] = keyLocOf(['mappings', source]);
    for (const [kind, byName] of Object.entries(kinds)) {
      sections[`${source}.${kind}`] = keyLocOf(['mappings', source, kind]);
      for (const [name, e] of Object.entries(byName)) {
        const base: Path = ['mappings', source, kind, name];
        const entry: MappingEntry = { source: source as SourceName, kind: kind as EntryKind, name, emit: [], response: [], before: [], after: [], loc: keyLocOf(base) };
        if ('ignore' in e) entry.ignore = e.ignore;
        else {
          entry.emit = (e.emit ?? []).map((em, i) => toEmit(em, [...base, 'emit', i], locOf, keyLocOf));
          entry.response = (e.response ?? []).map((em, i) => toEmit(em, [...base, 'response', i], locOf, keyLocOf));
          entry.before = (e.before ?? []).map((h, i) => ({ name: h, loc: locOf([...base, 'before', i]) }));
          entry.after = (e.after ?? []).map((h, i) => ({ name: h, loc: locOf([...base, 'after', i]) }));
        }
        entries.push(entry);
      }
    }
  }
  return { file, text, sources, valueMaps, entries, sections };
}

function toEmit(raw: RawEmit, path: Path, locOf: (p: Path) => Loc, keyLocOf: (p: Path) => Loc): EmitSpec {
  const ids: Partial<Record<IdKey, ValueExpr>> = ownRecord();
  for (const [k, v] of Object.entries(raw.ids ?? {})) ids[k as IdKey] = toExpr(v, [...path, 'ids', k], locOf);
  const payload = ownRecord<ValueExpr>();
  for (const [k, v] of Object.entries(raw.payload ?? {})) payload[k] = toExpr(v, [...path, 'payload', k], locOf);
  const emit: EmitSpec = { type: raw.type, ids, payload, loc: locOf([...path, 'type']) };
  if (raw.when) emit.when = toCondition(raw.when, [...path, 'when'], locOf);
  void keyLocOf;
  return emit;
}

function toCondition(raw: NonNullable<RawEmit['when']>, path: Path, locOf: (p: Path) => Loc): Condition {
  const loc = locOf(path);
  const p = parsePath(raw.path);
  if (raw.in !== undefined) return { op: 'in', path: p, values: raw.in, loc };
  if (raw.present !== undefined) return { op: 'present', path: p, present: raw.present, loc };
  return { op: 'equals', path: p, value: raw.equals ?? null, loc };
}

function toExpr(raw: unknown, path: Path, locOf: (p: Path) => Loc): ValueExpr {
  const loc = locOf(path);
  if (typeof raw === 'string' && raw.startsWith('$')) return { kind: 'path', path: parsePath(raw), absentIn: [], loc };
  if (raw === null || typeof raw !== 'object') return { kind: 'const', value: raw as JsonValue, loc };
  const o = raw as Record<string, unknown>;
  if ('path' in o) {
    return {
      kind: 'path',
      path: parsePath(String(o.path)),
      absentIn: Array.isArray(o.absentIn) ? (o.absentIn as string[]) : [],
      ...(typeof o.since === 'string' ? { since: o.since } : {}),
      ...(typeof o.until === 'string' ? { until: o.until } : {}),
      ...(typeof o.map === 'string' ? { map: o.map } : {}),
      loc,
    };
  }
  if ('const' in o) return { kind: 'const', value: o.const as JsonValue, loc };
  if ('helper' in o) {
    const args = Array.isArray(o.args) ? o.args : [];
    return { kind: 'helper', name: String(o.helper), args: args.map((a, i) => toExpr(a, [...path, 'args', i], locOf)), loc };
  }
  const options = o.first as unknown[];
  return { kind: 'first', options: options.map((a, i) => toExpr(a, [...path, 'first', i], locOf)), loc };
}

export function parsePath(text: string): PathExpr {
  const segments: (string | number)[] = [];
  const re = /\.([^.[\]]+)|\[(\d+)\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text.slice(1)))) segments.push(m[1] !== undefined ? m[1] : Number(m[2]));
  return { text, segments };
}
