// Request bodies may be compressed (codex compresses its model requests when it can).
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export function decodeBody(raw: Buffer, encoding: string | undefined): string {
  switch (encoding) {
    case 'gzip':
      return gunzipSync(raw).toString('utf8');
    case 'deflate':
      return inflateSync(raw).toString('utf8');
    case 'br':
      return brotliDecompressSync(raw).toString('utf8');
    case undefined:
    case 'identity':
      return raw.toString('utf8');
    default:
      throw new Error(`cannot decode a request body in content-encoding ${encoding}`);
  }
}
