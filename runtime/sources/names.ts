// The upstream sources, named once for the runtime and the generator (which imports this file).
export const SOURCE_NAMES = ['codex-app-server', 'claude-agent-sdk', 'codex-sdk', 'acp'] as const;
export type SourceName = (typeof SOURCE_NAMES)[number];
