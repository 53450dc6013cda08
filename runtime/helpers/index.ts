// Runtime helpers that mapping-spec.yaml names, for correlation that data cannot express.
// Add a new helper to its file and to manifest.ts (its file, kind, arguments and sources); the
// generator checks every use in the spec against the manifest. Generated mappers do not import this
// table: each imports the helpers its source calls from their own files (manifest `module`), so that
// an app bundles only its source's helpers. This file holds the checks, and the table for tests.
import { HELPER_MANIFEST, type HelperModule, type HelperName, type HelperSignatures } from './manifest.ts';
import * as acp from './acp.ts';
import * as claudeBlocks from './claude-blocks.ts';
import * as claudeRequests from './claude-requests.ts';
import * as claudeTools from './claude-tools.ts';
import * as claudeTurns from './claude-turns.ts';
import * as claudeUsage from './claude-usage.ts';
import * as close from './close.ts';
import * as links from './links.ts';
import * as models from './models.ts';
import * as plans from './plans.ts';
import * as requests from './requests.ts';
import * as retry from './retry.ts';
import * as runs from './runs.ts';
import * as superseded from './superseded.ts';
import * as toolDetail from './tool-detail.ts';
import * as turns from './turns.ts';
import * as usage from './usage.ts';
import * as userInput from './user-input.ts';

/** Each manifest `module`'s exports (a module missing here fails `satisfies`). */
const MODULES = {
  acp,
  'claude-blocks': claudeBlocks,
  'claude-requests': claudeRequests,
  'claude-tools': claudeTools,
  'claude-turns': claudeTurns,
  'claude-usage': claudeUsage,
  close,
  links,
  models,
  plans,
  requests,
  retry,
  runs,
  superseded,
  'tool-detail': toolDetail,
  turns,
  usage,
  'user-input': userInput,
} satisfies Record<HelperModule, object>;

/** The helper `K` as the file its manifest line names exports it (never: not exported there). */
type ExportOf<K extends HelperName> = (typeof MODULES)[(typeof HELPER_MANIFEST)[K]['module']] extends infer M
  ? K extends keyof M
    ? M[K]
    : never
  : never;

/** Every helper, by the name the spec uses, each with its own precise type (arguments and return). */
export const HELPERS = Object.fromEntries(
  Object.entries(HELPER_MANIFEST).map(([name, spec]) => [
    name,
    (MODULES[spec.module] as Record<string, unknown>)[name],
  ]),
) as { [K in HelperName]: ExportOf<K> };

type Arity<F> = F extends (...args: infer P) => unknown ? P['length'] : never;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/**
 * True when the file each manifest line names exports that helper with the signature the line gives
 * it, taking exactly the arguments it declares (fewer would be assignable too).
 */
type AllMatch = {
  [K in HelperName]: ExportOf<K> extends HelperSignatures[K]
    ? Same<Arity<ExportOf<K>>, Arity<HelperSignatures[K]>>
    : false;
};
export const HELPERS_MATCH_MANIFEST: AllMatch[HelperName] extends true ? true : never = true;

export { HELPER_MANIFEST, type HelperManifest, type HelperName } from './manifest.ts';
