// Normalizer throughput against JSON.parse on the same lines (the floor), per source.
// Inputs: the committed real transcripts (test/fixtures/transcripts/<source>/**/*.jsonl),
// replicated until there are at least `minMessages` lines; every replica is its own session
// (its own normalizer), as it would be in an app.
import { readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { validateProviderRuntimeEvent } from '../generated/canonical/validate.js';
import { createNormalizer } from '../runtime/index.ts';
import { FRAMINGS, type SourceName } from '../runtime/sources/index.ts';
import { listFiles } from '../generator/io/fsutil.ts';
import { alternate, childJson, median } from './stats.ts';

/** One process's measurement (benchNormalize). */
export interface ProcessResult {
  source: string;
  /** `all`, or one transcript format (the middle of the file name: `server`, `both`, `messages`...). */
  format: string;
  transcripts: string[];
  messages: number;
  events: number;
  rounds: number;
  /** Messages per second (median over rounds; over processes, those of the process with the median ratio). */
  perSecond: { floor: number; floorEmbedded: number; normalize: number; normalizeValidate: number };
  /** Throughput as a fraction of the floor's (median of the per-round ratios; over processes, the median of those). */
  ratio: { normalize: number; normalizeValidate: number };
  /** The same against the floor that also parses the JSON-RPC line a capture record carries as a string. */
  ratioEmbedded: { normalize: number; normalizeValidate: number };
  invalidEvents: number;
  /** Lines of one copy that are capture records carrying the upstream message as a JSON string (codex `{"dir","line"}`). */
  embeddedLines: number;
}

/** One source's measurement over several processes (benchNormalizeInProcesses). */
export interface NormalizeResult extends ProcessResult {
  /** Fresh processes measured: the ratios are their medians. */
  processes: number;
  /** The lowest and highest of the processes' ratios. */
  spread: Record<'ratio' | 'ratioEmbedded', Record<'normalize' | 'normalizeValidate', [number, number]>>;
}

export function sources(): SourceName[] {
  return Object.keys(FRAMINGS).sort() as SourceName[];
}

/** A source's recorded transcripts (test/fixtures/transcripts/<source>/). */
export function transcriptFiles(root: string, source: string): string[] {
  const dir = join(root, 'test', 'fixtures', 'transcripts', source);
  return listFiles(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => join(dir, f));
}

/** Transcript format of a file: `x.server.jsonl` → `server`. */
export function formatOf(file: string): string {
  const parts = basename(file).split('.');
  return parts.length > 2 ? parts.slice(1, -1).join('.') : 'jsonl';
}

/**
 * The session id of copy `copy` of transcript `file`: shaped like the random UUID an app gets by
 * default, because an id's cost grows with the names it hashes (the session is in every turn and
 * item name), so a short made-up id would flatter the runtime.
 */
export function benchSessionId(copy: number, file: number): string {
  return `${copy.toString(16).padStart(8, '0')}-0000-4000-8000-${file.toString(16).padStart(12, '0')}`;
}

/** What the runs call: a normalizer's factory and the canonical validator (of this checkout, or another's). */
export interface Runtime {
  createNormalizer(
    source: string,
    options: { sessionId: string; clock: () => number },
  ): { push(line: string): unknown[] };
  validate(event: unknown): boolean;
}

const THIS_RUNTIME: Runtime = { createNormalizer, validate: validateProviderRuntimeEvent };

/** Whether a line is a capture record carrying the upstream message as a JSON string (codex `{"dir","line"}`). */
export const carriesLine = (line: string) => typeof (JSON.parse(line) as { line?: unknown } | null)?.line === 'string';

/** Each file's non-blank lines. */
export function readTranscripts(files: string[]): string[][] {
  return files.map((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== ''),
  );
}

/**
 * The timed runs over `copies` copies of the transcripts (every copy of a transcript its own
 * session), and what they count (`sink`: so that no work can be dropped as unused).
 */
export function normalizeRuns(transcripts: string[][], copies: number, source: string, runtime: Runtime) {
  const tally = { sink: 0, events: 0, invalid: 0 };
  const floor = () => {
    for (let c = 0; c < copies; c++)
      for (const t of transcripts) for (let i = 0; i < t.length; i++) if (JSON.parse(t[i]!) !== null) tally.sink++;
  };
  // A capture record carries its message as a JSON string (codex `{"dir","line"}`): parsing that
  // too is work no consumer of the stream can skip.
  const floorEmbedded = () => {
    for (let c = 0; c < copies; c++) {
      for (const t of transcripts) {
        for (let i = 0; i < t.length; i++) {
          const v = JSON.parse(t[i]!) as { line?: unknown } | null;
          if (v !== null && typeof v === 'object' && typeof v.line === 'string') JSON.parse(v.line);
          tally.sink++;
        }
      }
    }
  };
  const normalize = (validate: boolean) => () => {
    tally.events = 0;
    for (let c = 0; c < copies; c++) {
      for (let f = 0; f < transcripts.length; f++) {
        const t = transcripts[f]!;
        const normalizer = runtime.createNormalizer(source, { sessionId: benchSessionId(c, f), clock: () => 0 });
        for (let i = 0; i < t.length; i++) {
          const out = normalizer.push(t[i]!);
          tally.events += out.length;
          if (validate) for (let e = 0; e < out.length; e++) if (!runtime.validate(out[e])) tally.invalid++;
        }
      }
    }
  };
  return { floor, floorEmbedded, normalize, tally };
}

export function benchNormalize(
  root: string,
  source: SourceName,
  files: string[],
  format: string,
  options: { minMessages: number; rounds: number },
): ProcessResult {
  const transcripts = readTranscripts(files);
  const perCopy = transcripts.reduce((n, t) => n + t.length, 0);
  const embeddedLines = transcripts.flat().filter(carriesLine).length;
  const copies = Math.ceil(options.minMessages / perCopy);
  const messages = copies * perCopy;
  const { floor, floorEmbedded, normalize, tally } = normalizeRuns(transcripts, copies, source, THIS_RUNTIME);
  const runs = { floor, floorEmbedded, normalize: normalize(false), normalizeValidate: normalize(true) };
  // Ratios are taken within a round.
  const seconds = alternate(runs, options.rounds, () => performance.now() / 1000);
  // Every pass validates the same events: the count of one is the total over the warm-up and the
  // rounds (alternate), divided (no pass of its own to count them).
  const invalidEvents = tally.invalid / (options.rounds + 1);
  if (tally.sink < 0) throw new Error('unreachable');
  /** Per normalize run, the median of its per-round ratios to `floorRun`. */
  const ratios = (floorRun: keyof typeof runs) => ({
    normalize: median(seconds.normalize.map((s, i) => seconds[floorRun][i]! / s)),
    normalizeValidate: median(seconds.normalizeValidate.map((s, i) => seconds[floorRun][i]! / s)),
  });
  return {
    source,
    format,
    transcripts: files.map((f) => relative(root, f)),
    messages,
    events: tally.events,
    rounds: options.rounds,
    perSecond: Object.fromEntries(
      Object.entries(seconds).map(([run, s]) => [run, messages / median(s)]),
    ) as ProcessResult['perSecond'],
    ratio: ratios('floor'),
    ratioEmbedded: ratios('floorEmbedded'),
    invalidEvents,
    embeddedLines,
  };
}

/**
 * benchNormalize in `processes` fresh processes (bench/normalize-child.ts): one process's ratio is
 * a sample (±20 % between processes), so the ratios are the medians over them, with their spread,
 * and the throughputs those of the median process (medians taken apart would not divide).
 */
export function benchNormalizeInProcesses(
  root: string,
  source: SourceName,
  files: string[],
  format: string,
  options: { minMessages: number; rounds: number; processes: number },
): NormalizeResult {
  const runs = Array.from({ length: options.processes }, () =>
    childJson<ProcessResult>(
      root,
      'normalize-child.ts',
      [root, source, format, String(options.minMessages), String(options.rounds), ...files],
      `bench/normalize-child.ts for ${source} ${format}`,
    ),
  );
  /** `f` of the processes' values of one ratio, per run. */
  const over = <T>(kind: 'ratio' | 'ratioEmbedded', f: (xs: number[]) => T) => ({
    normalize: f(runs.map((r) => r[kind].normalize)),
    normalizeValidate: f(runs.map((r) => r[kind].normalizeValidate)),
  });
  const range = (xs: number[]): [number, number] => [Math.min(...xs), Math.max(...xs)];
  const middle = [...runs].sort((a, b) => a.ratio.normalize - b.ratio.normalize)[(runs.length - 1) >> 1]!;
  return {
    ...runs[0]!,
    perSecond: middle.perSecond,
    ratio: over('ratio', median),
    ratioEmbedded: over('ratioEmbedded', median),
    invalidEvents: Math.max(...runs.map((r) => r.invalidEvents)),
    processes: runs.length,
    spread: { ratio: over('ratio', range), ratioEmbedded: over('ratioEmbedded', range) },
  };
}
