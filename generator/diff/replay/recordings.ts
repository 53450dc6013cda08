// The recordings a replay (and `eventmap view`) reads: every *.jsonl under a folder, sorted, each
// with the source census detects from its first message line (generator/census/detect.ts). A file
// no source claims is listed apart, never guessed.
import { readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { detectLine } from '../../census/detect.ts';
import { compareStrings, listFiles } from '../../io/fsutil.ts';
import type { SourceName } from '../../project/sources.ts';

/** Lines read while looking for the source before giving up (as `normalize`). */
const DETECT_WITHIN = 1000;

export interface Recording {
  /** Relative to the folder, with `/`. */
  file: string;
  source: SourceName;
  /** The file's lines, blank ones included (line numbers are 1-based indexes into this). */
  lines: string[];
}

/** The source of a recording's lines, or undefined when none of the first lines is a message of one. */
export function detectSource(lines: readonly string[]): SourceName | undefined {
  for (const line of lines.slice(0, DETECT_WITHIN)) {
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line.charCodeAt(0) === 0xfeff ? line.slice(1) : line);
    } catch {
      continue;
    }
    const kind = detectLine(value);
    if (kind.what !== 'unrecognised') return kind.source;
  }
  return undefined;
}

export function readRecording(path: string, file: string): Recording | { file: string; source: undefined } {
  const lines = readFileSync(path, 'utf8').split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  const source = detectSource(lines);
  return source ? { file, source, lines } : { file, source: undefined };
}

/** Every recording under `dir` (a single file is a folder of one), and the files no source claims. */
export function readRecordings(dir: string): { recordings: Recording[]; unclaimed: string[] } {
  const files = statSync(dir).isDirectory()
    ? listFiles(dir)
        .filter((f) => f.endsWith('.jsonl'))
        .map((f) => [join(dir, f), relative(dir, join(dir, f)).split(sep).join('/')] as const)
    : [[dir, dir.split(sep).at(-1)!] as const];
  const recordings: Recording[] = [];
  const unclaimed: string[] = [];
  for (const [path, file] of [...files].sort((a, b) => compareStrings(a[1], b[1]))) {
    const r = readRecording(path, file);
    if (r.source) recordings.push(r);
    else unclaimed.push(file);
  }
  return { recordings, unclaimed };
}
