// @eventmap/runtime/acp: a normalizer of Agent Client Protocol traffic only (any ACP agent). An app
// that reads this one source imports it instead of the package root, and bundles no other source's
// mappers. The provider of its events: the `provider` option, else the initialize response's
// agentInfo.name (mapping-spec.yaml acpAgentProvider), else `acp`.
import * as mappers from '../../generated/acp/mappers.ts';
import type { AcpInput, AcpReply } from '../inputs.ts';
import { sourceNormalizer, type Normalizer, type NormalizerOptions } from '../normalizer.ts';
import { acpFraming } from '../sources/acp.ts';

/** A normalizer of one ACP connection (options: the package root's createNormalizer). */
export const createNormalizer: (options?: NormalizerOptions) => Normalizer<AcpInput, AcpReply> = sourceNormalizer(
  'acp',
  acpFraming(mappers),
  mappers.PROVIDER,
);

export * from './common.ts';
