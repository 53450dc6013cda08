// The ACP agents an `acp` capture can record, one recording each (named for the agent): the npm
// package that ships it, what must be installed for it to run, and the ACP library it speaks
// through, read from the install (claude-agent-acp and the TypeScript codex-acp-ts:
// `@agentclientprotocol/sdk`; Zed's codex-acp, a Rust binary: the `agent-client-protocol` crate,
// whose name and version the binary carries).
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { platformPackage } from './platform.ts';

export interface AcpAgent {
  npmPackage: string;
  /** Packages that must be present after installing (the platform binary). */
  required: string[];
  /** The ACP library the installed agent speaks through (`installDir` holds node_modules/). */
  protocolLibrary(installDir: string): { name: string; version: string };
  /** Whether that library's version names the acp version folder (the npm SDK does; a crate does not). */
  sdkVersioned: boolean;
}

const CLAUDE_AGENT_ACP = '@agentclientprotocol/claude-agent-acp';
const CODEX_ACP_TS = '@agentclientprotocol/codex-acp';
const CRATE = /agent-client-protocol(-schema)?-(\d+\.\d+\.\d+)/g;

export const ACP_AGENTS: Record<string, AcpAgent> = {
  'claude-agent-acp': {
    npmPackage: CLAUDE_AGENT_ACP,
    required: [platformPackage('@anthropic-ai/claude-agent-sdk')],
    protocolLibrary: (dir) => ({
      name: '@agentclientprotocol/sdk',
      version: packageJson(dir, '@agentclientprotocol/sdk', CLAUDE_AGENT_ACP).version,
    }),
    sdkVersioned: true,
  },
  'codex-acp': {
    npmPackage: '@zed-industries/codex-acp',
    required: [platformPackage('@zed-industries/codex-acp')],
    protocolLibrary: (dir) => crateOf(codexAcpBinary(dir)),
    sdkVersioned: false,
  },
  // The TypeScript codex-acp: an ACP front to the `codex app-server` of its `@openai/codex` dependency.
  'codex-acp-ts': {
    npmPackage: CODEX_ACP_TS,
    required: ['@openai/codex', platformPackage('@openai/codex')],
    protocolLibrary: (dir) => ({
      name: '@agentclientprotocol/sdk',
      version: packageJson(dir, '@agentclientprotocol/sdk', CODEX_ACP_TS).version,
    }),
    sdkVersioned: true,
  },
};

/** The installed package.json of `pkg`: the copy nested under `dependent` if npm did not hoist it, else the top one. */
export function packageJson(
  installDir: string,
  pkg: string,
  dependent?: string,
): { version: string } & Record<string, unknown> {
  const top = join(installDir, 'node_modules', pkg, 'package.json');
  const nested = dependent && join(installDir, 'node_modules', dependent, 'node_modules', pkg, 'package.json');
  const file = nested && existsSync(nested) ? nested : top;
  return JSON.parse(readFileSync(file, 'utf8')) as { version: string } & Record<string, unknown>;
}

/** The Claude Agent SDK claude-agent-acp runs, and the Claude CLI version it ships. */
export function claudeAgentSdk(installDir: string): { version: string; claudeCodeVersion?: string } {
  const pkg = packageJson(installDir, '@anthropic-ai/claude-agent-sdk', CLAUDE_AGENT_ACP);
  return { version: pkg.version, claudeCodeVersion: pkg.claudeCodeVersion as string | undefined };
}

/** The `@openai/codex` codex-acp-ts runs (its app-server), and its entry point. */
export function codexAcpTs(installDir: string): { entry: string; codexVersion: string } {
  return {
    entry: join(installDir, 'node_modules', CODEX_ACP_TS, 'dist', 'index.js'),
    codexVersion: packageJson(installDir, '@openai/codex', CODEX_ACP_TS).version,
  };
}

export function codexAcpBinary(installDir: string): string {
  return join(installDir, 'node_modules', platformPackage('@zed-industries/codex-acp'), 'bin', 'codex-acp');
}

/** The crate versions a Rust binary was built with (its panic paths name `<crate>-<version>`). */
export function crateOf(binary: string): { name: string; version: string } {
  const found = new Map<string, string>();
  const fd = openSync(binary, 'r');
  try {
    // In slices, with an overlap, so that a 230 MB binary is not one string.
    const size = statSync(binary).size;
    const slice = Buffer.alloc(16 << 20);
    for (let at = 0; at < size; at += slice.length - 256) {
      const n = readSync(fd, slice, 0, slice.length, at);
      for (const m of slice.toString('latin1', 0, n).matchAll(CRATE))
        found.set(`agent-client-protocol${m[1] ?? ''}`, m[2]!);
    }
  } finally {
    closeSync(fd);
  }
  const crate = found.get('agent-client-protocol');
  if (!crate) return { name: 'agent-client-protocol', version: 'unknown' };
  const schema = found.get('agent-client-protocol-schema');
  return { name: 'agent-client-protocol', version: schema ? `${crate} (schema crate ${schema})` : crate };
}
