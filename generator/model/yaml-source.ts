// Parse a YAML file into plain JSON data plus a map from JSON pointers to source locations, so the
// checks can work on plain data and still report file:line:col.
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { EventmapError, withSource, type Diagnostic } from '../shared/diagnostics.ts';
import { yamlData } from '../yaml/data.ts';
import { yamlCauses } from '../yaml/errors.ts';
import { escapeSegment } from '../schema/pointer.ts';
import type { SourceLocation } from './types.ts';

export interface YamlSource {
  file: string;
  data: unknown;
  /** Location of the node at `pointer`: a map entry's key, a list item, or the nearest ancestor. */
  locate(pointer: string): SourceLocation;
}

export function pointerJoin(base: string, key: string | number): string {
  return `${base}/${escapeSegment(String(key))}`;
}

export function readYaml(text: string, file: string): YamlSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, strict: true });
  const at = (offset: number): SourceLocation => ({ file, ...lineCounter.linePos(offset) });

  // Warnings (e.g. an unresolved tag) are errors here: the model must mean exactly one thing.
  const problems = [...doc.errors, ...doc.warnings];
  if (problems.length > 0) {
    throw new EventmapError(
      yamlCauses(problems, text).map(({ offset, message }): Diagnostic =>
        withSource(
          {
            code: 'model/invalid-yaml',
            message: `not valid YAML: ${message}`,
            hint: 'fix the YAML syntax at this position (indentation, quoting, a duplicate key...)',
            ...at(offset),
          },
          text,
        ),
      ),
    );
  }

  const locations = new Map<string, SourceLocation>();
  const badKeys: Diagnostic[] = [];
  const walk = (node: Node | null | undefined, pointer: string, loc: SourceLocation): void => {
    locations.set(pointer, loc);
    if (!node || isAlias(node)) return;
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = pair.key as Node | null;
        const keyValue = isScalar(key) ? key.value : undefined;
        const keyLoc = key?.range ? at(key.range[0]) : loc;
        if (typeof keyValue !== 'string') {
          badKeys.push({
            code: 'model/bad-key',
            message: 'map keys must be plain strings',
            hint: 'quote the key',
            ...keyLoc,
          });
          continue;
        }
        walk(pair.value as Node | null, pointerJoin(pointer, keyValue), keyLoc);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        const n = item as Node | null;
        walk(n, pointerJoin(pointer, i), n?.range ? at(n.range[0]) : loc);
      });
    }
  };
  const root = doc.contents as Node | null;
  walk(root, '', root?.range ? at(root.range[0]) : { file, line: 1, col: 1 });
  if (badKeys.length > 0) throw new EventmapError(badKeys);

  return {
    file,
    data: yamlData(doc, at, 'model/alias-bomb'),
    locate(pointer) {
      for (let p = pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
        const loc = locations.get(p);
        if (loc) return loc;
        if (p === '') return { file, line: 1, col: 1 };
      }
    },
  };
}
