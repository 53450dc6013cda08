// @eventmap/runtime/codex-app-server: a normalizer of codex-app-server traffic only. An app that reads this one
// source imports it instead of the package root, and bundles no other source's mappers.
import * as mappers from '../../generated/codex-app-server/mappers.ts';
import type { CodexAppServerInput, CodexAppServerReply } from '../inputs.ts';
import { sourceNormalizer, type Normalizer, type NormalizerOptions } from '../normalizer.ts';
import { codexAppServerFraming } from '../sources/codex-app-server.ts';

/** A normalizer of one codex-app-server session (options: the package root's createNormalizer). */
export const createNormalizer: (options?: NormalizerOptions) => Normalizer<CodexAppServerInput, CodexAppServerReply> =
  sourceNormalizer('codex-app-server', codexAppServerFraming(mappers), mappers.PROVIDER);

export * from './common.ts';
