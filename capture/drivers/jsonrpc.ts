// A newline-delimited JSON-RPC peer over a child's stdio that records both directions verbatim,
// as `{"dir","ts","line"}` (the codex-app-server and acp capture envelope the normalizer reads).
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

export type Message = Record<string, unknown> & {
  id?: number | string;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: unknown;
};

export interface Envelope {
  dir: 'c2s' | 's2c';
  /** Milliseconds since the peer started (codex-app-server), or an ISO time (acp). */
  ts: number | string;
  line: string;
}

export interface PeerOptions {
  /** Send `"jsonrpc":"2.0"` in every message (ACP requires it; the codex app-server leaves it out). */
  jsonrpc?: boolean;
  /** Stamp records with ISO times instead of milliseconds since the start. */
  isoTimes?: boolean;
}

export class JsonRpcPeer {
  readonly transcript: Envelope[] = [];
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (m: Message) => void }>();
  private readonly listeners = new Set<(m: Message) => void>();
  private readonly t0 = Date.now();

  constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly options: PeerOptions = {},
  ) {
    createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => this.receive(line));
  }

  private receive(line: string): void {
    if (!line.trim()) return;
    this.transcript.push({ dir: 's2c', ts: this.stamp(), line });
    let m: Message;
    try {
      m = JSON.parse(line) as Message;
    } catch {
      return; // not JSON-RPC (recorded all the same)
    }
    if (m.method === undefined && typeof m.id === 'number' && this.pending.has(m.id)) {
      this.pending.get(m.id)!.resolve(m);
      this.pending.delete(m.id);
      return;
    }
    for (const l of [...this.listeners]) l(m);
  }

  private stamp(): number | string {
    return this.options.isoTimes ? new Date().toISOString() : Date.now() - this.t0;
  }

  send(m: Message): void {
    const line = JSON.stringify(this.options.jsonrpc ? { jsonrpc: '2.0', ...m } : m);
    this.transcript.push({ dir: 'c2s', ts: this.stamp(), line });
    this.child.stdin.write(`${line}\n`);
  }

  /** A request; resolves with the whole response (result or error). */
  request(method: string, params?: unknown): Promise<Message> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve });
      this.send({ method, id, ...(params === undefined ? {} : { params: params as Record<string, unknown> }) });
    });
  }

  notify(method: string, params?: unknown): void {
    this.send({ method, ...(params === undefined ? {} : { params: params as Record<string, unknown> }) });
  }

  /** Every server message that is not a response to our requests (notifications, server requests). */
  onMessage(listener: (m: Message) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once the server has sent nothing for `ms` (start-up notifications settled). */
  quiet(ms: number): Promise<void> {
    return new Promise((resolve) => {
      let timer = setTimeout(done, ms);
      const off = this.onMessage(() => {
        clearTimeout(timer);
        timer = setTimeout(done, ms);
      });
      function done() {
        off();
        resolve();
      }
    });
  }

  /** The first server message matching `test`, or a rejection after `ms`. */
  waitFor(test: (m: Message) => boolean, ms: number, what: string): Promise<Message> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error(`timed out after ${ms} ms waiting for ${what}`));
      }, ms);
      const off = this.onMessage((m) => {
        if (!test(m)) return;
        clearTimeout(timer);
        off();
        resolve(m);
      });
    });
  }
}
