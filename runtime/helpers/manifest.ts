// The helper manifest: what each runtime helper mapping-spec.yaml may name is, so generate can
// refuse a wrong use with a located error (generator/mapping/helper-check.ts) instead of shipping it.
// `value` helpers are pure enough to fill a field or an id: `{ helper: name, args: [...] }`.
// `hook` helpers run for their effect (they emit, or keep state): `before:` / `after:` of an entry.
// Build time imports this file; it imports nothing of the generator.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';

/** The sources eventmap generates mappers for (generator/project/sources.ts SOURCE_NAMES; a test keeps them equal). */
export const HELPER_SOURCES = ['codex-app-server', 'claude-agent-sdk', 'codex-sdk', 'acp'] as const;
export type HelperSource = (typeof HELPER_SOURCES)[number];

/** What an argument may be: any value expression (`$.path`, `{path, map}`, a helper, `first`...), or a constant only. */
export type HelperArg = 'value' | 'literal';

export interface ValueHelperSpec {
  readonly kind: 'value';
  /** Each argument, in order; the last `optional` of them may be left out. */
  readonly args: readonly HelperArg[];
  readonly optional: 0 | 1 | 2;
  readonly sources: readonly HelperSource[];
  /** Value maps of the spec the helper looks up by name (each must exist, for every source it is used with). */
  readonly valueMaps?: readonly string[];
}

export interface HookHelperSpec {
  readonly kind: 'hook';
  readonly sources: readonly HelperSource[];
  /** Value maps of the spec the hook looks up by name (each must exist, for every source it is used with). */
  readonly valueMaps?: readonly string[];
}

export type HelperSpec = ValueHelperSpec | HookHelperSpec;
export type HelperManifest = Readonly<Record<string, HelperSpec>>;

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
  /** ACP PlanEntryStatus → PlanStepStatus. */
  acpPlanStatus: 'acpPlanStatus',
  /** ACP agentInfo.name → ProviderKind. */
  acpAgent: 'acpAgentProvider',
} as const;
const CLAUDE_MAPS = [
  HOOK_VALUE_MAPS.claudeTool,
  HOOK_VALUE_MAPS.claudeBlock,
  HOOK_VALUE_MAPS.claudeFileChange,
  HOOK_VALUE_MAPS.claudeTodoStatus,
];

const ALL = HELPER_SOURCES;
const CODEX_APP: readonly HelperSource[] = ['codex-app-server'];
const CLAUDE: readonly HelperSource[] = ['claude-agent-sdk'];
const ACP: readonly HelperSource[] = ['acp'];
const value = <const A extends readonly HelperArg[]>(
  args: A,
  sources: readonly HelperSource[],
  valueMaps?: readonly string[],
) => ({ kind: 'value', args, sources, optional: 0, ...(valueMaps ? { valueMaps } : {}) }) as const;
/** A value helper whose last `optional` arguments may be left out. */
const valueOptional = <const A extends readonly HelperArg[], const N extends 1 | 2>(
  args: A,
  sources: readonly HelperSource[],
  optional: N,
) => ({ kind: 'value', args, sources, optional }) as const;
const hook = (sources: readonly HelperSource[], valueMaps?: readonly string[]) =>
  ({ kind: 'hook', sources, ...(valueMaps ? { valueMaps } : {}) }) as const;

/** Every helper of runtime/helpers/index.ts HELPERS (the types there hold both lists to the same names). */
export const HELPER_MANIFEST = {
  closeTurn: hook(ALL, [HOOK_VALUE_MAPS.turnEndItemStatus]),
  closeThread: hook(ALL),
  failedTurnError: hook(ALL),
  pendingRequestType: value([], ['codex-app-server', 'claude-agent-sdk', 'acp']),
  userInputDecision: value(['value'], CODEX_APP),
  permissionsDecision: value(['value', 'value'], CODEX_APP),
  retry: value(['value', 'value', 'value', 'value'], ALL),
  codexRetry: value(['value'], CODEX_APP),
  retryMessage: value(['value'], ALL),
  newTurnId: value([], ['codex-sdk']),
  newRun: hook(['codex-sdk']),
  claudeOpenTurn: hook(CLAUDE),
  claudeMessageStart: hook(CLAUDE),
  claudeMessageStop: hook(CLAUDE),
  claudeBlockStart: hook(CLAUDE, CLAUDE_MAPS),
  claudeBlockItem: value(['value'], CLAUDE),
  claudeBlockType: value(['value'], CLAUDE),
  claudeBlockDelta: hook(CLAUDE, [HOOK_VALUE_MAPS.claudeBlock, HOOK_VALUE_MAPS.claudeDeltaItem]),
  claudeBlockStop: hook(CLAUDE),
  claudeAssistant: hook(CLAUDE, CLAUDE_MAPS),
  claudeToolDetail: value(['value', 'value', 'value'], CLAUDE, [HOOK_VALUE_MAPS.claudeFileChange]),
  claudeTokenUsage: hook(CLAUDE),
  claudeUser: hook(CLAUDE, CLAUDE_MAPS),
  claudeTurnState: value(['value', 'value'], CLAUDE),
  claudeErrorMessage: value(['value', 'value'], CLAUDE),
  claudeTurnEnd: hook(CLAUDE),
  claudeDecision: value(['value', 'value', 'value', 'value'], CLAUDE),
  claudeTaskItem: valueOptional(['value', 'value', 'literal'], CLAUDE, 2),
  userInputQuestions: value(['value'], ALL),
  userInputAnswers: value(['value'], ALL),
  codexToolDetail: value(['value'], CODEX_APP),
  codexSdkToolDetail: value(['value'], ['codex-sdk']),
  joinedText: valueOptional(['value', 'value'], ALL, 1),
  commandDetail: value(['value', 'value'], CODEX_APP),
  namedToolDetail: value(['value', 'value'], CODEX_APP),
  patchDetail: value(['value'], CODEX_APP),
  codexTokenUsage: value(['value'], CODEX_APP),
  todoListPlan: value(['value'], ['codex-sdk']),
  acpOpenTurn: hook(ACP),
  acpPromptTurn: hook(ACP),
  acpUserTurn: hook(ACP),
  acpEndReplay: hook(ACP),
  acpChunk: hook(ACP),
  acpChunkItem: value([], ACP),
  acpChunkText: value(['value'], ACP),
  acpRequestId: value([], ACP),
  acpItemType: value(['value', 'value'], ACP),
  acpToolDetail: value(['value'], ACP),
  acpPermissionDecision: value(['value'], ACP, [HOOK_VALUE_MAPS.acpPermissionDecision]),
  acpPlan: value(['value'], ACP, [HOOK_VALUE_MAPS.acpPlanStatus]),
  acpTokenUsage: value(['value', 'value'], ACP),
  acpPromptItem: value([], ACP),
  acpContentText: value(['value'], ACP),
  acpAgent: hook(ACP, [HOOK_VALUE_MAPS.acpAgent]),
  acpCancel: hook(ACP),
  acpPermissionTool: hook(ACP, [HOOK_VALUE_MAPS.acpToolItemType]),
  acpToolEnd: value(['value', 'value'], ACP),
  acpStopMessage: value(['value'], ACP),
  acpElicitationQuestions: value(['value'], ACP),
  acpElicitationAnswers: value(['value'], ACP),
} as const satisfies HelperManifest;

export type HelperName = keyof typeof HELPER_MANIFEST;

/** `(ctx, ids, message)`: a hook's call in the generated mappers. */
export type HookHelper = (ctx: MapContext, ids: ProviderIds, message: unknown) => void;

type Unknowns<A extends readonly unknown[]> = { -readonly [K in keyof A]: unknown };
/** The arguments of a value helper: all `unknown` (upstream values), the last ones optional when the manifest says so. */
type ArgsOf<A extends readonly unknown[], Optional> = Optional extends 1
  ? A extends readonly [...infer R, unknown]
    ? [...Unknowns<R>, unknown?]
    : never
  : Optional extends 2
    ? A extends readonly [...infer R, unknown, unknown]
      ? [...Unknowns<R>, unknown?, unknown?]
      : never
    : Unknowns<A>;

/** The signature a helper's manifest line gives it: its exact arguments. */
export type SignatureOf<S extends HelperSpec> = S extends { kind: 'value'; args: infer A extends readonly HelperArg[] }
  ? (ctx: MapContext, ids: ProviderIds, ...args: ArgsOf<A, S extends { optional: infer N } ? N : 0>) => unknown
  : HookHelper;

/** Each helper's precise signature, by name (runtime/helpers/index.ts holds HELPERS to it, arity included). */
export type HelperSignatures = { [K in HelperName]: SignatureOf<(typeof HELPER_MANIFEST)[K]> };
