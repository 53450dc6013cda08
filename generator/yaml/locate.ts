// Where a node of a parsed YAML document is written, by its path from the root: at each step the
// first pair with the key (each map's pairs indexed once: the spec is located thousands of times),
// or a list's item by index (or a string of one). An alias is the node it names, so what lies
// below `*x` is located once, where it is written: at `&x`.
import {
  isAlias,
  isMap,
  isNode,
  isScalar,
  isSeq,
  type Document,
  type LineCounter,
  type Pair,
  type YAMLMap,
} from 'yaml';

export type YamlPath = readonly (string | number)[];

/** 1-based line and column. */
export interface LineCol {
  line: number;
  col: number;
}

export interface YamlLocator {
  /** Where the node at `path` starts, or else its nearest ancestor that is there. */
  node(path: YamlPath): LineCol | undefined;
  /** Where the entry at `path` is written: a map entry's key, a list item; undefined when there is none. */
  entry(path: YamlPath): LineCol | undefined;
}

export function yamlLocator(doc: Document, lineCounter: LineCounter): YamlLocator {
  const index = new WeakMap<YAMLMap, Map<unknown, Pair>>();
  const pairOf = (map: YAMLMap, key: unknown): Pair | undefined => {
    let pairs = index.get(map);
    if (!pairs) {
      index.set(map, (pairs = new Map()));
      for (const p of map.items) if (isScalar(p.key) && !pairs.has(p.key.value)) pairs.set(p.key.value, p);
    }
    return pairs.get(key);
  };
  // resolve() searches the whole document for the anchor: once per alias.
  const targets = new Map<unknown, unknown>();
  const deref = (n: unknown) => {
    if (!isAlias(n)) return n;
    if (!targets.has(n)) targets.set(n, n.resolve(doc));
    return targets.get(n);
  };
  /** The nodes from the root along `path`, as far as they are there; and the last one's key, for a map entry. */
  const walk = (path: YamlPath) => {
    const nodes: unknown[] = [deref(doc.contents)];
    let key: unknown;
    for (const step of path) {
      const at = nodes[nodes.length - 1];
      const pair = isMap(at) ? pairOf(at, step) : undefined;
      const next = pair ? deref(pair.value) : isSeq(at) ? deref(at.get(step, true)) : undefined;
      if (next === undefined && !pair) break;
      key = pair?.key;
      nodes.push(next);
    }
    return { nodes, key };
  };
  const start = (n: unknown) => (isNode(n) && n.range ? lineCounter.linePos(n.range[0]) : undefined);
  return {
    node(path) {
      const { nodes } = walk(path);
      for (let i = nodes.length - 1; i >= 0; i--) if (start(nodes[i])) return start(nodes[i]);
      return undefined;
    },
    entry(path) {
      const { nodes, key } = walk(path);
      return nodes.length === path.length + 1 && path.length > 0 ? start(key ?? nodes[nodes.length - 1]) : undefined;
    },
  };
}
