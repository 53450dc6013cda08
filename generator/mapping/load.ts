// Read mapping-spec.yaml into the IR: YAML syntax, then the file's shape (its JSON Schema), then
// conversion with a source location on every node. Semantic checks come later (analyze.ts).
import { existsSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import { guessHint } from '../shared/did-you-mean.ts';
import { EventmapError, withSource, type Diagnostic } from '../shared/diagnostics.ts';
import { displayPath } from '../io/fsutil.ts';
import { yamlData } from '../yaml/data.ts';
import { isStrictVersion, versionProblem } from '../project/versions.ts';
import type { EntryKind } from '../catalog/types.ts';
import { SOURCE_NAMES, type SourceName } from '../project/sources.ts';
import { ownRecord } from '../shared/own-record.ts';
import { yamlCauses } from '../yaml/errors.ts';
import { readRegularText } from '../io/safe-read.ts';
import { shapeDiagnostics } from '../schema/shape-errors.ts';
import { parsedLoc } from './positions.ts';
import { yamlLocator, type YamlLocator } from '../yaml/locate.ts';
import { shapeValidator } from './shape-validator.ts';
import type {
  Condition,
  EmitSpec,
  IdKey,
  JsonValue,
  Loc,
  MappingEntry,
  MappingSpec,
  PathExpr,
  SourceSpec,
  SpecNode,
  ValueExpr,
  ValueMap,
} from './types.ts';

type Path = (string | number)[];

export function loadSpec(file: string): MappingSpec {
  const shown = displayPath(file);
  if (!existsSync(file)) {
    throw new EventmapError({
      code: 'spec/missing',
      message: 'mapping-spec.yaml not found',
      file: shown,
      hint: 'create it, or run from the project root (or pass --root)',
    });
  }
  return parseSpec(readRegularText(file), shown);
}

/** The last text parseSpec read without a YAML error, so that specLocator does not parse it again. */
let lastParsed: { text: string; locate: YamlLocator } | undefined;

export function parseSpec(text: string, file: string): MappingSpec {
  // Every diagnostic of the file shows its line (the code frame).
  const fail = (list: Diagnostic[]): never => {
    throw new EventmapError(list.map((d) => withSource(d, text)));
  };
  lastParsed = undefined;
  const { data, locate } = parseWhole(text, file, fail);
  lastParsed = { text, locate };
  const { locOf, keyLocOf } = locators(locate, file);
  const shape = checkShape(data, locOf, keyLocOf);
  if (shape.length) fail(shape);
  const odd = nonFiniteNumbers(data).map((path) => ({
    code: 'spec/non-finite-number',
    message: 'a number JSON cannot hold (`.inf`, `-.inf` or `.nan`): an event would carry null',
    hint: 'write a finite number, or quote it to make it a string',
    ...locOf(path),
  }));
  if (odd.length) fail(odd.sort((a, b) => a.line - b.line || a.col - b.col));
  return toIr(data as RawSpec, file, text, locOf, keyLocOf);
}

/** The whole file through the yaml library: its data and locations, or its YAML errors, located. */
function parseWhole(
  text: string,
  file: string,
  fail: (list: Diagnostic[]) => never,
): { data: unknown; locate: YamlLocator } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const at = (offset: number): Loc => {
    const { line, col } = lineCounter.linePos(offset);
    return { file, line, col };
  };
  if (doc.errors.length) {
    fail(
      yamlCauses(doc.errors, text).map(({ error, offset, message }) => ({
        code: error.code === 'DUPLICATE_KEY' ? 'spec/duplicate-entry' : 'spec/yaml-syntax',
        message: error.code === 'DUPLICATE_KEY' ? `duplicate key: ${message}` : message,
        hint:
          error.code === 'DUPLICATE_KEY'
            ? 'each discriminant is mapped once; merge the two entries'
            : 'fix the YAML syntax at this position',
        ...at(offset),
      })),
    );
  }
  return { data: yamlData(doc, at, 'spec/alias-bomb'), locate: yamlLocator(doc, lineCounter) };
}

/** Where the data holds Infinity or NaN. Without a recursion: the data nests as deep as the file does. */
function nonFiniteNumbers(data: unknown): Path[] {
  const found: Path[] = [];
  const todo: [unknown, Path][] = [[data, []]];
  for (let next = todo.pop(); next; next = todo.pop()) {
    const [value, path] = next;
    if (typeof value === 'number' && !Number.isFinite(value)) found.push(path);
    else if (typeof value === 'object' && value !== null)
      for (const [k, v] of Object.entries(value)) todo.push([v, [...path, Array.isArray(value) ? Number(k) : k]]);
  }
  return found;
}

/** Locations of YAML nodes by path: the node itself (or its nearest ancestor), or its key (better for "unknown key"). */
function locators(locate: YamlLocator, file: string): { locOf: (p: Path) => Loc; keyLocOf: (p: Path) => Loc } {
  const locOf = (path: Path): Loc => parsedLoc({ file, ...(locate.node(path) ?? { line: 1, col: 1 }), node: { path } });
  const keyLocOf = (path: Path): Loc => {
    const at = locate.entry(path);
    return at ? parsedLoc({ file, ...at, node: { path, key: true } }) : locOf(path);
  };
  return { locOf, keyLocOf };
}

/**
 * Where a stored node is in mapping-spec.yaml as it is now: generated files name spec nodes by
 * path, not line, so a comment line does not change them; `check` and the reports locate them.
 */
export function specLocator(text: string, file: string): (node: SpecNode) => Loc {
  const { locOf, keyLocOf } = locators(specLocations(text), file);
  return (node) => (node.key ? keyLocOf(node.path) : locOf(node.path));
}

/** The spec's locations: those parseSpec read when it is the same text (then without duplicate keys, the same either way). */
function specLocations(text: string): YamlLocator {
  if (lastParsed?.text === text) return lastParsed.locate;
  const lineCounter = new LineCounter();
  return yamlLocator(parseDocument(text, { lineCounter, uniqueKeys: false, prettyErrors: false }), lineCounter);
}

// ---- shape ----------------------------------------------------------------------------------

function checkShape(data: unknown, locOf: (p: Path) => Loc, keyLocOf: (p: Path) => Loc): Diagnostic[] {
  const validateShape = shapeValidator();
  if (validateShape(data)) return [];
  return shapeDiagnostics(validateShape.errors ?? [], {
    prefix: 'spec',
    locate: (path, key) => (key ? keyLocOf(path) : locOf(path)),
    fallbackHint: 'see generated/mapping-spec.schema.json for the expected shape',
    special: (e, path) => {
      if (e.keyword !== 'propertyNames') return undefined;
      const name = String((e.params as { propertyName: string }).propertyName);
      if (path[0] === 'valueMaps')
        return {
          code: 'spec/bad-name',
          message: `value-map name ${JSON.stringify(name)} is not an identifier`,
          hint: 'name it with letters, digits and _ (a letter first, at most 64 characters), e.g. `codexTurnState`',
        };
      return {
        code: 'spec/unknown-source',
        message: `unknown source \`${name}\` in ${path.join('.') || '(top level)'}`,
        hint: guessHint(name, SOURCE_NAMES, `use one of: ${SOURCE_NAMES.join(', ')}`),
      };
    },
  });
}

// ---- conversion -----------------------------------------------------------------------------

interface RawSpec {
  version: 1;
  recordings?: string;
  sources: Record<string, { provider: string; snapshots: string[] }>;
  valueMaps?: Record<
    string,
    {
      source?: SourceName;
      from?: string;
      covers?: { enum: string } | { kind: EntryKind };
      to: string;
      values: Record<string, string | null>;
      undeclared?: Record<string, string | null>;
      default?: string;
      prefixes?: Record<string, string>;
    }
  >;
  mappings: Record<string, Record<string, Record<string, RawEntry>>>;
}
type RawEntry =
  | { ignore: string }
  | {
      emit?: RawEmit[];
      response?: RawEmit[];
      before?: string[];
      after?: string[];
      ignoreFields?: Record<string, string>;
    };
interface RawEmit {
  type: string;
  when?: { path: string; equals?: JsonValue; in?: JsonValue[]; present?: boolean };
  ids?: Partial<Record<IdKey, unknown>>;
  payload?: Record<string, unknown>;
}

function toIr(
  raw: RawSpec,
  file: string,
  text: string,
  locOf: (p: Path) => Loc,
  keyLocOf: (p: Path) => Loc,
): MappingSpec {
  const sources = ownRecord<SourceSpec>();
  for (const [name, s] of Object.entries(raw.sources)) {
    sources[name] = {
      name: name as SourceName,
      provider: s.provider,
      providerLoc: locOf(['sources', name, 'provider']),
      snapshots: s.snapshots.map((version, i) => ({
        version: strictVersion(version, locOf(['sources', name, 'snapshots', i])),
        loc: locOf(['sources', name, 'snapshots', i]),
      })),
      loc: keyLocOf(['sources', name]),
    };
  }
  const valueMaps = ownRecord<ValueMap>();
  for (const [name, m] of Object.entries(raw.valueMaps ?? {})) {
    const located = (key: 'values' | 'undeclared') =>
      ownRecord(
        Object.entries(m[key] ?? {}).map(([k, value]) => [k, { value, loc: keyLocOf(['valueMaps', name, key, k]) }]),
      );
    valueMaps[name] = {
      name,
      ...(m.source !== undefined ? { source: m.source } : {}),
      ...(m.from !== undefined ? { from: m.from } : {}),
      ...(m.covers ? { covers: m.covers } : {}),
      to: m.to,
      values: located('values'),
      ...(m.default !== undefined ? { default: m.default } : {}),
      prefixes: ownRecord(Object.entries(m.prefixes ?? {})),
      undeclared: located('undeclared'),
      loc: keyLocOf(['valueMaps', name]),
    };
  }
  const entries: MappingEntry[] = [];
  const sections = ownRecord<Loc>([['mappings', keyLocOf(['mappings'])]]);
  for (const [source, kinds] of Object.entries(raw.mappings)) {
    sections[`mappings.${source}`] = keyLocOf(['mappings', source]);
    for (const [kind, byName] of Object.entries(kinds)) {
      sections[`mappings.${source}.${kind}`] = keyLocOf(['mappings', source, kind]);
      for (const [name, e] of Object.entries(byName)) {
        const base: Path = ['mappings', source, kind, name];
        const entry: MappingEntry = {
          source: source as SourceName,
          kind: kind as EntryKind,
          name,
          emit: [],
          response: [],
          before: [],
          after: [],
          ignoreFields: ownRecord(),
          loc: keyLocOf(base),
        };
        if ('ignore' in e) entry.ignore = e.ignore;
        else {
          entry.emit = (e.emit ?? []).map((em, i) => toEmit(em, [...base, 'emit', i], locOf));
          entry.response = (e.response ?? []).map((em, i) => toEmit(em, [...base, 'response', i], locOf));
          entry.before = (e.before ?? []).map((h, i) => ({ name: h, loc: locOf([...base, 'before', i]) }));
          entry.after = (e.after ?? []).map((h, i) => ({ name: h, loc: locOf([...base, 'after', i]) }));
          entry.ignoreFields = ownRecord(
            Object.entries(e.ignoreFields ?? {}).map(([p, reason]) => [
              p,
              { reason, loc: keyLocOf([...base, 'ignoreFields', p]) },
            ]),
          );
        }
        entries.push(entry);
      }
    }
  }
  const recordings =
    raw.recordings === undefined ? {} : { recordings: { path: raw.recordings, loc: locOf(['recordings']) } };
  return { file, text, sources, valueMaps, entries, sections, ...recordings };
}

function toEmit(raw: RawEmit, path: Path, locOf: (p: Path) => Loc): EmitSpec {
  const ids: Partial<Record<IdKey, ValueExpr>> = ownRecord();
  for (const [k, v] of Object.entries(raw.ids ?? {})) ids[k as IdKey] = toExpr(v, [...path, 'ids', k], locOf);
  const payload = ownRecord<ValueExpr>();
  for (const [k, v] of Object.entries(raw.payload ?? {})) payload[k] = toExpr(v, [...path, 'payload', k], locOf);
  const emit: EmitSpec = { type: raw.type, ids, payload, loc: locOf([...path, 'type']) };
  if (raw.when) emit.when = toCondition(raw.when, [...path, 'when'], locOf);
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
      absentIn: Array.isArray(o.absentIn)
        ? (o.absentIn as string[]).map((v, i) => strictVersion(v, locOf([...path, 'absentIn', i])))
        : [],
      // Checked with the other path checks (spec/bad-version), so one bad bound is one finding.
      ...(typeof o.since === 'string' ? { since: o.since } : {}),
      ...(typeof o.until === 'string' ? { until: o.until } : {}),
      ...(typeof o.map === 'string' ? { map: o.map } : {}),
      loc,
    };
  }
  if ('const' in o) return { kind: 'const', value: o.const as JsonValue, loc };
  if ('helper' in o) {
    const args = Array.isArray(o.args) ? o.args : [];
    return {
      kind: 'helper',
      name: String(o.helper),
      args: args.map((a, i) => toExpr(a, [...path, 'args', i], locOf)),
      loc,
    };
  }
  const options = o.first as unknown[];
  return { kind: 'first', options: options.map((a, i) => toExpr(a, [...path, 'first', i], locOf)), loc };
}

/** Snapshot versions and `absentIn` entries are strict versions, as folder names under upstream-schemas/ are. */
function strictVersion(v: string, loc: Loc): string {
  if (isStrictVersion(v)) return v;
  throw new EventmapError({ code: 'spec/bad-version', ...versionProblem(v), ...loc });
}

export function parsePath(text: string): PathExpr {
  const segments = [...text.slice(1).matchAll(/\.([^.[\]]+)|\[(\d+)\]/g)].map((m) => m[1] ?? Number(m[2]));
  return { text, segments };
}
