// Every committed transcript under test/fixtures/transcripts/<source>/<version>/, found by globbing
// (no file is named here), with the upstream's own messages read out of either input format.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const TRANSCRIPTS_ROOT = join(import.meta.dirname, '..', 'fixtures', 'transcripts');

export type Source = 'codex-app-server' | 'claude-agent-sdk' | 'codex-sdk' | 'acp';

export interface Transcript {
  source: Source;
  version: string;
  /** Relative to TRANSCRIPTS_ROOT, e.g. `codex-app-server/0.171.0/capture.both.jsonl`. */
  file: string;
  lines: string[];
  records: Record<string, unknown>[];
}

/** The transcripts of a source (or all), sorted by path. */
export function transcripts(source?: Source): Transcript[] {
  return (readdirSync(TRANSCRIPTS_ROOT, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => relative(TRANSCRIPTS_ROOT, join(TRANSCRIPTS_ROOT, f)).split(sep).join('/'))
    .filter((f) => source === undefined || f.startsWith(`${source}/`))
    .sort()
    .map((file) => {
      const [src, version] = file.split('/') as [Source, string];
      const lines = readFileSync(join(TRANSCRIPTS_ROOT, file), 'utf8')
        .split('\n')
        .filter((l) => l.trim());
      return {
        source: src,
        version,
        file,
        lines,
        records: lines.map((l) => JSON.parse(l) as Record<string, unknown>),
      };
    });
}

/** Codex and ACP: the JSON-RPC messages the server (the agent) sent, from `{dir,line}` records or bare lines. */
export function serverMessages(t: Transcript): Record<string, unknown>[] {
  return t.records.flatMap((r) => {
    if (typeof r.line === 'string') return r.dir === 's2c' ? [JSON.parse(r.line) as Record<string, unknown>] : [];
    return [r];
  });
}

/** Codex and ACP: the client's JSON-RPC messages (only in `{dir,line}` transcripts). */
export function clientMessages(t: Transcript): Record<string, unknown>[] {
  return t.records.flatMap((r) =>
    typeof r.line === 'string' && r.dir === 'c2s' ? [JSON.parse(r.line) as Record<string, unknown>] : [],
  );
}

/** Claude: the SDKMessages, from `{kind:"message"}` records or bare lines. */
export function sdkMessages(t: Transcript): Record<string, unknown>[] {
  return t.records.flatMap((r) =>
    r.kind === 'message' && r.message
      ? [r.message as Record<string, unknown>]
      : r.kind === undefined && typeof r.type === 'string'
        ? [r]
        : [],
  );
}

/** Claude: the canUseTool records (with the decision the app returned). */
export function permissionRecords(t: Transcript): Record<string, unknown>[] {
  return t.records.filter((r) => r.kind === 'permission');
}

type CodexMeta = {
  error?: { message?: string; additionalDetails?: string | null; willRetry?: boolean };
  threadStatus?: { type?: string };
};

/**
 * ACP: what the TypeScript codex-acp passes on of codex's own verdict on a turn, in the
 * session_info_update `_meta.codex` of the updates between a prompt and its answer (which says
 * `end_turn`): the turn failed when codex reported an error it does not retry or the thread's status
 * `systemError`, for the error's own reason (the message of one not retried, else the cause of the last
 * one retried: `additionalDetails`, else its message). Undefined: no such signal.
 */
export function codexAcpFailure(updates: readonly unknown[]): { reason: string | undefined } | undefined {
  const codex = updates.flatMap((u) => {
    const meta = (u as { _meta?: { codex?: CodexMeta } } | null)?._meta?.codex;
    return meta ? [meta] : [];
  });
  const final = codex.find((c) => c.error && c.error.willRetry !== true)?.error;
  if (final) return { reason: final.message };
  if (!codex.some((c) => c.threadStatus?.type === 'systemError')) return undefined;
  const retried = codex.filter((c) => c.error?.willRetry === true).at(-1)?.error;
  return { reason: retried?.additionalDetails ?? retried?.message };
}
