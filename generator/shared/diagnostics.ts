// Diagnostics: every failure a user can fix says where (file:line:col), what, and how to fix it.
// Stages throw EventmapError; only the CLI prints and chooses the exit code.
import { printable, UNPRINTABLE } from '../output/text.ts';

export interface Diagnostic {
  /** Stable machine-readable code, e.g. `spec/unknown-path`. */
  code: string;
  message: string;
  /** How to fix it, in one sentence. */
  hint?: string;
  file?: string;
  line?: number;
  col?: number;
  /** The text of that line (for the code frame), when the file's text was at hand. */
  source?: string;
}

/** Input could not be used (exit 2). Carries one or more diagnostics. */
export class EventmapError extends Error {
  readonly diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic | Diagnostic[]) {
    const list = Array.isArray(diagnostics) ? diagnostics : [diagnostics];
    super(list.map(formatDiagnostic).join('\n'));
    this.name = 'EventmapError';
    this.diagnostics = list;
  }
}

export function formatLocation(d: Pick<Diagnostic, 'file' | 'line' | 'col'>): string {
  if (!d.file) return '';
  if (d.line === undefined) return printable(d.file);
  return `${printable(d.file)}:${d.line}:${d.col ?? 1}`;
}

/** One line per diagnostic (plus its fix): what a snapshot or a path supplies is shown through `printable`. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = formatLocation(d);
  const head = `${where ? `${where}: ` : ''}error ${d.code}: ${printable(d.message)}`;
  return [head, ...codeFrame(d), ...(d.hint ? [`  fix: ${printable(d.hint)}`] : [])].join('\n');
}

/** Frames show at most this many characters of a line, around the column (minified JSON is one line). */
const FRAME_WIDTH = 100;

/**
 * The line and a caret under the column:
 *   395 |         emitt:
 *       |         ^
 */
export function codeFrame(d: Diagnostic): string[] {
  if (d.source === undefined || d.line === undefined) return [];
  const col = Math.max(1, d.col ?? 1);
  // One column per character kept: what cannot be printed becomes a space.
  const text = d.source.replace(/\t/g, ' ').replace(UNPRINTABLE, ' ');
  const start = Math.max(0, Math.min(col - 1 - FRAME_WIDTH / 2, text.length - FRAME_WIDTH));
  const shown = `${start > 0 ? '…' : ''}${text.slice(start, start + FRAME_WIDTH)}${start + FRAME_WIDTH < text.length ? '…' : ''}`;
  const caret = col - 1 - start + (start > 0 ? 1 : 0);
  const gutter = String(d.line);
  return [`  ${gutter} | ${shown.trimEnd()}`, `  ${' '.repeat(gutter.length)} | ${' '.repeat(Math.max(0, caret))}^`];
}

/** `d` with the text of its line from `text` (the whole file), for the code frame. */
export function withSource(d: Diagnostic, text: string): Diagnostic {
  if (d.line === undefined || d.source !== undefined) return d;
  const line = text.split(/\r?\n/)[d.line - 1];
  return line === undefined ? d : { ...d, source: line };
}

/** Convert a character offset in `text` to a 1-based line and column. */
export function lineColAt(text: string, offset: number): { line: number; col: number } {
  const lines = text.slice(0, Math.max(offset, 0)).split('\n');
  return { line: lines.length, col: lines.at(-1)!.length + 1 };
}

/** Parse JSON, turning a syntax error into a diagnostic with file:line:col. */
export function parseJsonFile(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const pos = /position (\d+)/.exec(message);
    const loc = pos
      ? lineColAt(text, Number(pos[1]))
      : text.trim() === ''
        ? { line: 1, col: 1 }
        : lineColAt(text, text.length);
    throw new EventmapError({
      code: 'snapshot/invalid-json',
      message: `not valid JSON (${message})`,
      hint: 'the snapshot file is broken or truncated; re-create it with `eventmap upstream add <source>@<version>`',
      file,
      ...loc,
    });
  }
}
