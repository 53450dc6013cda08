// Timestamps change on every run. Each becomes the start of its turn's minute: a fixed base plus
// one minute per turn (prompt) before it. Every distinct value falls in the turn whose earliest
// timestamp it has reached, so the order is kept (non-decreasing) and a re-recording only changes
// where the turns themselves changed. Per unit: epoch seconds, milliseconds, ISO strings.
// Durations become 0. Numbers stay numbers and strings stay strings.

const BASE_S = 1_767_225_600; // 2026-01-01T00:00:00Z
const TURN_S = 60;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** Keys that hold a point in time (epoch seconds or milliseconds). */
export function isTimeKey(key: string): boolean {
  return /(At|AtMs|_at|_at_ms|Timestamp|timestamp)$/.test(key);
}

/** Keys that hold how long something took (or will wait). */
export function isDurationKey(key: string): boolean {
  // Claude 0.3.x results also time the request (time_to_request_ms, ttft_stream_ms,
  // first_content_frame_ms); api_retry messages carry a jittered retry_delay_ms. Codex's raw exec
  // events (codex-acp's rawOutput) carry a Rust Duration, `{secs, nanos}`.
  return /^(durationMs|duration_ms|duration_api_ms|elapsed_ms|elapsedMs|ttft_ms|ttftMs|wallTimeMs|time_to_request_ms|ttft_stream_ms|first_content_frame_ms|retry_delay_ms|secs|nanos)$/.test(
    key,
  );
}

type Unit = 's' | 'ms' | 'iso';

/** The ISO time `ms` milliseconds into a turn's minute (record stamps kept in order within the turn). */
export function turnTime(turn: number, ms: number): string {
  return new Date((BASE_S + turn * TURN_S) * 1000 + ms).toISOString();
}

/** Turn boundaries of one unit: the earliest value first seen in each turn, kept non-decreasing. */
class Family {
  private readonly firstTurn = new Map<number, number>();
  private bounds?: number[];

  add(value: number, turn: number): void {
    if (!this.firstTurn.has(value)) this.firstTurn.set(value, turn);
  }

  /** The turn a value belongs to: the last whose boundary it has reached. */
  turnOf(value: number, turns: number): number {
    if (!this.bounds) {
      const mins = Array.from({ length: turns }, () => Infinity);
      for (const [v, t] of this.firstTurn) mins[t] = Math.min(mins[t]!, v);
      let floor = -Infinity;
      this.bounds = mins.map((m) => (floor = Math.max(floor, m === Infinity ? floor : m)));
    }
    let turn = 0;
    this.bounds.forEach((b, i) => {
      if (b <= value) turn = i;
    });
    return turn;
  }
}

export class TimeMap {
  private readonly families: Record<Unit, Family> = { s: new Family(), ms: new Family(), iso: new Family() };
  private turns = 1;

  private unitOf(key: string, value: unknown): { unit: Unit; n: number } | undefined {
    if (typeof value === 'number' && isTimeKey(key))
      return value >= 1e12 ? { unit: 'ms', n: value } : value >= 1e9 ? { unit: 's', n: value } : undefined;
    if (typeof value === 'string' && ISO.test(value)) return { unit: 'iso', n: Date.parse(value) };
    return undefined;
  }

  /** `turn`: the 0-based turn (prompt) of the record the value is in. */
  collect(key: string, value: unknown, turn: number): void {
    this.turns = Math.max(this.turns, turn + 1);
    const u = this.unitOf(key, value);
    if (u) this.families[u.unit].add(u.n, turn);
  }

  /** The replacement, or undefined to keep the value. */
  replace(key: string, value: unknown): unknown {
    if (typeof value === 'number' && isDurationKey(key)) return 0;
    const u = this.unitOf(key, value);
    if (!u) return undefined;
    const s = BASE_S + this.families[u.unit].turnOf(u.n, this.turns) * TURN_S;
    return u.unit === 'ms' ? s * 1000 : u.unit === 's' ? s : new Date(s * 1000).toISOString();
  }
}
