// `eventmap normalize --source <source> [FILE|-]`: JSONL in, canonical JSONL out, counts to stderr.
import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import type { SourceName } from '../../runtime/index.ts';
import { EventmapError } from '../diagnostics.ts';
import { compareStrings } from '../fsutil.ts';
import { escapeUnprintable } from '../output/json.ts';
import { printOut, sayErr } from '../output/streams.ts';

export function registerNormalizeCommand(program: Command): void {
  program
    .command('normalize [file]')
    .description(
      'normalise upstream JSONL (bare JSON-RPC lines or {"dir","line"} capture records) into canonical events, one JSON per line',
    )
    .requiredOption('--source <source>', 'codex-app-server or claude-agent-sdk')
    .option('--validate', 'check every output event with the generated canonical validator')
    .option('--session-id <id>', 'canonical session id for the events')
    .option('--clock <ms>', 'timestamp (ms since the epoch) for messages without one; default: now')
    .action(
      async (
        file: string | undefined,
        opts: { source: string; validate?: boolean; sessionId?: string; clock?: string },
      ) => {
        // Loaded here, not at the top: the runtime imports generated/, which `generate` must be able
        // to rewrite from scratch. Only the runtime's public entries: the installed CLI gets them
        // from @eventmap/runtime (packages/eventmap/bundle.ts).
        const { createNormalizer, SOURCES } = await import('../../runtime/index.ts');
        if (!(SOURCES as readonly string[]).includes(opts.source))
          throw new EventmapError({
            code: 'cli/unknown-source',
            message: `normalize does not support \`${opts.source}\` yet`,
            hint: `use one of: ${SOURCES.join(', ')}`,
          });
        if (file && file !== '-' && !existsSync(file))
          throw new EventmapError({
            code: 'cli/missing-file',
            message: `no such file ${file}`,
            hint: 'pass a JSONL file, or - for standard input',
          });
        const fixed = opts.clock === undefined ? undefined : Number(opts.clock);
        const normalizer = createNormalizer(opts.source as SourceName, {
          ...(opts.sessionId ? { sessionId: opts.sessionId } : {}),
          ...(fixed !== undefined ? { clock: () => fixed } : {}),
        });
        const validate = opts.validate
          ? (await import('../../generated/canonical/validate.js')).validateProviderRuntimeEvent
          : undefined;
        const counts = new Map<string, number>();
        let invalid = 0;
        const input = file && file !== '-' ? createReadStream(file) : process.stdin;
        // The input is the whole session: at its end, end() closes what the upstream left open.
        for await (const event of normalizer.events(createInterface({ input, crlfDelay: Infinity }))) {
          counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
          if (validate && !validate(event as unknown)) {
            invalid++;
            sayErr(`invalid event ${event.type}: ${JSON.stringify(validate.errors)}`);
          }
          // Exact for JSON.parse, and nothing raw that a terminal would act on.
          printOut(`${escapeUnprintable(JSON.stringify(event))}\n`);
        }
        const summary = [...counts].sort(([a], [b]) => compareStrings(a, b)).map(([t, n]) => `  ${t}: ${n}`);
        sayErr(`eventmap normalize: ${JSON.stringify(normalizer.stats)}`, ...(summary.length ? summary : ['']));
        if (invalid) {
          sayErr(`eventmap normalize: ${invalid} events failed validation`);
          process.exitCode = 1;
        }
      },
    );
}
