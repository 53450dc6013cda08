// The sources a capture can record: the npm package to install, what else it needs, and the
// transcript files the normalizer reads.
import semver from 'semver';
import { CLAUDE_SCENARIOS } from './scenarios/claude.ts';
import { CODEX_SCENARIOS } from './scenarios/codex.ts';

export type CaptureSourceName = 'codex-app-server' | 'claude-agent-sdk';

export interface CaptureSource {
  name: CaptureSourceName;
  npmPackage: string;
  /** Other packages to install next to it (peers). */
  extras(version: string): string[];
  /** Packages that must be present afterwards (e.g. the platform binary). */
  required(version: string): string[];
  /** File suffix of the transcript (`capture.<suffix>`). */
  suffix: string;
  /** The same traffic in the source's bare input format (what the upstream alone wrote). */
  bare: { suffix: string; lines(records: string[]): string[] };
  /** The scenarios, in the order they run. */
  scenarios: string[];
}

/** Codex: the server's lines, verbatim (bare JSON-RPC). */
const serverLines = (records: string[]) => records.map((r) => JSON.parse(r) as { dir?: string; line?: string }).flatMap((r) => (r.dir === 's2c' && r.line !== undefined ? [r.line] : []));
/** Claude: the SDKMessages `query()` yielded (bare SDKMessage lines). */
const sdkMessages = (records: string[]) => records.map((r) => JSON.parse(r) as { kind?: string; message?: unknown }).flatMap((r) => (r.kind === 'message' ? [JSON.stringify(r.message)] : []));

export const CAPTURE_SOURCES: Record<CaptureSourceName, CaptureSource> = {
  'codex-app-server': {
    name: 'codex-app-server',
    npmPackage: '@openai/codex',
    extras: () => [],
    required: () => ['@openai/codex'],
    suffix: 'both.jsonl',
    bare: { suffix: 'server.jsonl', lines: serverLines },
    scenarios: CODEX_SCENARIOS.map((s) => s.name),
  },
  'claude-agent-sdk': {
    name: 'claude-agent-sdk',
    npmPackage: '@anthropic-ai/claude-agent-sdk',
    extras: () => ['@anthropic-ai/sdk', '@modelcontextprotocol/sdk', 'zod@4'],
    // 0.3.x runs a native binary from a platform package (an optional dependency).
    required: (version) => (semver.lt(version, '0.3.0') ? [] : [`@anthropic-ai/claude-agent-sdk-${process.platform}-${process.arch}`]),
    suffix: 'events.jsonl',
    bare: { suffix: 'messages.jsonl', lines: sdkMessages },
    scenarios: CLAUDE_SCENARIOS.map((s) => s.name),
  },
};
