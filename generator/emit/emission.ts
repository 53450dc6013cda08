// The one way text reaches generated code. Every string that comes from a snapshot, the spec or
// the model becomes code only through these functions: literals through `lit`, names through
// `ident`/`propKey`, comments through `comment`/`docComment`; fixed code is written with the `ts`
// tag, which accepts nothing but `Code` (and finite numbers) between its parts; templates are
// rendered by `render`, which refuses a view holding anything but `Code`. So a search for
// `trustedOutput(` and `render(` finds every place text enters a generated file (docs/security.md).
import type Handlebars from 'handlebars';
import { EventmapError } from '../shared/diagnostics.ts';
import { escapeUnprintable } from '../output/json.ts';
import { UNPRINTABLE } from '../output/text.ts';

let mint: (text: string) => Code;

/** A piece of generated source text that this module produced or checked; only this module mints it. */
export class Code {
  readonly #text: string;
  private constructor(text: string) {
    this.#text = text;
  }
  static {
    mint = (text) => new Code(text);
  }
  toString(): string {
    return this.#text;
  }
  /** The same code without trailing white space. */
  trimEnd(): Code {
    return new Code(this.#text.trimEnd());
  }
}

export type JsonLike = string | number | boolean | null | readonly JsonLike[] | { readonly [key: string]: JsonLike };

/**
 * A JS literal of a JSON value. JSON is valid JS; what JSON.stringify leaves raw of the
 * unprintable characters (U+2028/U+2029, bidi controls, DEL) is escaped as well, so the text stays
 * one line, stays a literal in pre-ES2019 parsers, and reads in review as what it is.
 * `quote: "'"` for single-quoted strings.
 */
export function lit(value: JsonLike | undefined, quote: '"' | "'" = '"'): Code {
  if (value === undefined) return mint('undefined');
  let text = escapeUnprintable(JSON.stringify(value));
  if (quote === "'" && typeof value === 'string')
    text = `'${text.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
  return mint(text);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
// ECMAScript and TypeScript reserved words, and names that would shadow what generated code uses.
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if ' +
    'import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements ' +
    'interface package private protected public await any boolean number string symbol unknown never object undefined NaN Infinity ' +
    'eval arguments constructor prototype __proto__ toString valueOf hasOwnProperty'
  ).split(' '),
);

/** Whether `name` can be written as an identifier in generated code. */
export function isSafeIdentifier(name: string): boolean {
  return IDENTIFIER.test(name) && !RESERVED.has(name) && name.length <= 200;
}

/** A name the generator derived (already validated at the door); a bad one is a bug here, not input. */
export function ident(name: string): Code {
  if (!isSafeIdentifier(name)) {
    throw new EventmapError({
      code: 'emit/unsafe-identifier',
      message: `refusing to write ${JSON.stringify(name.slice(0, 80))} as an identifier in generated code`,
      hint: 'names from the spec, the model or a snapshot must be checked where they are read; report this as an eventmap bug',
    });
  }
  return mint(name);
}

/**
 * A quoted key in an object literal or type. `__proto__` is computed, since a literal
 * `"__proto__": x` would set the object's prototype instead of adding a key.
 */
export function quotedKey(name: string, quote: '"' | "'" = '"'): Code {
  return name === '__proto__' ? mint(`[${lit(name, quote)}]`) : lit(name, quote);
}

/**
 * A derived name kept short: past 80 characters, the first 64 and an upper-case hash of the
 * whole (upper case so that json-schema-to-typescript's own name cleaning leaves it as it is).
 */
export function capIdentifier(name: string): string {
  return name.length <= 80 ? name : `${name.slice(0, 64)}H${shortHash(name).toUpperCase()}`;
}

/** A short, stable (FNV-1a, base 36) hash for names derived from longer text. */
export function shortHash(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

/** An object key: bare when it is an identifier, else as `quotedKey`. */
export function propKey(name: string, quote: '"' | "'" = '"'): Code {
  return IDENTIFIER.test(name) && name !== '__proto__' ? mint(name) : quotedKey(name, quote);
}

const UNPRINTABLE_RUNS = new RegExp(`(?:${UNPRINTABLE.source})+`, 'gu');

/**
 * Text safe inside a `//` or a `/** *\/` comment: one line (every line terminator, U+2028/U+2029
 * included, becomes a space), no unprintable character (controls, bidi overrides and isolates,
 * zero-width characters: output/text.ts), and no `*\/`.
 */
export function commentText(text: string): string {
  return text.replace(UNPRINTABLE_RUNS, ' ').replace(/\*\//g, '*\\/').replace(/ {2,}/g, ' ').trim();
}

/** `// text` (one line). */
export function comment(text: string): Code {
  return mint(`// ${commentText(text)}`);
}

/** A JSDoc block for `text` at `indent`, wrapped near 100 columns; empty Code when there is no text. */
export function docComment(text: string | undefined, indent = ''): Code {
  indent = ' '.repeat(indent.length);
  const safe = text === undefined ? '' : commentText(text);
  if (!safe) return mint('');
  if (indent.length + safe.length + 7 <= 100) return mint(`${indent}/** ${safe} */\n`);
  const lines: string[] = [];
  let line = '';
  for (const word of safe.split(' ')) {
    if (line && indent.length + 3 + line.length + 1 + word.length > 100) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return mint(`${indent}/**\n${lines.map((l) => `${indent} * ${l}\n`).join('')}${indent} */\n`);
}

/** `/** text *\/` on one line, for short docs. */
export function docLine(text: string): Code {
  return mint(`/** ${commentText(text)} */`);
}

type Part = Code | number | readonly Code[];

/** Fixed code with checked parts: `ts\`const ${ident(n)} = ${lit(v)};\``. Arrays are concatenated. */
export function ts(strings: TemplateStringsArray, ...parts: Part[]): Code {
  let text = strings[0]!;
  parts.forEach((part, i) => {
    text += partText(part) + strings[i + 1]!;
  });
  return mint(text);
}

function partText(part: Part): string {
  if (part instanceof Code) return part.toString();
  if (typeof part === 'number' && Number.isFinite(part)) return String(part);
  if (Array.isArray(part) && part.every((p) => p instanceof Code)) return part.join('');
  throw new Error(`internal: ts\`\` got ${typeof part} where Code was expected; pass it through lit, ident or comment`);
}

/** `n` spaces of indentation. */
export function spaces(n: number): Code {
  return mint(' '.repeat(n));
}

/** Code pieces joined by a fixed separator. */
export function joinCode(parts: readonly Code[], separator: string): Code {
  return mint(parts.map(String).join(separator));
}

/**
 * Output of a code printer that does its own quoting (json-schema-to-typescript, Ajv standalone),
 * or a fixed block of eventmap's own code that interpolates nothing. The printers' inputs are
 * checked (names, `tsType` dropped) and the generator fuzz property holds them to the same
 * standard as our own output.
 */
export function trustedOutput(
  text: string,
  printer: 'json-schema-to-typescript' | 'ajv' | 'eventmap fixed code',
): Code {
  void printer;
  // Their strings and comments may hold a snapshot's text: unprintables as `\uXXXX`, the same
  // value in a string or a regular expression, and visible in a comment.
  return mint(escapeUnprintable(text));
}

/** Render a Handlebars template whose view holds only Code (and booleans for `#if`), checked here. */
export function render(template: Handlebars.TemplateDelegate, view: object): string {
  const bad = notCode(view);
  if (bad !== undefined)
    throw new Error(`internal: template view view${bad}, not Code; pass it through the emission layer`);
  return template(view);
}

/**
 * Where in `v` a leaf is not Code (or a boolean, null or undefined), as `.key[0] is a string`;
 * undefined when there is none. The path is built on the way out, only for the error.
 */
function notCode(v: unknown): string | undefined {
  if (v instanceof Code || typeof v === 'boolean' || v === undefined || v === null) return undefined;
  if (!Array.isArray(v) && !isPlainObject(v)) return ` is a ${typeof v}`;
  for (const k in v) {
    const bad = notCode((v as Record<string, unknown>)[k]);
    if (bad !== undefined) return `${Array.isArray(v) ? `[${k}]` : `.${k}`}${bad}`;
  }
  return undefined;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
}
