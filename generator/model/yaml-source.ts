// Parse a YAML file into plain JSON data plus a map from JSON pointers to source locations, so the
// checks can work on plain data and still report file:line:col.
import { isNode, isScalar, LineCounter, parseDocument, visit } from 'yaml';
import { EventmapError, withSource, type Diagnostic } from '../shared/diagnostics.ts';
import { yamlData } from '../yaml/data.ts';
import { yamlCauses } from '../yaml/errors.ts';
import { escapeSegment, unescapeSegment } from '../schema/pointer.ts';
import { yamlLocator } from '../yaml/locate.ts';
import type { SourceLocation } from './types.ts';

export interface YamlSource {
  file: string;
  data: unknown;
  /** Location of the node at `pointer`: a map entry's key, a list item, or the nearest ancestor. */
  locate(pointer: string): SourceLocation;
}

export function pointerJoin(base: string, ...keys: (string | number)[]): string {
  return base + keys.map((key) => `/${escapeSegment(String(key))}`).join('');
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

  // Keys are names: a number, a boolean, null or a collection as a key would mean something else.
  const badKeys: Diagnostic[] = [];
  visit(doc, {
    Pair(_, pair) {
      if (isScalar(pair.key) && typeof pair.key.value === 'string') return undefined;
      const range = isNode(pair.key) ? pair.key.range : undefined;
      badKeys.push({
        code: 'model/bad-key',
        message: 'map keys must be plain strings',
        hint: 'quote the key',
        ...(range ? at(range[0]) : { file, line: 1, col: 1 }),
      });
      return visit.SKIP;
    },
  });
  if (badKeys.length > 0) throw new EventmapError(badKeys);
  const locator = yamlLocator(doc, lineCounter);

  return {
    file,
    data: yamlData(doc, at, 'model/alias-bomb'),
    locate(pointer) {
      const path = pointer.split('/').slice(1).map(unescapeSegment);
      for (let n = path.length; n > 0; n--) {
        const loc = locator.entry(path.slice(0, n));
        if (loc) return { file, ...loc };
      }
      return { file, ...(locator.node([]) ?? { line: 1, col: 1 }) };
    },
  };
}
