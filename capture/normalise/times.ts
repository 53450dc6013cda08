// Timestamps that change on every run, replaced by values that keep their order: every distinct
// epoch value (per unit: seconds, milliseconds, ISO strings) becomes a fixed base plus its rank.
// Durations become 0. Numbers stay numbers and strings stay strings.

const BASE_S = 1_767_225_600; // 2026-01-01T00:00:00Z
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** Keys that hold a point in time (epoch seconds or milliseconds). */
export function isTimeKey(key: string): boolean {
  return /(At|AtMs|_at|Timestamp|timestamp)$/.test(key) || key === 'ts' || key === 'timestamp';
}

/** Keys that hold how long something took. */
export function isDurationKey(key: string): boolean {
  return /^(durationMs|duration_ms|duration_api_ms|elapsed_ms|elapsedMs|ttft_ms|ttftMs|wallTimeMs)$/.test(key);
}

export class TimeMap {
  private readonly seconds = new Set<number>();
  private readonly millis = new Set<number>();
  private readonly iso = new Set<string>();
  private ranks?: { s: Map<number, number>; ms: Map<number, number>; iso: Map<string, number> };

  collect(key: string, value: unknown): void {
    if (typeof value === 'number' && isTimeKey(key)) (value >= 1e12 ? this.millis : value >= 1e9 ? this.seconds : undefined)?.add(value);
    if (typeof value === 'string' && ISO.test(value)) this.iso.add(value);
  }

  private rank<T>(values: Set<T>, compare: (a: T, b: T) => number): Map<T, number> {
    return new Map([...values].sort(compare).map((v, i) => [v, i]));
  }

  /** The replacement, or undefined to keep the value. */
  replace(key: string, value: unknown): unknown {
    this.ranks ??= { s: this.rank(this.seconds, (a, b) => a - b), ms: this.rank(this.millis, (a, b) => a - b), iso: this.rank(this.iso, (a, b) => Date.parse(a) - Date.parse(b)) };
    if (typeof value === 'number' && isDurationKey(key)) return 0;
    if (typeof value === 'number' && isTimeKey(key)) {
      const ms = this.ranks.ms.get(value);
      if (ms !== undefined) return BASE_S * 1000 + ms * 10;
      const s = this.ranks.s.get(value);
      if (s !== undefined) return BASE_S + s;
    }
    if (typeof value === 'string') {
      const iso = this.ranks.iso.get(value);
      if (iso !== undefined) return new Date((BASE_S + iso) * 1000).toISOString();
    }
    return undefined;
  }
}
