// Names of mapping-spec.yaml value maps that runtime helpers look up (manifest.ts declares, per
// helper, which it reads, so that generate checks each exists). Kept apart from the manifest,
// which is build-time data: a helper importing these does not bundle it.
/** Value maps of mapping-spec.yaml that hooks look up by name. */
export const HOOK_VALUE_MAPS = {
  /** TurnState → ItemStatus: what an item its turn left open becomes (closeTurn, every source). */
  turnEndItemStatus: 'turnEndItemStatus',
  /** Claude tool name → CanonicalItemType, and content block type → CanonicalItemType. */
  claudeTool: 'claudeToolItemType',
  claudeBlock: 'claudeBlockItemType',
  /** Claude file_change tool name → FileChangeKind (ToolDetail.changes). */
  claudeFileChange: 'claudeFileChangeKind',
  /** Claude TodoWrite todo status → PlanStepStatus (turn.plan.updated). */
  claudeTodoStatus: 'claudeTodoStatus',
  /** Claude content delta type → CanonicalItemType, for a delta whose block never started. */
  claudeDeltaItem: 'claudeDeltaItemType',
  /** ACP PermissionOptionKind → RequestDecision (the option the client selected). */
  acpPermissionDecision: 'acpPermissionDecision',
  /** ACP ToolKind → CanonicalItemType (a tool call its permission request names first). */
  acpToolItemType: 'acpToolItemType',
  /** Codex TurnPlanStepStatus → PlanStepStatus. */
  codexPlanStatus: 'codexPlanStepStatus',
  /** ACP PlanEntryStatus → PlanStepStatus. */
  acpPlanStatus: 'acpPlanStatus',
  /** ACP agentInfo.name → ProviderKind. */
  acpAgent: 'acpAgentProvider',
} as const;
