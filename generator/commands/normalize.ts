// `eventmap normalize [--source <source>] [FILE|-]`: one session of upstream JSONL in, canonical
// JSONL out, counts to stderr (docs/maintainers.md, with the exit codes). Without --source, the
// source is the first line's as census detects it (generator/census/detect.ts: one rule for both).
import { closeSync, createReadStream, fstatSync, openSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { Command } from 'commander';
import type { Normalizer, ProviderRuntimeEvent, SourceName } from '../../runtime/index.ts';
import { detectLine } from '../census/detect.ts';
import { EventmapError, formatLocation } from '../shared/diagnostics.ts';
import { compareStrings } from '../io/fsutil.ts';
import { escapeUnprintable } from '../output/json.ts';
import { printOut, sayErr } from '../output/streams.ts';
import { SOURCE_NAMES, unknownSource } from '../project/sources.ts';

/** Located messages printed for invalid lines; the rest are counted. */
const SHOWN_INVALID = 20;
/** Lines read while looking for the source (no --source) before giving up. */
const DETECT_WITHIN = 1000;

const CLOCK_HINT =
  'pass an ISO date (--clock 2025-01-31T12:00:00Z) or milliseconds since the epoch (--clock 1738324800000)';

/** `--clock`: an ISO date or epoch milliseconds; anything else is an error (never 1970). */
export function parseClock(value: string): number {
  const text = value.trim();
  if (/^\d{1,16}$/.test(text)) return Number(text);
  // An ISO 8601 date, with or without a time (Date.parse alone would take "March 7" or "1").
  if (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) {
    const ms = Date.parse(text);
    if (Number.isFinite(ms)) return ms;
  }
  throw new EventmapError({
    code: 'cli/bad-clock',
    message: `--clock \`${value}\` is neither an ISO date nor milliseconds since the epoch`,
    hint: CLOCK_HINT,
  });
}

interface Input {
  stream: Readable;
  /** What messages call it: the path, or <stdin>. */
  name: string;
}

/** The file to read, opened now: a folder or an unreadable path is exit 2 naming it. */
function openInput(file: string | undefined): Input {
  if (file === undefined || file === '-') return { stream: process.stdin, name: '<stdin>' };
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new EventmapError({
      code: code === 'ENOENT' ? 'cli/missing-file' : 'cli/unreadable-file',
      message: code === 'ENOENT' ? `no such file ${file}` : `cannot read ${file}: ${code ?? String(err)}`,
      hint: 'pass a JSONL file (one upstream message per line), or - for standard input',
      file,
    });
  }
  if (fstatSync(fd).isDirectory()) {
    closeSync(fd);
    throw new EventmapError({
      code: 'cli/not-a-file',
      message: `${file} is a folder; normalize reads one session from one JSONL file`,
      hint: 'pass one transcript file (run normalize once per file), or - for standard input',
      file,
    });
  }
  return { stream: createReadStream('', { fd }), name: file };
}

/** The source a line looks like (census's rule), or undefined: not JSON, or no source's message. */
function lookOf(line: string): SourceName | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line.charCodeAt(0) === 0xfeff ? line.slice(1) : line);
  } catch {
    return undefined;
  }
  const kind = detectLine(value);
  return kind.what === 'unrecognised' ? undefined : kind.source;
}

/** The message of a runtime.warning among `events` (why the line was not used). */
function warningOf(events: ProviderRuntimeEvent[]): string {
  for (const e of events) {
    if (e.type !== 'runtime.warning') continue;
    const message = (e.payload as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  }
  return 'the line is not a message';
}

const lines = (n: number) => `${n} line${n === 1 ? '' : 's'}`;

export function registerNormalizeCommand(program: Command): void {
  program
    .command('normalize [file]')
    .description(
      'normalise one session of upstream JSONL (a capture, bare JSON-RPC, SDKMessage or ThreadEvent lines; FILE or - for stdin) into canonical events, one JSON per line',
    )
    .option(
      '--source <source>',
      `${SOURCE_NAMES.join(', ')} (default: the source of the first line that is a message of one of them)`,
    )
    .option('--validate', 'check every output event with the generated canonical validator')
    .option('--session-id <id>', 'canonical session id for the events')
    .option(
      '--clock <time>',
      'createdAt of messages without a timestamp: an ISO date (2025-01-31T12:00:00Z) or ms since the epoch; default: now',
    )
    .addHelpText(
      'after',
      [
        '',
        'Exit codes: 0 clean; 1 when a line was invalid (each is named FILE:LINE:1 on stderr, and is a',
        'runtime.warning in the output), when no message was recognised (the source the lines look like',
        'is named), or when --validate rejected an event; 2 when it cannot run.',
      ].join('\n'),
    )
    .action(
      async (
        file: string | undefined,
        opts: { source?: string; validate?: boolean; sessionId?: string; clock?: string },
      ) => {
        // Loaded here, not at the top: the runtime imports generated/, which `generate` must be able
        // to rewrite from scratch. Only the runtime's public entries: the installed CLI gets them
        // from @eventmap/runtime (packages/eventmap/bundle.ts).
        const { createNormalizer, SOURCES } = await import('../../runtime/index.ts');
        const isSource = (s: string): s is SourceName => (SOURCES as readonly string[]).includes(s);
        if (opts.source !== undefined && !isSource(opts.source)) throw unknownSource(opts.source, '--source', SOURCES);
        const forced = opts.source as SourceName | undefined;
        const fixed = opts.clock === undefined ? undefined : parseClock(opts.clock);
        const input = openInput(file);
        const validate = opts.validate
          ? (await import('../../generated/canonical/validate.js')).validateProviderRuntimeEvent
          : undefined;

        let normalizer: Normalizer | undefined;
        let source: SourceName | undefined;
        const start = (s: SourceName) => {
          source = s;
          normalizer = createNormalizer(s, {
            ...(opts.sessionId ? { sessionId: opts.sessionId } : {}),
            ...(fixed !== undefined ? { clock: () => fixed } : {}),
          });
        };
        if (forced) start(forced);

        const counts = new Map<string, number>();
        let rejected = 0;
        const emit = (events: ProviderRuntimeEvent[]) => {
          for (const event of events) {
            counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
            if (validate && !validate(event as unknown)) {
              rejected++;
              sayErr(`invalid event ${event.type}: ${JSON.stringify(validate.errors)}`);
            }
            // Exact for JSON.parse, and nothing raw that a terminal would act on.
            printOut(`${escapeUnprintable(JSON.stringify(event))}\n`);
          }
        };
        const where = (line: number) => formatLocation({ file: input.name, line, col: 1 });
        let invalidLines = 0;
        let unknownLines = 0;
        let firstUnknown: number | undefined;
        /** What the lines the source did not take look like: source → lines. */
        const looks = new Map<SourceName | undefined, number>();
        const run = (line: string, n: number) => {
          const before = { ...normalizer!.stats };
          const events = normalizer!.push(line);
          emit(events);
          const invalid = normalizer!.stats.invalid > before.invalid;
          const unknown = normalizer!.stats.unknown > before.unknown;
          if (!invalid && !unknown) return;
          const look = lookOf(line);
          looks.set(look, (looks.get(look) ?? 0) + 1);
          if (unknown) {
            unknownLines++;
            firstUnknown ??= n;
          }
          if (invalid && ++invalidLines <= SHOWN_INVALID)
            sayErr(`${where(n)}: warning normalize/invalid-line: ${warningOf(events)}`);
        };

        // Lines read before the source is known (no --source): kept, then pushed in order.
        const waiting: { line: string; n: number }[] = [];
        let n = 0;
        try {
          for await (const line of createInterface({ input: input.stream, crlfDelay: Infinity })) {
            n++;
            if (line.trim() === '') continue;
            if (!normalizer) {
              const look = lookOf(line);
              if (look === undefined) {
                waiting.push({ line, n });
                if (waiting.length >= DETECT_WITHIN) break;
                continue;
              }
              start(look);
              for (const w of waiting.splice(0)) run(w.line, w.n);
            }
            run(line, n);
          }
        } catch (err) {
          if (err instanceof EventmapError) throw err;
          throw new EventmapError({
            code: 'cli/unreadable-file',
            message: `cannot read ${input.name}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
            hint: 'pass a readable JSONL file, or - for standard input',
            file: input.name,
          });
        }
        if (!normalizer)
          throw new EventmapError({
            code: 'normalize/unknown-source',
            message: waiting.length
              ? `cannot tell which source wrote ${input.name}: none of its first ${waiting.length} non-blank lines is a message of ${SOURCE_NAMES.join(', ')}`
              : `cannot tell which source wrote ${input.name}: it has no lines`,
            hint: `pass --source (one of: ${SOURCES.join(', ')})`,
            file: input.name,
            ...(waiting[0] ? { line: waiting[0].n, col: 1 } : {}),
          });
        const { events, stats } = normalizer.end();
        emit(events);

        const summary = [...counts].sort(([a], [b]) => compareStrings(a, b)).map(([t, c]) => `  ${t}: ${c}`);
        sayErr(
          `eventmap normalize: ${forced ? source! : `${source!} (detected)`} ${JSON.stringify(stats)}`,
          ...(summary.length ? summary : ['']),
        );
        if (invalidLines > SHOWN_INVALID)
          sayErr(
            `eventmap normalize: ${lines(invalidLines - SHOWN_INVALID)} more invalid (each a runtime.warning in the output)`,
          );
        if (unknownLines)
          sayErr(
            `eventmap normalize: ${unknownLines} message(s) ${source!} does not know (not in mapping-spec.yaml: a newer upstream?), the first at ${where(firstUnknown!)}`,
          );
        // The source the lines it did not take look like, when that is another one.
        const [lookalike] = [...looks]
          .filter((e): e is [SourceName, number] => e[0] !== undefined && e[0] !== source)
          .sort((a, b) => b[1] - a[1]);
        const recognised = stats.messages - stats.unknown - stats.invalid;
        if (stats.messages > 0 && recognised <= 0) {
          sayErr(
            `${input.name}: error normalize/nothing-recognised: none of the ${stats.messages} messages is a ${source!} message (${stats.unknown} unknown, ${stats.invalid} invalid)`,
            lookalike
              ? `  fix: the lines look like ${lookalike[0]} messages: pass --source ${lookalike[0]}`
              : `  fix: pass a transcript of one of: ${SOURCES.join(', ')}`,
          );
          process.exitCode = 1;
        } else if (lookalike && lookalike[1] * 2 > stats.messages)
          sayErr(
            `${input.name}: warning normalize/other-source: ${lookalike[1]} of the ${stats.messages} messages look like ${lookalike[0]} messages`,
            `  fix: pass --source ${lookalike[0]}`,
          );
        if (invalidLines) {
          sayErr(`eventmap normalize: ${lines(invalidLines)} invalid (exit 1)`);
          process.exitCode = 1;
        }
        if (rejected) {
          sayErr(`eventmap normalize: ${rejected} events failed validation`);
          process.exitCode = 1;
        }
      },
    );
}
