// Runtime helpers that mapping-spec.yaml names, for correlation that data cannot express.
// The generator checks every name the spec uses against HELPERS; add new ones here.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import {
  claudeAssistant,
  claudeBlockItem,
  claudeBlockStart,
  claudeBlockType,
  claudeBlockStop,
  claudeMessageStart,
  claudeMessageStop,
} from './claude-blocks.ts';
import { claudeDecision, claudeTaskItem } from './claude-requests.ts';
import { claudeErrorMessage, claudeOpenTurn, claudeTurnEnd, claudeTurnState, claudeUser } from './claude-turns.ts';
import { closeThread, closeTurn } from './close.ts';
import { pendingRequestType, permissionsDecision, userInputDecision } from './requests.ts';
import { codexRetry, retry, retryMessage } from './retry.ts';
import { failedTurnError, newTurnId } from './turns.ts';

/** Value helpers get `(ctx, ids, ...args)`; `before`/`after` helpers get `(ctx, ids, message)`. */
export type Helper = (ctx: MapContext, ids: ProviderIds, ...args: unknown[]) => unknown;

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
  userInputDecision: userInputDecision as Helper,
  /** accepted / partially_accepted / declined, by what was granted of what was asked. */
  permissionsDecision: permissionsDecision as Helper,
  /** Retries: RetryInfo, from values or from a Codex `error` notification, and the warning's message. */
  retry: retry as Helper,
  codexRetry: codexRetry as Helper,
  retryMessage: retryMessage as Helper,
  /** A deterministic turn id for sources without one (the Codex SDK). */
  newTurnId,
  // Claude Agent SDK (runtime/helpers/claude-*.ts)
  claudeOpenTurn,
  claudeMessageStart,
  claudeMessageStop,
  claudeBlockStart,
  claudeBlockItem: claudeBlockItem as Helper,
  claudeBlockType: claudeBlockType as Helper,
  claudeBlockStop,
  claudeAssistant,
  claudeUser,
  claudeTurnState: claudeTurnState as Helper,
  claudeErrorMessage: claudeErrorMessage as Helper,
  claudeTurnEnd,
  claudeDecision: claudeDecision as Helper,
  claudeTaskItem: claudeTaskItem as Helper,
} satisfies Record<string, Helper>;

export type HelperName = keyof typeof HELPERS;
