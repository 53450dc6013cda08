// The scripted model server: plain Node HTTP on 127.0.0.1 (inside the capture's network namespace).
// It logs every request it gets, refuses proxy attempts (HTTP(S)_PROXY points here so that any try
// to reach an outside host is seen and refused), and hands model requests to the source's handler.
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface RequestLog {
  method: string;
  url: string;
  /** What the handler made of it: the scenario and step, a side request, a refusal. */
  note?: string;
}

/** Answers one request; returns a note for the log. */
export type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => Promise<string>;

export interface ModelServer {
  url: string;
  log: RequestLog[];
  close(): Promise<void>;
}

/** Request bodies may be compressed (codex compresses its model requests when it can). */
const DECODE = new Map<string, (raw: Buffer) => Buffer>([
  ['gzip', gunzipSync],
  ['deflate', inflateSync],
  ['br', brotliDecompressSync],
  ['identity', (raw) => raw],
]);

/** `dumpDir`: every request body is also written there (NNN.json), for debugging a scenario. */
export async function startModelServer(handler: Handler, dumpDir?: string): Promise<ModelServer> {
  const log: RequestLog[] = [];
  const server = createServer((req, res) => {
    const entry: RequestLog = { method: req.method ?? '?', url: req.url ?? '' };
    const index = log.push(entry);
    if (!req.url?.startsWith('/')) {
      // An absolute URL: someone used us as an HTTP proxy to reach another host.
      entry.note = 'refused proxy request';
      res.writeHead(403, { 'content-type': 'application/json' }).end('{"error":"offline capture: no outside hosts"}');
      return;
    }
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      Promise.resolve()
        .then(() => {
          const encoding = req.headers['content-encoding'] ?? 'identity';
          const decode = DECODE.get(encoding);
          if (!decode) throw new Error(`cannot decode a request body in content-encoding ${encoding}`);
          const body = decode(Buffer.concat(parts)).toString('utf8');
          if (dumpDir) writeFileSync(join(dumpDir, `${String(index).padStart(3, '0')}.json`), body);
          return handler(req, body, res);
        })
        .then((note) => (entry.note = note))
        .catch((err: unknown) => {
          entry.note = `handler error: ${err instanceof Error ? err.message : String(err)}`;
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
          res.end('{"error":{"message":"capture server error"}}');
        });
    });
  });
  // HTTPS through the proxy arrives as CONNECT: refuse it.
  server.on('connect', (req, socket) => {
    log.push({ method: 'CONNECT', url: req.url ?? '', note: 'refused proxy tunnel' });
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}
