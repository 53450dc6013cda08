// The claude capture's record stream: `{"seq","t_ms","kind":"message"|"permission"|"hook"|"meta",...}`
// one per line, appended as they happen (the normalizer reads this format).
import { appendFileSync, writeFileSync } from 'node:fs';

export class Recorder {
  private seq = 0;
  private readonly t0 = Date.now();
  /** When the last record was written (to wait for quiet before the next prompt). */
  lastAt = Date.now();

  constructor(private readonly file: string) {
    writeFileSync(file, '');
  }

  write(kind: 'message' | 'permission' | 'hook' | 'meta', fields: Record<string, unknown>): void {
    this.lastAt = Date.now();
    appendFileSync(
      this.file,
      `${JSON.stringify({ seq: ++this.seq, t_ms: this.lastAt - this.t0, kind, ...fields }, replacer)}\n`,
    );
  }
}

/** An AbortSignal is recorded as what an app can see of it. */
function replacer(_key: string, value: unknown): unknown {
  if (value instanceof AbortSignal) return { $AbortSignal: true, aborted: value.aborted };
  return value;
}
