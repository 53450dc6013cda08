// Edits of mapping-spec.yaml that keep every other byte: where to insert is read from the yaml
// Document's node ranges, what to insert is rendered by the yaml library from data (never pasted
// strings), and the result is parsed back and compared with the data before anyone writes it.
import { isDeepStrictEqual } from 'node:util';
import {
  Document,
  isAlias,
  isCollection,
  isMap,
  isNode,
  isScalar,
  isSeq,
  parseDocument,
  type Node,
  type Pair,
  type YAMLMap,
} from 'yaml';
import { EventmapError } from '../shared/diagnostics.ts';

type Path = (string | number)[];

export interface InsertPair {
  kind: 'pair';
  /** The block map to insert into, e.g. ['mappings', 'codex-app-server', 'notification']; created (as a block map) when missing. */
  map: Path;
  key: string;
  value: unknown;
  /** Insert right after this key (its value and trailing comment); else at the end of the map. */
  after?: string;
  /** Insert before the first key instead (a sorted map's new first key). */
  first?: true;
  /** A scalar value starts at this column past the key (a hand-aligned map); else one space after the colon. */
  align?: number;
  /** A comment line above the new key (without `#`). */
  comment?: string;
  /** A comment after a scalar value, on the same line (without `#`). */
  trailing?: string;
  /** Keys whose maps are written in flow style (`{ a: 1 }`), as the hand-written entries are. */
  flowKeys?: readonly string[];
}

export interface InsertItem {
  kind: 'item';
  /** The sequence (flow or block). */
  seq: Path;
  value: string | number;
  index: number;
}

export interface ReplaceValue {
  kind: 'replace';
  /** The value's path from the root, through aliases (one written node may be reached by several). */
  at: Path;
  value: unknown;
  /** A comment line above the line the value is on (without `#`), once per line. */
  comment?: string;
}

export type SpecEdit = InsertPair | InsertItem | ReplaceValue;

interface TextEdit {
  offset: number;
  /** Characters replaced from `offset` (an empty `{}` or null value turned into a block map). */
  remove?: number;
  text: string;
}

/** Apply the edits to the YAML text; throws when a target is missing or the result does not read back as intended. */
export function editYaml(text: string, edits: SpecEdit[]): string {
  const doc = parseDocument(text);
  if (doc.errors.length)
    throw new EventmapError({
      code: 'spec/yaml-syntax',
      message: `cannot edit: ${doc.errors[0]!.message.split('\n')[0]}`,
      hint: 'fix the YAML first',
    });
  const textEdits: TextEdit[] = [];
  // New maps (a kind not yet in the spec) collect their pairs and are written once.
  const created = new Map<string, { parent: Path; key: string; pairs: InsertPair[] }>();
  for (const e of edits) {
    if (e.kind === 'item') {
      textEdits.push(seqInsert(text, doc, e));
      continue;
    }
    if (e.kind === 'replace') {
      const edit = replaceValue(doc, e);
      if (!textEdits.some((t) => t.offset === edit.offset && t.remove === edit.remove)) textEdits.push(edit);
      if (e.comment) {
        const line = commentLine(text, edit.offset, e.comment);
        if (!textEdits.some((t) => t.offset === line.offset && t.text === line.text)) textEdits.push(line);
      }
      continue;
    }
    const node = doc.getIn(e.map, true);
    if (isMap(node) && node.flow && node.items.length) textEdits.push(...flowInsert(text, node, e));
    else if (isMap(node) && !(node.flow && !node.items.length)) textEdits.push(pairInsert(text, doc, e));
    else if (node !== undefined && !(isMap(node) || (isScalar(node) && node.value === null))) throw missing(e.map);
    else {
      const id = JSON.stringify(e.map);
      const entry = created.get(id) ?? { parent: e.map.slice(0, -1), key: String(e.map[e.map.length - 1]), pairs: [] };
      entry.pairs.push(e);
      created.set(id, entry);
    }
  }
  for (const { parent, key, pairs } of created.values()) {
    const value = Object.fromEntries(pairs.map((p) => [p.key, p.value]));
    const pair: InsertPair = { kind: 'pair', map: parent, key, value, flowKeys: pairs[0]!.flowKeys ?? [] };
    const empty = doc.getIn([...parent, key], true);
    textEdits.push(
      ...(isNode(empty) && empty.range
        ? fillEmpty(text, doc, pair, pairs, empty.range)
        : [pairInsert(text, doc, pair, pairs)]),
    );
  }
  const out = applyTextEdits(text, textEdits);
  verify(out, edits);
  return out;
}

function pairInsert(text: string, doc: Document, e: InsertPair, nested?: InsertPair[]): TextEdit {
  const map = doc.getIn(e.map, true);
  if (!isMap(map)) throw missing(e.map);
  if (map.flow)
    throw new EventmapError({
      code: 'spec/cannot-edit',
      message: `${e.map.join('.')} is a flow map ({ ... })`,
      hint: 'write it as a block map to let eventmap insert into it',
    });
  const pairs = map.items as Pair<Node, Node | null>[];
  const anchor = (e.after !== undefined ? pairOf(doc, e.map, e.after) : undefined) ?? pairs[pairs.length - 1];
  let offset: number;
  let indent: number;
  const head = pairs[0]?.key;
  if (e.first && isScalar(head) && head.range) {
    indent = column(text, head.range[0]);
    offset = head.range[0] - indent;
  } else if (anchor && isScalar(anchor.key) && anchor.key.range) {
    offset = lineEnd(text, (anchor.value?.range ?? anchor.key.range)[1]);
    indent = column(text, anchor.key.range[0]);
  } else {
    // An empty map (`key: {}` is flow, so this is `key:` with nothing under it): indent below its parent key.
    const pk = pairOf(doc, e.map.slice(0, -1), e.map[e.map.length - 1]);
    if (!pk || !isScalar(pk.key) || !pk.key.range) throw missing(e.map);
    offset = lineEnd(text, pk.key.range[1]);
    indent = column(text, pk.key.range[0]) + 2;
  }
  return { offset, text: indentLines(renderPair(e, nested), indent) };
}

/**
 * A pair appended to a flow map (`payload: { a: $.a }` → `{ a: $.a, b: $.b }`), in flow style; its
 * comment goes on a line of its own above the line the map starts on (a flow map holds none).
 */
function flowInsert(text: string, map: YAMLMap, e: InsertPair): TextEdit[] {
  const last = map.items[map.items.length - 1] as Pair<Node, Node | null>;
  const end = (last.value ?? last.key).range?.[1];
  if (end === undefined || !map.range) throw missing(e.map);
  const edits: TextEdit[] = [{ offset: end, text: `, ${flowText({ [e.key]: e.value }).slice(2, -2)}` }];
  if (e.comment) edits.push(commentLine(text, map.range[0], e.comment));
  return edits;
}

/** A comment line above the line `offset` is on, at that line's indentation. */
function commentLine(text: string, offset: number, comment: string): TextEdit {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const pad = /^ */.exec(text.slice(start))![0];
  return { offset: start, text: `${pad}# ${comment}\n` };
}

/** The pair of `key` in the map at `map`. */
function pairOf(doc: Document, map: Path, key: unknown): Pair<Node, Node | null> | undefined {
  const parent = doc.getIn(map, true);
  return isMap(parent)
    ? (parent.items as Pair<Node, Node | null>[]).find((p) => isScalar(p.key) && p.key.value === key)
    : undefined;
}

/** A value in flow style on one line (`{ path: $.a, since: 0.3.0 }`), as the hand-written reads are. */
export function flowText(value: unknown): string {
  const doc = new Document(value);
  const flow = (n: unknown): void => {
    if (!isCollection(n)) return;
    n.flow = true;
    for (const it of n.items) flow(isMap(n) ? (it as Pair).value : it);
  };
  flow(doc.contents);
  return doc.toString({ lineWidth: 0, flowCollectionPadding: true }).trim();
}

/** Replace the value at `at` (aliases followed: the node written once is edited once). */
function replaceValue(doc: Document, e: ReplaceValue): TextEdit {
  let node: unknown = doc.contents;
  for (const step of e.at) {
    if (isAlias(node)) node = node.resolve(doc);
    node = isCollection(node) ? node.get(step, true) : undefined;
  }
  if (isAlias(node)) node = node.resolve(doc);
  if (!isNode(node) || !node.range) throw missing(e.at);
  return { offset: node.range[0], remove: node.range[1] - node.range[0], text: flowText(e.value) };
}

/** `key: {}` or `key:` with nothing: the value becomes a block map holding the new pairs. */
function fillEmpty(
  text: string,
  doc: Document,
  pair: InsertPair,
  nested: InsertPair[],
  range: [number, number, number],
): TextEdit[] {
  const owner = pairOf(doc, pair.map, pair.key);
  if (!owner || !isScalar(owner.key) || !owner.key.range) throw missing([...pair.map, pair.key]);
  const block = renderPair(pair, nested).split('\n').slice(1).join('\n').trimEnd(); // the pairs below `key:`
  // The `{}` goes (with the blank before it); the block goes below the line, after any comment on it.
  let start = range[0];
  while (start > 0 && text[start - 1] === ' ') start--;
  return [
    { offset: start, remove: range[1] - start, text: '' },
    { offset: lineEnd(text, range[1]), text: `${indentLines(dedent(block), column(text, owner.key.range[0]) + 2)}\n` },
  ];
}

function dedent(block: string): string {
  const pad = Math.min(...[...block.matchAll(/^( *)\S/gm)].map((m) => m[1]!.length));
  return block.replace(new RegExp(`^ {0,${pad}}`, 'gm'), '');
}

function seqInsert(text: string, doc: Document, e: InsertItem): TextEdit {
  const seq = doc.getIn(e.seq, true);
  if (!isSeq(seq)) throw missing(e.seq);
  const item = renderScalar(e.value);
  const items = seq.items as Node[];
  if (seq.flow) {
    if (!items.length) return { offset: seq.range![0] + 1, text: item };
    if (e.index <= 0) return { offset: items[0]!.range![0], text: `${item}, ` };
    return { offset: items[Math.min(e.index, items.length) - 1]!.range![1], text: `, ${item}` };
  }
  const at = items[Math.min(e.index, items.length - 1)]!;
  const dash = text.lastIndexOf('-', at.range![0]);
  const line = `${' '.repeat(column(text, dash))}- ${item}\n`;
  return { offset: e.index < items.length ? dash - column(text, dash) : lineEnd(text, at.range![1]), text: line };
}

/** One `key: value` pair (and its comment), rendered by the yaml library at column 0. */
export function renderPair(e: InsertPair, nested?: InsertPair[]): string {
  const doc = new Document();
  const map = doc.createNode({ [e.key]: e.value }) as YAMLMap<Node, Node>;
  const flowKeys = new Set(e.flowKeys ?? []);
  const style = (node: unknown): void => {
    if (isSeq(node)) for (const it of node.items) style(it);
    if (!isMap(node)) return;
    for (const { key, value } of node.items as Pair<unknown, unknown>[]) {
      if (isScalar(key) && flowKeys.has(String(key.value)) && isCollection(value)) value.flow = true;
      style(value);
    }
  };
  style(map);
  const pair = map.items[0]!;
  if (e.comment) pair.key.commentBefore = ` ${e.comment}`;
  for (const n of nested ?? []) {
    const inner = isMap(pair.value)
      ? (pair.value.items as Pair<Node, Node>[]).find((p) => isScalar(p.key) && p.key.value === n.key)
      : undefined;
    if (inner && n.comment) inner.key.commentBefore = ` ${n.comment}`;
    if (inner && n.trailing && isScalar(inner.value)) inner.value.comment = ` ${n.trailing}`;
  }
  if (e.trailing && isScalar(pair.value)) pair.value.comment = ` ${e.trailing}`;
  doc.contents = map;
  const out = doc.toString({ lineWidth: 0, flowCollectionPadding: true });
  return e.align !== undefined && isScalar(pair.value) ? alignValue(out, e.key, e.align) : out;
}

/** `Key: value` → `Key:      value`, the value at column `align` past the key (at least one space). */
function alignValue(line: string, key: string, align: number): string {
  const rendered = `${renderScalar(key)}:`;
  if (!line.startsWith(`${rendered} `)) return line;
  return `${rendered}${' '.repeat(Math.max(1, align - rendered.length))}${line.slice(rendered.length + 1)}`;
}

function renderScalar(value: string | number): string {
  return new Document(value).toString({ lineWidth: 0 }).trimEnd();
}

function indentLines(block: string, indent: number): string {
  const pad = ' '.repeat(indent);
  return block
    .split('\n')
    .map((l) => (l === '' ? l : pad + l))
    .join('\n');
}

/** The offset just after the line holding `offset - 1` (a value's last character). */
function lineEnd(text: string, offset: number): number {
  if (offset > 0 && text[offset - 1] === '\n') return offset;
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl + 1;
}

function column(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

function applyTextEdits(text: string, edits: TextEdit[]): string {
  // Same offset: in the order given. Later offsets first, so earlier ones stay valid.
  const ordered = edits.map((e, i) => ({ ...e, i })).sort((a, b) => b.offset - a.offset || b.i - a.i);
  let out = text;
  for (const e of ordered) {
    const before = out.slice(0, e.offset);
    const gap =
      !e.remove && before && !before.endsWith('\n') && e.text.endsWith('\n') && !e.text.startsWith(',') ? '\n' : '';
    out = `${before}${gap}${e.text}${out.slice(e.offset + (e.remove ?? 0))}`;
  }
  return out;
}

function verify(out: string, edits: SpecEdit[]): void {
  const doc = parseDocument(out);
  // Read from the data, where aliases are resolved.
  const data: unknown = doc.errors.length ? undefined : doc.toJS({ maxAliasCount: 1000 });
  for (const e of edits) {
    const at = e.kind === 'pair' ? [...e.map, e.key] : e.kind === 'item' ? e.seq : e.at;
    const got = at.reduce<unknown>(
      (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
      data,
    );
    const ok = e.kind === 'item' ? Array.isArray(got) && got.includes(e.value) : isDeepStrictEqual(got, e.value);
    if (!ok) throw new Error(`eventmap: editing mapping-spec.yaml at ${at.join('.')} did not read back as written`);
  }
}

function missing(path: Path): EventmapError {
  return new EventmapError({
    code: 'spec/cannot-edit',
    message: `mapping-spec.yaml has no ${path.join('.')} to insert into`,
    hint: 'add it by hand first',
  });
}
