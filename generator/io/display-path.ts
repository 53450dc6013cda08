// How messages show a path: relative to the working directory when inside it. Its own file, so
// that the readers in safe-read.ts can use it without importing fsutil.ts, which imports them.
import { relative } from 'node:path';

export function displayPath(file: string): string {
  const r = relative(process.cwd(), file);
  return r.startsWith('..') ? file : r;
}
