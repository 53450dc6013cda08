// @eventmap/runtime/codex-sdk: a normalizer of codex-sdk traffic only. An app that reads this one
// source imports it instead of the package root, and bundles no other source's mappers.
import * as mappers from '../../generated/codex-sdk/mappers.ts';
import type { CodexSdkInput, CodexSdkReply } from '../inputs.ts';
import { sourceNormalizer, type Normalizer, type NormalizerOptions } from '../normalizer.ts';
import { codexSdkFraming } from '../sources/codex-sdk.ts';

/** A normalizer of one codex-sdk session (options: the package root's createNormalizer). */
export const createNormalizer: (options?: NormalizerOptions) => Normalizer<CodexSdkInput, CodexSdkReply> =
  sourceNormalizer('codex-sdk', codexSdkFraming(mappers), mappers.PROVIDER);

export * from './common.ts';
