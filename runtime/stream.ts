// The streaming faces of a Normalizer: an async generator over messages or JSONL lines, and a web
// TransformStream (a global in Node 20, browsers, workers, Deno and Bun). Both end the session
// when their input ends, so what the upstream left open is closed.
import type { ProviderRuntimeEvent } from '../generated/canonical/types.ts';
import type { NormalizeStats } from './sources/types.ts';

/** What the streams need of a Normalizer. */
interface Session<I> {
  push(input: I | string): ProviderRuntimeEvent[];
  end(): { events: ProviderRuntimeEvent[]; stats: NormalizeStats };
}

/** Upstream messages, parsed or as JSONL lines (one JSON value per string). */
type Inputs<I> = Iterable<I | string> | AsyncIterable<I | string>;

/** A line with nothing but whitespace is not a message (a JSONL file's trailing newline). */
const blank = (input: unknown) => typeof input === 'string' && input.trim() === '';

export async function* eventsOf<I>(
  normalizer: Session<I>,
  inputs: Inputs<I>,
): AsyncGenerator<ProviderRuntimeEvent, NormalizeStats, undefined> {
  for await (const input of inputs) {
    if (!blank(input)) yield* normalizer.push(input);
  }
  const { events, stats } = normalizer.end();
  yield* events;
  return stats;
}

export function eventStream<I>(normalizer: Session<I>): TransformStream<I | string, ProviderRuntimeEvent> {
  return new TransformStream<I | string, ProviderRuntimeEvent>({
    transform(input, controller) {
      if (!blank(input)) for (const event of normalizer.push(input)) controller.enqueue(event);
    },
    flush(controller) {
      for (const event of normalizer.end().events) controller.enqueue(event);
    },
  });
}
