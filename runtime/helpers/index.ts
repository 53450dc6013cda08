// Runtime helpers that mapping-spec.yaml names, for correlation that data cannot express.
// Add a new helper here and in manifest.ts (its file, kind, arguments and sources); the generator
// checks every use in the spec against the manifest. Generated mappers do not import this table:
// each imports the helpers its source calls from their own files (manifest `module`), so that an
// app bundles only its source's helpers. This file holds the checks, and the table for tests.
import type { HELPER_MANIFEST, HelperModule, HelperName, HelperSignatures } from './manifest.ts';
import type * as acpModule from './acp.ts';
import type * as claudeBlocksModule from './claude-blocks.ts';
import type * as claudeRequestsModule from './claude-requests.ts';
import type * as claudeToolsModule from './claude-tools.ts';
import type * as claudeTurnsModule from './claude-turns.ts';
import type * as claudeUsageModule from './claude-usage.ts';
import type * as closeModule from './close.ts';
import type * as plansModule from './plans.ts';
import type * as requestsModule from './requests.ts';
import type * as retryModule from './retry.ts';
import type * as runsModule from './runs.ts';
import type * as toolDetailModule from './tool-detail.ts';
import type * as turnsModule from './turns.ts';
import type * as usageModule from './usage.ts';
import type * as userInputModule from './user-input.ts';
import {
  acpAgent,
  acpCancel,
  acpChunk,
  acpChunkItem,
  acpChunkText,
  acpElicitationAnswers,
  acpElicitationQuestions,
  acpEndReplay,
  acpItemType,
  acpOpenTurn,
  acpPermissionDecision,
  acpPermissionTool,
  acpPlan,
  acpPromptItem,
  acpContentText,
  acpPromptTurn,
  acpRequestId,
  acpStopMessage,
  acpTokenUsage,
  acpToolDetail,
  acpToolEnd,
  acpUserTurn,
} from './acp.ts';
import {
  claudeAssistant,
  claudeBlockItem,
  claudeBlockStart,
  claudeBlockDelta,
  claudeBlockType,
  claudeBlockStop,
  claudeMessageStart,
  claudeMessageStop,
} from './claude-blocks.ts';
import { claudeDecision, claudeTaskItem } from './claude-requests.ts';
import { claudeToolDetail } from './claude-tools.ts';
import { claudeTokenUsage } from './claude-usage.ts';
import { claudeErrorMessage, claudeOpenTurn, claudeTurnEnd, claudeTurnState, claudeUser } from './claude-turns.ts';
import { closeThread, closeTurn } from './close.ts';
import { pendingRequestType, permissionsDecision, userInputDecision } from './requests.ts';
import { codexRetry, retry, retryMessage } from './retry.ts';
import { newRun } from './runs.ts';
import { failedTurnError, newTurnId } from './turns.ts';
import {
  codexSdkToolDetail,
  codexToolDetail,
  commandDetail,
  joinedText,
  namedToolDetail,
  patchDetail,
} from './tool-detail.ts';
import { codexTokenUsage } from './usage.ts';
import { todoListPlan } from './plans.ts';
import { userInputAnswers, userInputQuestions } from './user-input.ts';

/**
 * Every helper, by the name the spec uses. Each keeps its own precise type (arguments and return);
 * `satisfies` holds it to the signature its manifest line gives (runtime/helpers/manifest.ts),
 * and ARITY_MATCHES to the manifest's exact argument count.
 */
export const HELPERS = {
  /** after a turn's end: close the items and requests it left open (before its turn.completed); turns always end. */
  closeTurn,
  /** after a thread's or session's end: close everything of it, turn or not. */
  closeThread,
  /** after a failed turn.completed: the runtime.error that states it, unless one was emitted. */
  failedTurnError,
  /** The requestType a pending request was opened with (serverRequest/resolved does not repeat it). */
  pendingRequestType,
  /** answered with at least one answer, declined with none. */
  userInputDecision,
  /** accepted / partially_accepted / declined, by what was granted of what was asked. */
  permissionsDecision,
  /** Retries: RetryInfo, from values or from a Codex `error` notification, and the warning's message. */
  retry,
  codexRetry,
  retryMessage,
  /** A deterministic turn id for sources without one (the Codex SDK). */
  newTurnId,
  /** before a run's first message (the Codex SDK's thread.started): end what the last run left open; item ids are the new run's. */
  newRun,
  // Claude Agent SDK (runtime/helpers/claude-*.ts)
  claudeOpenTurn,
  claudeMessageStart,
  claudeMessageStop,
  claudeBlockStart,
  claudeBlockItem,
  claudeBlockType,
  claudeBlockDelta,
  claudeBlockStop,
  claudeAssistant,
  claudeToolDetail,
  claudeTokenUsage,
  claudeUser,
  claudeTurnState,
  claudeErrorMessage,
  claudeTurnEnd,
  claudeDecision,
  claudeTaskItem,
  // Provider-neutral payloads a UI shows (questions, answers, tool detail, text): one shape for every source.
  userInputQuestions,
  userInputAnswers,
  codexToolDetail,
  codexSdkToolDetail,
  joinedText,
  commandDetail,
  namedToolDetail,
  patchDetail,
  codexTokenUsage,
  todoListPlan,
  // Agent Client Protocol (runtime/helpers/acp.ts)
  acpOpenTurn,
  acpPromptTurn,
  acpUserTurn,
  acpEndReplay,
  acpChunk,
  acpChunkItem,
  acpChunkText,
  acpRequestId,
  acpItemType,
  acpToolDetail,
  acpPermissionDecision,
  acpPlan,
  acpTokenUsage,
  acpPromptItem,
  acpContentText,
  acpAgent,
  acpCancel,
  acpPermissionTool,
  acpToolEnd,
  acpStopMessage,
  acpElicitationQuestions,
  acpElicitationAnswers,
} satisfies HelperSignatures;

type Arity<F> = F extends (...args: infer P) => unknown ? P['length'] : never;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** True when every helper takes exactly the arguments its manifest line declares (fewer would type-check too). */
type AllArities = { [K in HelperName]: Same<Arity<(typeof HELPERS)[K]>, Arity<HelperSignatures[K]>> };
export const ARITY_MATCHES: AllArities[HelperName] extends true ? true : never = true;

/** Names in HELPERS and in the manifest are the same set (`satisfies` checks one way, this the other). */
export const SAME_NAMES: Same<keyof typeof HELPERS, HelperName> = true;

/** Each manifest `module`'s exports (a module missing here fails the constraint). */
type Modules<T extends Record<HelperModule, object>> = T;
type HelperModules = Modules<{
  acp: typeof acpModule;
  'claude-blocks': typeof claudeBlocksModule;
  'claude-requests': typeof claudeRequestsModule;
  'claude-tools': typeof claudeToolsModule;
  'claude-turns': typeof claudeTurnsModule;
  'claude-usage': typeof claudeUsageModule;
  close: typeof closeModule;
  plans: typeof plansModule;
  requests: typeof requestsModule;
  retry: typeof retryModule;
  runs: typeof runsModule;
  'tool-detail': typeof toolDetailModule;
  turns: typeof turnsModule;
  usage: typeof usageModule;
  'user-input': typeof userInputModule;
}>;
type ExportOf<K extends HelperName> = HelperModules[(typeof HELPER_MANIFEST)[K]['module']] extends infer M
  ? K extends keyof M
    ? M[K]
    : never
  : never;
/** True when the file each manifest line names exports that helper, as HELPERS holds it (the generated mappers import it from there). */
type AllInTheirModules = { [K in HelperName]: Same<ExportOf<K>, (typeof HELPERS)[K]> };
export const MODULES_MATCH: AllInTheirModules[HelperName] extends true ? true : never = true;

export { HELPER_MANIFEST, type HelperManifest, type HelperName } from './manifest.ts';
