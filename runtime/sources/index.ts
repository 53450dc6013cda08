// The sources the runtime can normalise, with their framing and the generated mappers.
import { acpFraming } from './acp.ts';
import { claudeAgentSdkFraming } from './claude-agent-sdk.ts';
import { codexAppServerFraming } from './codex-app-server.ts';
import { codexSdkFraming } from './codex-sdk.ts';
// The framings before the mappers: a bundle then places the helpers they import ahead of the four
// mappers, which stay adjacent, so gzip finds their repeated code within its window (the package
// root's bundle is ~1 KB smaller gzipped than with helpers interleaved; docs/performance.md).
import * as acpMappers from '../../generated/acp/mappers.ts';
import * as claudeAgentSdkMappers from '../../generated/claude-agent-sdk/mappers.ts';
import * as codexAppServerMappers from '../../generated/codex-app-server/mappers.ts';
import * as codexSdkMappers from '../../generated/codex-sdk/mappers.ts';
import type { SourceName } from './names.ts';
import type { Framing } from './types.ts';

export type { SourceName };

export const FRAMINGS: Record<SourceName, Framing> = {
  'codex-app-server': codexAppServerFraming(codexAppServerMappers),
  'claude-agent-sdk': claudeAgentSdkFraming(claudeAgentSdkMappers),
  'codex-sdk': codexSdkFraming(codexSdkMappers),
  acp: acpFraming(acpMappers),
};

/** The sources createNormalizer accepts. */
export const SOURCES = Object.keys(FRAMINGS) as readonly SourceName[];

/** ProviderKind of each source's events: mapping-spec.yaml `sources.*.provider`, checked against the model at generate time. */
export const PROVIDERS: Record<SourceName, string> = {
  'codex-app-server': codexAppServerMappers.PROVIDER,
  'claude-agent-sdk': claudeAgentSdkMappers.PROVIDER,
  'codex-sdk': codexSdkMappers.PROVIDER,
  acp: acpMappers.PROVIDER,
};
