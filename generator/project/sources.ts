// The upstream sources eventmap knows (named in runtime/sources/names.ts), and the npm package each is ingested from.
import { SOURCE_NAMES, type SourceName } from '../../runtime/sources/names.ts';
import { EventmapError } from '../shared/diagnostics.ts';
import { nearestHint } from '../shared/did-you-mean.ts';
import { printable } from '../output/text.ts';

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
  acp: {
    name: 'acp',
    npmPackage: '@agentclientprotocol/sdk',
    description: 'Agent Client Protocol JSON-RPC (the stable v1 JSON Schema the SDK package ships, copied as is)',
  },
};

export function isSourceName(value: string): value is SourceName {
  return (SOURCE_NAMES as readonly string[]).includes(value);
}

/** `what`: where the name was given (`--source`), for the message. */
export function parseSourceName(name: string, what = 'source'): SourceName {
  if (!isSourceName(name)) throw unknownSource(name, what, SOURCE_NAMES);
  return name;
}

/** An unknown source name: the sources (`known`), and the nearest of them when one is near. */
export function unknownSource(name: string, what: string, known: readonly string[]): EventmapError {
  return new EventmapError({
    code: 'cli/unknown-source',
    message: `unknown ${what} \`${printable(name)}\`: the sources are ${known.join(', ')}`,
    hint: nearestHint(name, known, `use one of: ${known.join(', ')}`),
  });
}
