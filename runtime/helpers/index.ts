// Runtime helpers that mapping-spec.yaml names, for correlation that data cannot express.
// The generator checks every name the spec uses against HELPERS; add new ones here.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { claudeAssistant, claudeOpenTurn, claudeBlockItem, claudeBlockStart, claudeBlockStop, claudeMessageStart, claudePermissionDecision, claudeToolResults } from './claude.ts';
import { closeTurn } from './close-turn.ts';
import { newTurnId } from './turns.ts';

/** Value helpers get `(ctx, ids, ...args)`; `after` helpers get `(ctx, ids, message)`. */
export type Helper = (ctx: MapContext, ids: ProviderIds, ...args: unknown[]) => unknown;

export const HELPERS = {
  /** after turn.completed: close the items and requests the turn left open, with a status that says why. */
  closeTurn,
  /** The requestType a pending request was opened with (serverRequest/resolved does not repeat it). */
  pendingRequestType: (ctx: MapContext, ids: ProviderIds): unknown =>
    (ids.request === undefined ? undefined : ctx.pendingRequests.get(ids.request)?.requestType) ?? 'unknown',
  /** A deterministic turn id for sources without one (the Codex SDK). */
  newTurnId,
  // Claude Agent SDK (runtime/helpers/claude.ts)
  claudeOpenTurn,
  claudeMessageStart,
  claudeBlockStart: claudeBlockStart as Helper,
  claudeBlockItem: claudeBlockItem as Helper,
  claudeBlockStop,
  claudeAssistant,
  claudeToolResults,
  claudePermissionDecision,
} satisfies Record<string, Helper>;

export type HelperName = keyof typeof HELPERS;
