// YAML documents to plain data with alias expansion bounded: a "billion laughs" file (aliases of
// aliases, each doubling the data) is a located error, not minutes of work or an internal error.
import { isAlias, visit, type Document } from 'yaml';
import { EventmapError } from '../shared/diagnostics.ts';

/** The yaml library's bound (its default): expanded alias nodes × nesting of the aliased data. */
export const MAX_ALIAS_COUNT = 100;

export function yamlData(
  doc: Document,
  at: (offset: number) => { file: string; line: number; col: number },
  code: string,
): unknown {
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (err) {
    if (!(err instanceof ReferenceError)) throw err;
    let offset = 0;
    visit(doc, (_key, node) => {
      if (!isAlias(node) || !node.range) return undefined;
      offset = node.range[0];
      return visit.BREAK;
    });
    throw new EventmapError({
      code,
      message: `the file's aliases (*name) expand to too much data (${err.message}; the limit is ${MAX_ALIAS_COUNT} expanded aliases, weighted by what they contain)`,
      hint: 'write the repeated values out, or alias smaller pieces; aliases of aliases multiply',
      ...at(offset),
    });
  }
}
