// One recording normalised by two runtimes, compared per input line: the events each line yields
// at the two revisions, paired by type in order, field by field. Ids and times are held equal
// (a fixed clock, the derived session id); `eventId` counts events, so it is left out, or one
// event less would change every later one.
import type { ProviderRuntimeEvent, SourceName } from '../../../runtime/index.ts';
import type { Recording } from './recordings.ts';
import type { ReplayRuntime } from './runtime-at.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Where an event came from: a 1-based line of the recording, or `end` (what end() closed). */
export type LineRef = number | 'end';

export type ChangeKind = 'added' | 'removed' | 'changed';

/** One difference: a whole event (field null) or one field of a paired event. */
export interface EventChange {
  type: string;
  /** `payload.explanation`; array indexes as `[]` so that changes group; null for a whole event. */
  field: string | null;
  change: ChangeKind;
  before?: Json;
  after?: Json;
  /** Index of the event among its line's events at the revision that has it (`after` if both). */
  index: number;
}

export interface LineDiff {
  line: LineRef;
  before: Json[];
  after: Json[];
  changes: EventChange[];
}

/** Events of every line, as JSON, from one runtime. */
export function normaliseLines(runtime: ReplayRuntime, recording: Recording): { line: LineRef; events: Json[] }[] {
  const normalizer = runtime.createNormalizer(recording.source as SourceName, {
    clock: () => 0,
    deriveSessionId: true,
  });
  const out: { line: LineRef; events: Json[] }[] = [];
  const json = (events: ProviderRuntimeEvent[]) => JSON.parse(JSON.stringify(events)) as Json[];
  recording.lines.forEach((text, i) => {
    if (text.trim()) out.push({ line: i + 1, events: json(normalizer.push(text)) });
  });
  out.push({ line: 'end', events: json(normalizer.end().events) });
  return out;
}

/** The lines whose events differ between the two runtimes. */
export function compareRecording(a: ReplayRuntime, b: ReplayRuntime, recording: Recording): LineDiff[] {
  const [before, after] = [normaliseLines(a, recording), normaliseLines(b, recording)];
  const diffs: LineDiff[] = [];
  before.forEach((x, i) => {
    const y = after[i]!;
    const changes = compareEvents(x.events, y.events);
    if (changes.length) diffs.push({ line: x.line, before: x.events, after: y.events, changes });
  });
  return diffs;
}

const typeOf = (e: Json): string => String((e as { type?: unknown }).type);

function withoutEventId(e: Json): Json {
  const { eventId: _, ...rest } = e as Record<string, Json>;
  return rest;
}

/** Pairs the events of one line by type, in order; the unpaired ones are added or removed. */
export function compareEvents(before: Json[], after: Json[]): EventChange[] {
  const changes: EventChange[] = [];
  const used = new Set<number>();
  before.forEach((x, i) => {
    const j = after.findIndex((y, k) => !used.has(k) && typeOf(y) === typeOf(x));
    if (j < 0) {
      changes.push({ type: typeOf(x), field: null, change: 'removed', before: x, index: i });
      return;
    }
    used.add(j);
    for (const c of fieldChanges(withoutEventId(x), withoutEventId(after[j]!), ''))
      changes.push({ type: typeOf(x), ...c, index: j });
  });
  after.forEach((y, k) => {
    if (!used.has(k)) changes.push({ type: typeOf(y), field: null, change: 'added', after: y, index: k });
  });
  return changes;
}

const isObject = (v: Json | undefined): v is { [key: string]: Json } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function fieldChanges(
  x: Json | undefined,
  y: Json | undefined,
  path: string,
): { field: string; change: ChangeKind; before?: Json; after?: Json }[] {
  if (isObject(x) && isObject(y)) {
    const keys = [...new Set([...Object.keys(x), ...Object.keys(y)])];
    return keys.flatMap((k) => fieldChanges(x[k], y[k], path ? `${path}.${k}` : k));
  }
  if (Array.isArray(x) && Array.isArray(y) && x.length === y.length)
    return x.flatMap((v, i) => fieldChanges(v, y[i], `${path}[]`));
  if (JSON.stringify(x) === JSON.stringify(y)) return [];
  if (x === undefined) return [{ field: path, change: 'added', after: y! }];
  if (y === undefined) return [{ field: path, change: 'removed', before: x }];
  return [{ field: path, change: 'changed', before: x, after: y }];
}
