// @eventmap/runtime/claude-agent-sdk: a normalizer of claude-agent-sdk traffic only. An app that reads this one
// source imports it instead of the package root, and bundles no other source's mappers.
import * as mappers from '../../generated/claude-agent-sdk/mappers.ts';
import type { ClaudeAgentSdkInput, ClaudeAgentSdkReply } from '../inputs.ts';
import { sourceNormalizer, type Normalizer, type NormalizerOptions } from '../normalizer.ts';
import { claudeAgentSdkFraming } from '../sources/claude-agent-sdk.ts';

/** A normalizer of one claude-agent-sdk session (options: the package root's createNormalizer). */
export const createNormalizer: (options?: NormalizerOptions) => Normalizer<ClaudeAgentSdkInput, ClaudeAgentSdkReply> =
  sourceNormalizer('claude-agent-sdk', claudeAgentSdkFraming(mappers), mappers.PROVIDER);

export * from './common.ts';
