// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`): one escaping
// rule for the check findings and for errors that stop a command.

/** Workflow-command data must escape %, CR and LF; properties also : and ,. */
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
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
