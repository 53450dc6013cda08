// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`), for check
// findings and for errors that stop a command. GitHub's own rules, then the terminal rule: a log
// line starting with `::` is a command, so no string may break a line, and the log is read in a
// browser or a terminal, so nothing unprintable is written raw either.
import { printable } from './text.ts';

/** Workflow-command data escapes %, CR and LF (CR and LF are already `\u{…}` after printable). */
const data = (s: string) => printable(s).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** Properties also escape `:` and `,`, which end a property. */
const prop = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export interface AnnotationPlace {
  file?: string;
  line?: number;
  col?: number;
  title?: string;
}

export function annotation(level: 'error' | 'warning' | 'notice', where: AnnotationPlace, message: string): string {
  const props = [
    ...(where.file ? [`file=${prop(where.file)}`] : []),
    ...(where.file && where.line !== undefined ? [`line=${where.line}`] : []),
    ...(where.file && where.line !== undefined && where.col !== undefined ? [`col=${where.col}`] : []),
    ...(where.title ? [`title=${prop(where.title)}`] : []),
  ];
  return `::${level}${props.length ? ` ${props.join(',')}` : ''}::${data(message)}`;
}
