// The only writes to stdout and stderr outside the CLI wiring (generator/cli/run.ts): a command prints a
// report one of this layer's printers made, or message lines that go through `printable` here.
// test/security/output-guard.test.ts holds every other file to that.
import { textLines } from './text.ts';

/** A report made by this layer (textLines, jsonOutput, the markdown and github formatters, formatDiagnostic), to stdout. */
export function printOut(report: string): void {
  process.stdout.write(report);
}

/** The same, to stderr. */
export function printErr(report: string): void {
  process.stderr.write(report);
}

/** Message lines to stdout, each shown through `printable`. */
export function sayOut(...lines: string[]): void {
  printOut(textLines(lines));
}

/** Message lines to stderr, each shown through `printable`. */
export function sayErr(...lines: string[]): void {
  printErr(textLines(lines));
}
