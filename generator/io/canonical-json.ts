// A snapshot's JSON in one canonical order, so re-vendoring a release writes the same bytes: the
// Codex binary writes some `definitions` maps in a different order on each run (codex 0.130.0:
// three runs, three hashes, same content). The members of every `definitions` and `$defs` map
// (names, whose order means nothing) are put in code-unit order; every other object keeps its
// order (a schema's `properties` order is its declaration order). Laid out with two-space indents,
// as the binary lays it out; numbers and strings keep their exact text (`0.0` stays `0.0`), so a
// file already in that order comes out byte-identical.

import { compareStrings } from './fsutil.ts';

type Node = string | Node[] | { entries: [string, string, Node][] };

/** Maps whose members are names, in no meaningful order. */
const NAME_MAPS = new Set(['definitions', '$defs']);

/** The JSON text with its name maps sorted by key; the text itself when it is not JSON. */
export function canonicalJson(text: string): string {
  let tree: Node;
  try {
    tree = new Parser(text).document();
  } catch {
    return text; // not JSON: the snapshot check reports it where it is read
  }
  const trailing = /\s*$/.exec(text)![0];
  return `${write(tree, '', false)}${trailing}`;
}

function write(node: Node, indent: string, sort: boolean): string {
  if (typeof node === 'string') return node;
  const inner = `${indent}  `;
  if (Array.isArray(node))
    return node.length === 0 ? '[]' : `[\n${node.map((n) => inner + write(n, inner, false)).join(',\n')}\n${indent}]`;
  if (node.entries.length === 0) return '{}';
  const entries = sort ? [...node.entries].sort(([a], [b]) => compareStrings(a, b)) : node.entries;
  const members = entries.map(([key, raw, n]) => `${inner}${raw}: ${write(n, inner, !sort && NAME_MAPS.has(key))}`);
  return `{\n${members.join(',\n')}\n${indent}}`;
}

/** JSON, keeping each scalar's text; keys decoded for ordering, written back as they were. */
class Parser {
  private at = 0;
  constructor(private readonly text: string) {}

  document(): Node {
    const node = this.value();
    this.space();
    if (this.at !== this.text.length) throw new Error('trailing text');
    return node;
  }

  private space(): void {
    while (/\s/.test(this.text[this.at] ?? '')) this.at++;
  }

  private value(): Node {
    this.space();
    const c = this.text[this.at];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(
      this.text.slice(this.at, this.at + 64),
    );
    if (!m) throw new Error(`unexpected ${c}`);
    this.at += m[0].length;
    return m[0];
  }

  private string(): string {
    const start = this.at++;
    while (this.text[this.at] !== '"') {
      if (this.at >= this.text.length) throw new Error('unterminated string');
      this.at += this.text[this.at] === '\\' ? 2 : 1;
    }
    return this.text.slice(start, ++this.at);
  }

  private array(): Node[] {
    this.at++;
    const items: Node[] = [];
    this.space();
    if (this.text[this.at] === ']') return (this.at++, items);
    for (;;) {
      items.push(this.value());
      this.space();
      const c = this.text[this.at++];
      if (c === ']') return items;
      if (c !== ',') throw new Error('expected , or ]');
    }
  }

  private object(): Node {
    this.at++;
    const entries: [string, string, Node][] = [];
    this.space();
    if (this.text[this.at] === '}') return (this.at++, { entries });
    for (;;) {
      this.space();
      const raw = this.string();
      this.space();
      if (this.text[this.at++] !== ':') throw new Error('expected :');
      entries.push([JSON.parse(raw) as string, raw, this.value()]);
      this.space();
      const c = this.text[this.at++];
      if (c === '}') return { entries };
      if (c !== ',') throw new Error('expected , or }');
    }
  }
}
