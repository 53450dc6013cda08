// The sources a capture can record: the npm package to install, what else it needs, the transcript
// files the normalizer reads, and the recordings (one transcript file each) with their scenarios.
import semver from 'semver';
import { platformPackage } from './platform.ts';
import { RECORDINGS, type Recording } from './scenarios/index.ts';

export type CaptureSourceName = keyof typeof RECORDINGS;

export interface CaptureSource {
  name: CaptureSourceName;
  npmPackage: string;
  /** Other packages to install next to it (peers), if any. */
  extras?(version: string): string[];
  /** Packages that must be present afterwards (e.g. the platform binary), if any. */
  required?(version: string): string[];
  /** File suffix of the transcript (`<recording>.<suffix>`). */
  suffix: string;
  /** The same traffic in the source's bare input format (what the upstream alone wrote), when the transcript is not bare already. */
  bare?: { suffix: string; lines(records: string[]): string[] };
  /** The recordings, in the order they run and are listed: `<recording>.<suffix>` each. */
  recordings: Recording[];
  /** Recordings are of agents given with `--agent <name>@<version>` (acp), each its own package. */
  byAgent?: boolean;
}

/** Codex: the server's lines, verbatim (bare JSON-RPC). */
const serverLines = (records: string[]) =>
  records
    .map((r) => JSON.parse(r) as { dir?: string; line?: string })
    .flatMap((r) => (r.dir === 's2c' && r.line !== undefined ? [r.line] : []));
/** Claude: the SDKMessages `query()` yielded (bare SDKMessage lines). */
const sdkMessages = (records: string[]) =>
  records
    .map((r) => JSON.parse(r) as { kind?: string; message?: unknown })
    .flatMap((r) => (r.kind === 'message' ? [JSON.stringify(r.message)] : []));

export const CAPTURE_SOURCES: Record<CaptureSourceName, CaptureSource> = {
  'codex-app-server': {
    name: 'codex-app-server',
    npmPackage: '@openai/codex',
    required: () => ['@openai/codex'],
    suffix: 'both.jsonl',
    bare: { suffix: 'server.jsonl', lines: serverLines },
    recordings: RECORDINGS['codex-app-server'],
  },
  'claude-agent-sdk': {
    name: 'claude-agent-sdk',
    npmPackage: '@anthropic-ai/claude-agent-sdk',
    extras: () => ['@anthropic-ai/sdk', '@modelcontextprotocol/sdk', 'zod@4'],
    // 0.3.x runs a native binary from a platform package (an optional dependency).
    required: (version) => (semver.lt(version, '0.3.0') ? [] : [platformPackage('@anthropic-ai/claude-agent-sdk')]),
    suffix: 'events.jsonl',
    bare: { suffix: 'messages.jsonl', lines: sdkMessages },
    recordings: RECORDINGS['claude-agent-sdk'],
  },
  'codex-sdk': {
    name: 'codex-sdk',
    npmPackage: '@openai/codex-sdk',
    // The SDK spawns the `@openai/codex` binary of its own dependency (a platform package).
    required: () => ['@openai/codex', platformPackage('@openai/codex')],
    // One ThreadEvent per line, as `runStreamed()` yields them: the bare input format already.
    suffix: 'thread-events.jsonl',
    recordings: RECORDINGS['codex-sdk'],
  },
  // The version is the `@agentclientprotocol/sdk` release the agents speak (the schema version);
  // the agents themselves are installed per recording (acp-agents.ts).
  acp: {
    name: 'acp',
    npmPackage: '@agentclientprotocol/sdk',
    suffix: 'both.jsonl',
    recordings: RECORDINGS.acp,
    byAgent: true,
  },
};

/** Every scenario name of a source, in order, once (acp's agents share their scenarios). */
export function scenarioNames(source: CaptureSource): string[] {
  return [...new Set(source.recordings.flatMap((r) => r.scenarios.map((s) => s.name)))];
}
