// Server-Sent Events on a Node response, paced a little so the client sees real streaming.
import type { ServerResponse } from 'node:http';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class SseWriter {
  constructor(private readonly res: ServerResponse) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  }

  /** One event; `data.type` doubles as the event name (both APIs name events that way). */
  async send(data: { type: string } & Record<string, unknown>, pauseMs = 5): Promise<void> {
    if (this.closed) return;
    this.res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
    await sleep(pauseMs);
  }

  get closed(): boolean {
    return this.res.destroyed || this.res.writableEnded;
  }

  end(): void {
    if (!this.closed) this.res.end();
  }

  /** Cut the connection mid-stream (a broken stream, not a clean end). */
  destroy(): void {
    this.res.socket?.destroy();
  }

  /** Resolves when the client goes away (after an interrupt), or after `maxMs`. */
  async waitForClose(maxMs: number): Promise<void> {
    const started = Date.now();
    while (!this.closed && !this.res.socket?.destroyed && Date.now() - started < maxMs) await sleep(50);
    this.end();
  }
}

/** Split text into small deltas, as a model would stream it. */
export function chunks(text: string, size = 12): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}
