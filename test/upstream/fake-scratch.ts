// Offline stand-ins for an `npm install` scratch folder: the real upstream declaration files
// (test/fixtures/upstream-src) next to small hand-written packages for what they import, so the
// ingesters run end to end without the network. (Kept as strings: a `node_modules` folder in the
// repository would be ignored by git.)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { InstalledPackage } from '../../generator/upstream/npm.ts';
import { fixtureText, ROOT, tempDir } from '../catalog/helpers.ts';

type Files = Record<string, string | Buffer>;

const pkg = (name: string, exports: Record<string, string>) =>
  JSON.stringify({
    name,
    version: '0.0.0-fake',
    type: 'module',
    exports: Object.fromEntries(Object.entries(exports).map(([k, v]) => [k, { types: v }])),
  });

/** @modelcontextprotocol/sdk: types computed from runtime values, as the real (zod) ones are. */
const MCP: Files = {
  '@modelcontextprotocol/sdk/package.json': pkg('@modelcontextprotocol/sdk', {
    './types.js': './types.d.ts',
    './server/mcp.js': './server/mcp.d.ts',
  }),
  '@modelcontextprotocol/sdk/types.d.ts': [
    'type Infer<T extends { _output: unknown }> = T["_output"];',
    'declare const ContentBlockSchema: { _output: { type: string } };',
    'declare const CallToolResultSchema: { _output: { content: unknown[] } };',
    'export type ContentBlock = Infer<typeof ContentBlockSchema>;',
    'export type CallToolResult = Infer<typeof CallToolResultSchema>;',
    'export type JSONRPCMessage = Infer<typeof CallToolResultSchema>;',
    'export type ToolAnnotations = Infer<typeof CallToolResultSchema>;',
    'export type ElicitResult = Infer<typeof CallToolResultSchema>;',
    '',
  ].join('\n'),
  '@modelcontextprotocol/sdk/server/mcp.d.ts': 'export declare class McpServer { name: string }\n',
};

/** @anthropic-ai/sdk: just the Messages API types sdk.d.ts reaches, two blocks and two deltas. */
const ANTHROPIC: Files = {
  '@anthropic-ai/sdk/package.json': pkg('@anthropic-ai/sdk', {
    './resources': './resources/index.d.ts',
    './resources/beta/messages/messages.mjs': './resources/beta/messages/messages.d.mts',
  }),
  '@anthropic-ai/sdk/resources/index.d.ts':
    "export interface MessageParam { role: 'user' | 'assistant'; content: string }\n",
  '@anthropic-ai/sdk/resources/beta/messages/messages.d.mts': `
export interface BetaTextBlock { type: 'text'; text: string }
export interface BetaToolUseBlock { type: 'tool_use'; id: string; name: string; input: unknown }
export interface BetaUsage { input_tokens: number; output_tokens: number }
export interface BetaMessage { id: string; type: 'message'; role: 'assistant'; content: Array<BetaTextBlock | BetaToolUseBlock>; usage: BetaUsage }
export interface BetaTextDelta { type: 'text_delta'; text: string }
export interface BetaInputJSONDelta { type: 'input_json_delta'; partial_json: string }
export type BetaRawContentBlockDelta = BetaTextDelta | BetaInputJSONDelta;
export interface BetaRawMessageStartEvent { type: 'message_start'; message: BetaMessage }
export interface BetaRawMessageDeltaEvent { type: 'message_delta'; usage: BetaUsage }
export interface BetaRawMessageStopEvent { type: 'message_stop' }
export interface BetaRawContentBlockStartEvent { type: 'content_block_start'; index: number; content_block: BetaTextBlock | BetaToolUseBlock }
export interface BetaRawContentBlockDeltaEvent { type: 'content_block_delta'; index: number; delta: BetaRawContentBlockDelta }
export interface BetaRawContentBlockStopEvent { type: 'content_block_stop'; index: number }
export type BetaRawMessageStreamEvent = BetaRawMessageStartEvent | BetaRawMessageDeltaEvent | BetaRawMessageStopEvent | BetaRawContentBlockStartEvent | BetaRawContentBlockDeltaEvent | BetaRawContentBlockStopEvent;
`,
};

const ZOD: Files = {
  'zod/package.json': pkg('zod', { '.': './index.d.ts', './v4': './v4.d.ts', './v3': './index.d.ts' }),
  'zod/index.d.ts': 'export type ZodRawShape = { [k: string]: unknown };\n',
  'zod/v4.d.ts':
    'export type ZodRawShape = { [k: string]: unknown };\nexport declare const z: { string(): unknown };\n',
};

const NODE_TYPES: Files = {
  '@types/node/package.json': JSON.stringify({ name: '@types/node', version: '0.0.0-fake', types: 'index.d.ts' }),
  '@types/node/index.d.ts': [
    "declare module 'crypto' { export type UUID = `${string}-${string}-${string}-${string}-${string}`; }",
    "declare module 'stream' { export class Readable {} export class Writable {} }",
    "declare module 'child_process' { export class ChildProcess {} export interface SpawnOptions {} }",
    'interface AbortSignal { readonly aborted: boolean }',
    'interface AbortController { readonly signal: AbortSignal }',
    '',
  ].join('\n'),
};

function writeScratch(modules: Files): string {
  const scratch = tempDir('eventmap-fake-scratch-');
  writeFileSync(join(scratch, 'package.json'), '{"name":"eventmap-scratch","private":true}\n');
  for (const [rel, text] of Object.entries(modules)) {
    const full = join(scratch, 'node_modules', rel);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return scratch;
}

const installed = (scratch: string, name: string): InstalledPackage => ({
  scratch,
  packageDir: join(scratch, 'node_modules', name),
  integrity: 'sha512-fake',
  resolved: {},
});

export function fakeCodexSdkScratch(version = '0.163.0'): InstalledPackage {
  const scratch = writeScratch({
    ...MCP,
    '@openai/codex-sdk/package.json': JSON.stringify({
      name: '@openai/codex-sdk',
      version,
      type: 'module',
      types: './dist/index.d.ts',
    }),
    '@openai/codex-sdk/dist/index.d.ts': fixtureText('codex-sdk', version, 'index.d.ts'),
  });
  return installed(scratch, '@openai/codex-sdk');
}

/**
 * The CLI the package ships, as real excerpts around its tool-name literals: cli.js (0.2.x, after
 * the excerpt of its tool registry when there is one), or the native binary of the linux-x64
 * platform package (0.3.x).
 */
function claudeCli(version: string): Files {
  const dir = join(ROOT, 'test/fixtures/upstream-src/claude-agent-sdk', version);
  const registry = join(dir, 'cli.js.registry.excerpt');
  if (existsSync(join(dir, 'cli.js.excerpt')))
    return {
      '@anthropic-ai/claude-agent-sdk/cli.js': Buffer.concat([
        ...(existsSync(registry) ? [readFileSync(registry), Buffer.from('\n')] : []),
        readFileSync(join(dir, 'cli.js.excerpt')),
      ]),
    };
  if (existsSync(join(dir, 'claude.excerpt')))
    return { '@anthropic-ai/claude-agent-sdk-linux-x64/claude': readFileSync(join(dir, 'claude.excerpt')) };
  return {};
}

export function fakeClaudeAgentSdkScratch(version: string): InstalledPackage {
  const cli = claudeCli(version);
  const platform = Object.keys(cli)
    .find((k) => k.endsWith('/claude'))
    ?.split('/')
    .slice(0, 2)
    .join('/');
  const scratch = writeScratch({
    ...cli,
    ...MCP,
    ...ANTHROPIC,
    ...ZOD,
    ...NODE_TYPES,
    '@anthropic-ai/claude-agent-sdk/package.json': JSON.stringify({
      name: '@anthropic-ai/claude-agent-sdk',
      version,
      type: 'module',
      types: 'sdk.d.ts',
      ...(platform ? { optionalDependencies: { [platform]: version } } : {}),
    }),
    '@anthropic-ai/claude-agent-sdk/sdk.d.ts': fixtureText('claude-agent-sdk', version, 'sdk.d.ts'),
    '@anthropic-ai/claude-agent-sdk/sdk-tools.d.ts': fixtureText('claude-agent-sdk', version, 'sdk-tools.d.ts'),
  });
  return installed(scratch, '@anthropic-ai/claude-agent-sdk');
}
