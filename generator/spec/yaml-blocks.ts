// mapping-spec.yaml parsed a block at a time, each block's data and locations cached by its text
// (./block-store.ts): an edit re-parses only the blocks it touched. The yaml library parses
// every block; this file only decides where blocks begin, at lines that can only begin a key of a
// block map, and gives up (the caller then parses the whole file) on anything it is not sure of.
//
// Why a split never changes the meaning: a block is the lines from a key of a block map at
// indentation n to the next key at n that starts a block (or the map's end), with the lines
// before the map's first key. Every other line is more indented than n, or blank, or a comment,
// so it belongs to a key's value; the block is parsed with its n leading spaces removed, and its
// positions shifted back. A quote or bracket left open across the split leaves its block
// unparseable; an alias keeps the pairs from its anchor's to its own in one block, and an alias
// of an anchor in another map is unresolved in its block; a key twice in one map is found when
// the blocks are put together; a node placed inside its line's indentation (an empty key)
// cannot be shifted back; directives, document markers, tabs in indentation and a CR alone as a
// line end are not split at all. Each of these gives up, and the whole-file parse reports what is wrong, as before.
// test/spec/yaml-blocks.test.ts compares both parses on the real spec and on generated edits.
import { isAlias, isMap, parseDocument, visit, LineCounter } from 'yaml';
import { isDeepStrictEqual } from 'node:util';
import { sha256 } from '../fsutil.ts';
import { MAX_ALIAS_COUNT } from '../yaml-data.ts';
import { posTree, type Pos, type PosPair, type PosTree } from './pos-tree.ts';

/** A document's data and where its nodes are. */
export interface Parsed {
  data: unknown;
  tree: PosTree | null;
}

/** One block parsed on its own: its pairs as data, and where they are in the block. */
export interface ParsedBlock {
  data: Record<string, unknown>;
  pairs: PosPair[];
}

/** Parsed blocks by the hash of their text (./block-store.ts). */
export interface BlockStore {
  get(hash: string): ParsedBlock | undefined;
  /** A block this run parsed; `storable` false for one that JSON cannot carry (aliases share values). */
  put(hash: string, block: ParsedBlock, storable: boolean): void;
}

/** A map's value split further only when it is longer than this: smaller ones are one block. */
const SPLIT_OVER_LINES = 40;

/** The spec parsed by blocks, or undefined when the text is not one this file splits safely. */
export function parseByBlocks(text: string, store: BlockStore, splitOver = SPLIT_OVER_LINES): Parsed | undefined {
  // CRLF line ends split like LF ones (a Windows checkout); a CR alone is a line break too in YAML.
  if (LONE_CR.test(text) || text.startsWith('\uFEFF') || UNSPLITTABLE.test(text)) return undefined;
  const lines = text.split('\n').map(lineOf);
  const first = lines.find((l) => l.content);
  const plans = first && region(lines, 0, lines.length, first.indent, splitOver);
  if (!plans) return undefined;
  const root = assemble(plans, lines, store);
  return root && { data: root.data, tree: { at: root.pairs[0]![1], pairs: root.pairs } };
}

/** Directives and document markers (a stream of documents), and tabs where indentation is. */
const UNSPLITTABLE = /^(?:%|---(?:\s|$)|\.\.\.(?:\s|$))|^ *\t/m;
const LONE_CR = /\r(?!\n)/;

interface Line {
  /** As in the file, a CR of a CRLF line end included. */
  text: string;
  /** Without that CR: what the line says. */
  body: string;
  indent: number;
  /** Neither blank nor a comment. */
  content: boolean;
}

function lineOf(text: string): Line {
  const body = text.endsWith('\r') ? text.slice(0, -1) : text;
  const indent = /^ */.exec(body)![0].length;
  const rest = body.slice(indent);
  return { text, body, indent, content: rest !== '' && !rest.startsWith('#') };
}

/**
 * A line that can begin a key of the map: a plain scalar without spaces, not starting with an
 * indicator, then its colon. The yaml library reads the key; a block whose pairs are not on the
 * lines planned is given up.
 */
const KEY = /^[A-Za-z0-9_$./-](?:[^\s#:]|:(?=\S))*:(?: |$)/;
/** A key whose value is a nested map only (nothing after the colon but a comment), a plain string read as written. */
const NESTED = /^([A-Za-z_$](?:[^\s#:]|:(?=\S))*):(?: +#.*| *)$/;
/** An anchor (`&name`) or alias (`*name`) anywhere in a line: over-matching only keeps more lines in one block. */
const ANCHOR_OR_ALIAS = /([&*])([^\s,[\]{}]+)/g;
const NOT_A_STRING = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;

type Plan =
  | { kind: 'block'; from: number; to: number; keyLines: number[]; indent: number }
  | { kind: 'nested'; key: string; keyLine: number; indent: number; children: Plan[] };

/** The pairs of the block map whose keys are at `indent` in lines [from, to), or undefined if that is not what they hold. */
function region(lines: Line[], from: number, to: number, indent: number, splitOver: number): Plan[] | undefined {
  const starts: number[] = [];
  for (let i = from; i < to; i++) {
    const line = lines[i]!;
    if (!line.content) continue;
    if (line.indent < indent) return undefined;
    if (line.indent > indent) {
      if (starts.length === 0) return undefined; // the map's first key is less indented than what comes before it
      continue;
    }
    const rest = line.body.slice(indent);
    if (rest === '-' || rest.startsWith('- ')) {
      if (starts.length === 0) return undefined; // a sequence at this indentation is a key's value
      continue;
    }
    if (!KEY.test(rest)) return undefined;
    starts.push(i);
  }
  if (starts.length === 0) return undefined;
  const plans: Plan[] = [];
  for (const [first, last] of aliasGroups(lines, starts, to)) {
    const keyLine = starts[first]!;
    const end = starts[last + 1] ?? to;
    const nested =
      first === last && end - keyLine > splitOver ? nestedPlan(lines, keyLine, end, indent, splitOver) : undefined;
    const keyLines = starts.slice(first, last + 1);
    plans.push(nested ?? { kind: 'block', from: first === 0 ? from : keyLine, to: end, keyLines, indent });
  }
  return plans;
}

/**
 * The pairs (indexes into `starts`) that go into one block: an alias joins the pairs from its
 * anchor's (the last one before it) to its own, since each block is parsed alone.
 */
function aliasGroups(lines: Line[], starts: number[], to: number): [first: number, last: number][] {
  const anchors = new Map<string, number>();
  const groups: [number, number][] = [];
  for (let j = 0; j < starts.length; j++) {
    let first = j;
    for (let i = starts[j]!; i < (starts[j + 1] ?? to); i++) {
      for (const [, sign, name] of lines[i]!.text.matchAll(ANCHOR_OR_ALIAS)) {
        if (sign === '&') anchors.set(name!, j);
        else first = Math.min(first, anchors.get(name!) ?? j);
      }
    }
    while (groups.length && groups[groups.length - 1]![1] >= first) first = Math.min(first, groups.pop()![0]);
    groups.push([first, j]);
  }
  return groups;
}

/** The pair at `keyLine` split further, when its value is a block map (more indented, no sequence item at `indent`). */
function nestedPlan(lines: Line[], keyLine: number, end: number, indent: number, splitOver: number): Plan | undefined {
  const key = NESTED.exec(lines[keyLine]!.body.slice(indent))?.[1];
  // Not parsed here, so yaml's own checks of an implicit key are made here: a string, at most 1024 long.
  if (key === undefined || NOT_A_STRING.test(key) || key.length > 1024) return undefined;
  let first: Line | undefined;
  for (let i = keyLine + 1; i < end; i++) {
    const line = lines[i]!;
    if (!line.content) continue;
    if (line.indent <= indent) return undefined; // a sequence item of this key, at its own indentation
    first ??= line;
  }
  if (!first || first.body.slice(first.indent).startsWith('-')) return undefined;
  const children = region(lines, keyLine + 1, end, first.indent, splitOver);
  return children && { kind: 'nested', key, keyLine, indent, children };
}

/** The data and located pairs of a map made of `plans`; undefined when a block does not parse as planned. */
function assemble(
  plans: Plan[],
  lines: Line[],
  store: BlockStore,
): { data: Record<string, unknown>; pairs: PosPair[] } | undefined {
  const data: Record<string, unknown> = {};
  const pairs: PosPair[] = [];
  // Keys are set in the file's order, as the whole-file parse sets them (and the engine puts
  // integer-like keys first in both); a later equal key overwrites in place in both.
  const set = (key: string, value: unknown) =>
    Object.defineProperty(data, key, { value, writable: true, enumerable: true, configurable: true });
  for (const plan of plans) {
    let planned: PosPair[];
    if (plan.kind === 'nested') {
      const inner = assemble(plan.children, lines, store);
      if (!inner) return undefined;
      set(plan.key, inner.data);
      planned = [[plan.key, [plan.keyLine + 1, plan.indent + 1], { at: inner.pairs[0]![1], pairs: inner.pairs }]];
    } else {
      const block = parsedBlock(plan, lines, store);
      if (!block) return undefined;
      for (const key of Object.keys(block.data)) set(key, block.data[key]);
      planned = block.pairs.map((p) => shiftPair(p, plan.from, plan.indent));
    }
    // A key twice in one map: the whole-file parse says where (uniqueKeys compares scalar values).
    for (const pair of planned) {
      if (pairs.some((p) => p[0] === pair[0])) return undefined;
      pairs.push(pair);
    }
  }
  return { data, pairs };
}

function parsedBlock(
  plan: Extract<Plan, { kind: 'block' }>,
  lines: Line[],
  store: BlockStore,
): ParsedBlock | undefined {
  const slice = lines.slice(plan.from, plan.to).map((l) => l.text.slice(Math.min(plan.indent, l.indent)));
  const text = `${slice.join('\n')}${plan.to < lines.length ? '\n' : ''}`;
  const hash = sha256(text);
  const cached = store.get(hash);
  if (cached) return cached;
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length || doc.warnings.length || !isMap(doc.contents)) return undefined;
  const tree = posTree(doc, lineCounter)!;
  if (
    !pastIndentation(
      tree,
      slice.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l)),
    )
  )
    return undefined;
  // Exactly the pairs planned, each key at the start of its line.
  const pairs = tree.pairs!;
  const planned = plan.keyLines.map((line) => line - plan.from + 1);
  if (pairs.length !== planned.length || pairs.some(([, at], i) => at?.[0] !== planned[i] || at[1] !== 1))
    return undefined;
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch {
    return undefined; // an alias bomb: the whole-file parse locates it
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const block: ParsedBlock = { data: data as Record<string, unknown>, pairs };
  store.put(hash, block, storable(doc, block));
  return block;
}

/** Whether the record can carry the block: no alias (shared values), and JSON gives it back as it is (not a Date, a Set, -0 or Infinity). */
function storable(doc: ReturnType<typeof parseDocument>, block: ParsedBlock): boolean {
  let alias = false;
  visit(doc, (_key, node) => {
    if (!isAlias(node)) return undefined;
    alias = true;
    return visit.BREAK;
  });
  return !alias && isDeepStrictEqual(JSON.parse(JSON.stringify(block)), block);
}

/**
 * Whether every position of the tree is past its line's indentation, on a line with content,
 * where shifting by the removed indentation is right (an empty key is placed at the start of a
 * line, inside its indentation, or on the blank or comment line before it).
 */
function pastIndentation(tree: PosTree | null, lines: readonly string[]): boolean {
  const past = (at: Pos | null) => {
    if (!at) return true;
    const line = lines[at[0] - 1];
    if (line === undefined) return false;
    const indent = /^ */.exec(line)![0].length;
    // Not on a blank or comment line either, where yaml places an empty key that follows one.
    return at[1] - 1 >= indent && indent < line.length && line[indent] !== '#';
  };
  if (!tree) return true;
  return (
    past(tree.at) &&
    (tree.pairs ?? []).every(([, keyAt, value]) => past(keyAt) && pastIndentation(value, lines)) &&
    (tree.items ?? []).every((item) => pastIndentation(item, lines))
  );
}

/** A block's pair at its place in the file: `from` lines down, `indent` columns right. */
function shiftPair(pair: PosPair, from: number, indent: number): PosPair {
  const pos = (p: Pos | null): Pos | null => p && [p[0] + from, p[1] + indent];
  const tree = (t: PosTree | null): PosTree | null =>
    t && {
      at: pos(t.at),
      ...(t.pairs ? { pairs: t.pairs.map((p) => shiftPair(p, from, indent)) } : {}),
      ...(t.items ? { items: t.items.map(tree) } : {}),
    };
  return [pair[0], pos(pair[1]), tree(pair[2])];
}
