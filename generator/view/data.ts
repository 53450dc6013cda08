// What `eventmap view` shows of one recording, as plain data for the page: each input line with
// what the normalizer did with it, the canonical events linked to their line, lanes per thread and
// turn, the reducer's session, and (with --compare) the replay diff marks. Everything from the
// traffic stays a string in here; the page puts it in the DOM as text (templates/view/page.js).
import type { NormalizeStats, ProviderRuntimeEvent, SourceName } from '../../runtime/index.ts';
import type { Json, LineDiff, LineRef } from '../diff/replay/compare.ts';
import type { Recording } from '../diff/replay/recordings.ts';
import type { ReplayGroup } from '../diff/replay/report.ts';
import type { ReplayRuntime } from '../diff/replay/runtime-at.ts';

/** What the normalizer did with a line: from its stats before and after the push. */
export type LineStatus = 'mapped' | 'ignored' | 'client' | 'unknown' | 'invalid' | 'blank';

export interface ViewMessage {
  line: number;
  dir?: 'c2s' | 's2c';
  /** The method or type that names the message (what the mapping table is keyed by). */
  label: string;
  status: LineStatus;
  /** The spec's (or the runtime's) reason for an ignored line. */
  reason?: string;
  text: string;
}

export interface ViewEvent {
  id: number;
  line: LineRef;
  type: string;
  /** Indexes into `lanes` (and its turns); null: the session's own. */
  thread: number | null;
  turn: number | null;
  warning: boolean;
  /** With --compare: this event at the later revision is new, or differs in these fields. */
  diff?: { change: 'added' | 'changed'; fields: string[] };
  /** The event as JSON, `raw.payload` left out (the line it links to holds it). */
  json: string;
}

export interface ViewLane {
  label: string;
  threadId?: string;
  turns: { label: string; turnId: string; events: number[] }[];
  /** Events of the thread outside any turn. */
  events: number[];
}

export interface ViewCompare {
  range: string;
  /** The events of the earlier revision the later one no longer yields. */
  removed: { line: LineRef; type: string; json: string }[];
  groups: (ReplayGroup & { source: string })[];
  skipped?: string;
}

export interface ViewData {
  file: string;
  source: string;
  stats: NormalizeStats;
  messages: ViewMessage[];
  events: ViewEvent[];
  lanes: ViewLane[];
  session: unknown;
  compare?: ViewCompare;
}

const obj = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The line's direction and the name of its message: a method, a type (with subtype), or a response. */
export function describeLine(text: string): { dir?: 'c2s' | 's2c'; label: string } {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return { label: '(not JSON)' };
  }
  let rec = obj(value);
  let dir: 'c2s' | 's2c' | undefined;
  if (rec && typeof rec.line === 'string' && (rec.dir === 'c2s' || rec.dir === 's2c')) {
    dir = rec.dir;
    try {
      rec = obj(JSON.parse(rec.line));
    } catch {
      return { dir, label: '(not JSON)' };
    }
  }
  if (rec && typeof rec.kind === 'string' && rec.kind !== 'message')
    return { ...(dir ? { dir } : {}), label: rec.kind };
  // A capture record ({kind: 'message', message}) holds the SDKMessage; a bare one is it.
  const m = rec?.kind === 'message' ? obj(rec.message) : rec;
  if (!m) return { ...(dir ? { dir } : {}), label: '(not an object)' };
  const update = str(obj(obj(m.params)?.update)?.sessionUpdate);
  const method = str(m.method);
  const type = str(m.type);
  const label = method
    ? `${method}${update ? ` ${update}` : ''}`
    : type
      ? `${type}${str(m.subtype) ? `/${str(m.subtype)}` : ''}`
      : m.id !== undefined
        ? `response ${JSON.stringify(m.id)}`
        : '(unnamed)';
  return { ...(dir ? { dir } : {}), label };
}

function statusOf(before: NormalizeStats, after: NormalizeStats): { status: LineStatus; reason?: string } {
  if (after.invalid > before.invalid) return { status: 'invalid' };
  if (after.unknown > before.unknown) return { status: 'unknown' };
  if (after.ignored > before.ignored) {
    const reason = Object.keys(after.ignoredBy).find((k) => after.ignoredBy[k] !== before.ignoredBy[k]);
    return { status: 'ignored', ...(reason ? { reason } : {}) };
  }
  if (after.clientTraffic > before.clientTraffic) return { status: 'client' };
  if (after.mapped > before.mapped) return { status: 'mapped' };
  return { status: 'blank' };
}

const WARNINGS = new Set(['runtime.warning', 'runtime.error', 'config.warning', 'deprecation.notice']);

/** The event without its raw payload, indented. */
function eventJson(e: Json): string {
  const rec = e as Record<string, Json>;
  const raw = obj(rec.raw);
  return JSON.stringify(raw ? { ...rec, raw: { ...raw, payload: '(the line)' } } : rec, null, 2);
}

export interface ViewInputs {
  recording: Recording;
  /** The runtime whose events are shown (the later revision's with --compare). */
  runtime: ReplayRuntime;
  reduce: (events: ProviderRuntimeEvent[]) => unknown;
  compare?: { range: string; diffs: LineDiff[]; groups: (ReplayGroup & { source: string })[]; skipped?: string };
}

export function buildViewData({ recording, runtime, reduce, compare }: ViewInputs): ViewData {
  const normalizer = runtime.createNormalizer(recording.source as SourceName, {
    clock: () => 0,
    deriveSessionId: true,
  });
  const messages: ViewMessage[] = [];
  const all: { line: LineRef; event: ProviderRuntimeEvent }[] = [];
  recording.lines.forEach((text, i) => {
    if (!text.trim()) return;
    const before = structuredClone(normalizer.stats);
    const events = normalizer.push(text);
    messages.push({ line: i + 1, ...describeLine(text), ...statusOf(before, normalizer.stats), text });
    for (const event of events) all.push({ line: i + 1, event });
  });
  const end = normalizer.end();
  for (const event of end.events) all.push({ line: 'end', event });

  const lanes: ViewLane[] = [];
  const threadIndex = new Map<string, number>();
  const turnIndex = new Map<string, [number, number]>();
  const laneOf = (e: ProviderRuntimeEvent): { thread: number | null; turn: number | null } => {
    const { threadId, turnId } = e as { threadId?: string; turnId?: string };
    if (threadId === undefined && turnId === undefined) return { thread: null, turn: null };
    const key = threadId ?? '';
    let t = threadIndex.get(key);
    if (t === undefined) {
      t = lanes.length;
      threadIndex.set(key, t);
      lanes.push({
        label: threadId === undefined ? 'no thread' : `thread ${t + 1}`,
        ...(threadId !== undefined ? { threadId } : {}),
        turns: [],
        events: [],
      });
    }
    if (turnId === undefined) return { thread: t, turn: null };
    let u = turnIndex.get(turnId);
    if (!u) {
      const lane = lanes[t]!;
      u = [t, lane.turns.length];
      turnIndex.set(turnId, u);
      lane.turns.push({ label: `turn ${lane.turns.length + 1}`, turnId, events: [] });
    }
    return { thread: u[0], turn: u[1] };
  };

  // With --compare: marks per (line, index among the line's events).
  const marks = new Map<string, { change: 'added' | 'changed'; fields: string[] }>();
  const removed: ViewCompare['removed'] = [];
  for (const d of compare?.diffs ?? [])
    for (const c of d.changes) {
      if (c.change === 'removed' && c.field === null) {
        removed.push({ line: d.line, type: c.type, json: eventJson(c.before!) });
        continue;
      }
      const key = `${d.line}#${c.index}`;
      const mark = marks.get(key) ?? { change: c.field === null ? 'added' : 'changed', fields: [] };
      if (c.field !== null) mark.fields.push(`${c.field} ${c.change}`);
      marks.set(key, mark);
    }

  const perLine = new Map<LineRef, number>();
  const events: ViewEvent[] = all.map(({ line, event }, id) => {
    const k = perLine.get(line) ?? 0;
    perLine.set(line, k + 1);
    const lane = laneOf(event);
    const lanesEvents =
      lane.thread === null
        ? undefined
        : lane.turn === null
          ? lanes[lane.thread]!.events
          : lanes[lane.thread]!.turns[lane.turn]!.events;
    lanesEvents?.push(id);
    const mark = marks.get(`${line}#${k}`);
    return {
      id,
      line,
      type: event.type,
      ...lane,
      warning: WARNINGS.has(event.type),
      ...(mark ? { diff: mark } : {}),
      json: eventJson(JSON.parse(JSON.stringify(event)) as Json),
    };
  });

  return {
    file: recording.file,
    source: recording.source,
    stats: end.stats,
    messages,
    events,
    lanes,
    session: reduce(all.map((a) => a.event)),
    ...(compare
      ? {
          compare: {
            range: compare.range,
            removed,
            groups: compare.groups,
            ...(compare.skipped ? { skipped: compare.skipped } : {}),
          },
        }
      : {}),
  };
}
