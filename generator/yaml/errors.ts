// YAML syntax errors as one cause each, for mapping-spec.yaml and canonical-model.yaml alike.
// The yaml library reports one missing `}` or `{` as several errors, each following from the one
// before, and places an unclosed flow collection where it noticed (the next line): the first
// syntax error is the cause, placed at the bracket that is never closed.
import type { YAMLError } from 'yaml';

export interface YamlCause {
  error: YAMLError;
  /** Offset to report: the unclosed `{`/`[` when that is the problem, else where the library noticed. */
  offset: number;
  message: string;
}

export function yamlCauses(errors: readonly YAMLError[], text: string): YamlCause[] {
  const syntax = errors.find((e) => e.code !== 'DUPLICATE_KEY');
  // Duplicate keys are causes of their own; a syntax error may make them up.
  const picked = syntax ? [syntax] : [...errors];
  return picked.map((error) => {
    const message = error.message.split('\n')[0]!.trim();
    const close = /end with an? ([}\]])/.exec(message)?.[1];
    const open = close ? unclosed(text, error.pos[0], close === '}' ? '{' : '[', close) : undefined;
    return open === undefined
      ? { error, offset: error.pos[0], message }
      : { error, offset: open, message: `${message} (the \`${text[open]}\` here is never closed)` };
  });
}

/** The offset of the last `open` before `pos` that no `close` matches (quotes and comments skipped roughly), if any. */
function unclosed(text: string, pos: number, open: string, close: string): number | undefined {
  let depth = 0;
  for (let i = Math.min(pos, text.length) - 1; i >= 0 && pos - i < 4096; i--) {
    const c = text[i];
    if (c === close) depth++;
    else if (c === open) {
      if (depth === 0 && !insideQuotesOrComment(text, i)) return i;
      depth = Math.max(0, depth - 1);
    }
  }
  return undefined;
}

/** Is offset `i` inside a quoted scalar or a comment on its line? */
function insideQuotesOrComment(text: string, i: number): boolean {
  const lineStart = text.lastIndexOf('\n', i - 1) + 1;
  let quote: string | undefined;
  for (let j = lineStart; j < i; j++) {
    const c = text[j];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (j === lineStart || /\s/.test(text[j - 1]!))) return true;
  }
  return quote !== undefined;
}
