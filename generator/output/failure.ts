// How a command that cannot run (exit 2) says why, in the --format it was asked for: text on
// stderr always (with the code frame); on stdout, for CI, GitHub annotations (`github`), one JSON
// object (`json`) or a pull-request comment (`markdown`). Pure: the CLI (cli/run.ts) prints.
import { codeFrame, formatDiagnostic, formatLocation, type Diagnostic } from '../shared/diagnostics.ts';
import { annotation } from './github.ts';
import { jsonOutput } from './json.ts';
import { longestBackticks, mdCode, mdProse } from './markdown.ts';

export const FAILURE_FORMATS = ['text', 'json', 'github', 'markdown'] as const;
export type FailureFormat = (typeof FAILURE_FORMATS)[number];

export function formatFailure(diagnostics: Diagnostic[], format: FailureFormat): { stdout: string; stderr: string } {
  const stderr = diagnostics.map((d) => `${formatDiagnostic(d)}\n`).join('');
  return { stdout: STDOUT[format](diagnostics), stderr };
}

const STDOUT: Record<FailureFormat, (list: Diagnostic[]) => string> = {
  text: () => '',
  json: (list) =>
    jsonOutput({
      ok: false,
      exitCode: 2,
      errors: list.map(({ code, message, hint, file, line, col, source }) => ({
        code,
        message,
        ...(hint ? { hint } : {}),
        ...(file ? { file } : {}),
        ...(line !== undefined ? { line, col: col ?? 1 } : {}),
        ...(source !== undefined ? { source } : {}),
      })),
    }),
  github: (list) =>
    list
      .map(
        (d) =>
          `${annotation('error', { ...(d.file ? { file: d.file } : {}), ...(d.line !== undefined ? { line: d.line, col: d.col ?? 1 } : {}), title: `eventmap ${d.code}` }, `${d.message}${d.hint ? ` — fix: ${d.hint}` : ''}`)}\n`,
      )
      .join(''),
  markdown: (list) => {
    const out = [`### eventmap: ❌ could not run (${list.length} error${list.length === 1 ? '' : 's'})`];
    for (const d of list) {
      out.push(
        '',
        `- ${formatLocation(d) ? `${mdCode(formatLocation(d))}: ` : ''}**${d.code}**: ${mdProse(d.message)}${d.hint ? `  \n  fix: ${mdProse(d.hint)}` : ''}`,
      );
      const frame = codeFrame(d);
      // A fence longer than any backtick run in the frame, so the file's text cannot close it.
      const fence = '`'.repeat(Math.max(3, longestBackticks(frame.join('\n')) + 1));
      if (frame.length) out.push('', `  ${fence}`, ...frame.map((l) => `  ${l}`), `  ${fence}`);
    }
    return `${out.join('\n')}\n`;
  },
};

/** The --format a command line asks for, when it is one a failure can be shown in; else text. */
export function requestedFormat(args: string[]): FailureFormat {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = a === '--format' ? args[i + 1] : a.startsWith('--format=') ? a.slice('--format='.length) : undefined;
    if (value !== undefined)
      return (FAILURE_FORMATS as readonly string[]).includes(value) ? (value as FailureFormat) : 'text';
  }
  return 'text';
}
