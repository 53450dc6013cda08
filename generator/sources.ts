// The upstream sources eventmap knows (named in runtime/sources/names.ts), and the npm package each is ingested from.
import { SOURCE_NAMES, type SourceName } from '../runtime/sources/names.ts';
import { EventmapError } from './diagnostics.ts';
import { printable } from './output/text.ts';

export { SOURCE_NAMES, type SourceName };

export interface SourceInfo {
  name: SourceName;
  npmPackage: string;
  description: string;
}

export const SOURCES: Record<SourceName, SourceInfo> = {
  'codex-app-server': {
    name: 'codex-app-server',
    npmPackage: '@openai/codex',
    description: 'Codex app-server JSON-RPC protocol (JSON Schemas written by `codex app-server generate-json-schema`)',
  },
  'claude-agent-sdk': {
    name: 'claude-agent-sdk',
    npmPackage: '@anthropic-ai/claude-agent-sdk',
    description: 'Claude Agent SDK message stream (SDKMessage, canUseTool) extracted from sdk.d.ts with ts-morph',
  },
  'codex-sdk': {
    name: 'codex-sdk',
    npmPackage: '@openai/codex-sdk',
    description: 'Codex TypeScript SDK ThreadEvent / ThreadItem extracted from dist/index.d.ts',
  },
};

export function isSourceName(value: string): value is SourceName {
  return (SOURCE_NAMES as readonly string[]).includes(value);
}

export function parseSourceName(name: string): SourceName {
  if (!isSourceName(name)) {
    throw new EventmapError({
      code: 'cli/unknown-source',
      message: `unknown source \`${printable(name)}\``,
      hint: `use one of: ${SOURCE_NAMES.join(', ')}`,
    });
  }
  return name;
}
