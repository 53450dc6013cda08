// Where each node of a YAML document starts, as plain data built from the yaml library's Document:
// the spec's locations come from this tree. Lookups follow the yaml library's `getIn(path, true)`:
// the first pair with the key wins, and a sequence takes an index or a string of one; each map's
// pairs are indexed by key once.
import { isAlias, isMap, isNode, isScalar, isSeq, type Document, type LineCounter } from 'yaml';

/** 1-based line and column. */
export type Pos = [line: number, col: number];

export interface PosTree {
  at: Pos | null;
  /** A map's pairs: the key (a scalar's value; for a collection, a fresh object), where the key starts, and the value. */
  pairs?: PosPair[];
  items?: (PosTree | null)[];
}

export type PosPair = [key: unknown, keyAt: Pos | null, value: PosTree | null];

/** The tree of a parsed document (its root: null for an empty one). */
export function posTree(doc: Document, lineCounter: LineCounter): PosTree | null {
  const pos = (offset: number): Pos => {
    const { line, col } = lineCounter.linePos(offset);
    return [line, col];
  };
  // An alias is the node it names: what lies below `*result` is written (and located) at `&result`,
  // so a problem there is reported once, where it is written. One tree per node, shared.
  const seen = new Map<unknown, PosTree | null>();
  const tree = (node: unknown): PosTree | null => {
    if (isAlias(node)) {
      const target = node.resolve(doc);
      if (!isNode(target)) return null;
      if (!seen.has(target)) {
        seen.set(target, null); // an alias inside its own anchor ends here
        seen.set(target, tree(target));
      }
      return seen.get(target)!;
    }
    if (!isNode(node)) return null;
    const at = node.range ? pos(node.range[0]) : null;
    if (isMap(node))
      return {
        at,
        pairs: node.items.map((p): PosPair => [
          isScalar(p.key) ? p.key.value : {}, // a collection as key: matches no path
          isNode(p.key) && p.key.range ? pos(p.key.range[0]) : null,
          tree(p.value),
        ]),
      };
    if (isSeq(node)) return { at, items: node.items.map(tree) };
    return { at };
  };
  return tree(doc.contents);
}

export type Path = readonly (string | number)[];

/** Finding nodes by path in a tree: each map's pairs are indexed by key once, not scanned per lookup. */
export function treeFinder(root: PosTree | null): {
  /** The node at the first `length` steps of `path` (the root for 0). */
  nodeAt(path: Path, length: number): PosTree | null | undefined;
  /** The pair `key` of a map node. */
  pairOf(map: PosTree, key: unknown): PosPair | undefined;
} {
  const index = new Map<PosTree, Map<unknown, PosPair>>();
  const pairOf = (map: PosTree, key: unknown): PosPair | undefined => {
    let pairs = index.get(map);
    if (!pairs) {
      pairs = new Map();
      for (const p of map.pairs ?? []) if (!pairs.has(p[0])) pairs.set(p[0], p);
      index.set(map, pairs);
    }
    return pairs.get(key);
  };
  const nodeAt = (path: Path, length: number): PosTree | null | undefined => {
    let node: PosTree | null | undefined = root;
    for (let i = 0; i < length; i++) {
      if (node?.pairs) node = pairOf(node, path[i])?.[2];
      else if (node?.items) {
        const idx = itemIndex(path[i]);
        node = idx === undefined ? undefined : node.items[idx];
      } else return undefined;
    }
    return node;
  };
  return { nodeAt, pairOf };
}

/** The yaml library's asItemIndex: a non-negative integer, or a string of one. */
function itemIndex(key: string | number | undefined): number | undefined {
  const idx = typeof key === 'string' && key !== '' ? Number(key) : key;
  return typeof idx === 'number' && Number.isInteger(idx) && idx >= 0 ? idx : undefined;
}
