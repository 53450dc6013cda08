// The helper manifest: what each runtime helper mapping-spec.yaml may name is, so generate can
// refuse a wrong use with a located error (generator/mapping/helper-check.ts) instead of shipping it.
// `value` helpers are pure enough to fill a field or an id: `{ helper: name, args: [...] }`.
// `hook` helpers run for their effect (they emit, or keep state): `before:` / `after:` of an entry.
// Build time imports this file; it imports nothing of the generator.
import type { MapContext } from '../context.ts';
import type { ProviderIds } from '../types.ts';
import { SOURCE_NAMES } from '../sources/names.ts';
import { HOOK_VALUE_MAPS } from './value-maps.ts';

/** The sources eventmap generates mappers for. */
export const HELPER_SOURCES = SOURCE_NAMES;
export type HelperSource = (typeof HELPER_SOURCES)[number];

/** What an argument may be: any value expression (`$.path`, `{path, map}`, a helper, `first`...), or a constant only. */
export type HelperArg = 'value' | 'literal';

export interface ValueHelperSpec {
  readonly kind: 'value';
  /** The file of runtime/helpers/ that exports it (without `.ts`): see HelperModule. */
  readonly module: string;
  /** Each argument, in order; the last `optional` of them may be left out. */
  readonly args: readonly HelperArg[];
  readonly optional: 0 | 1 | 2;
  readonly sources: readonly HelperSource[];
  /** Value maps of the spec the helper looks up by name (each must exist, for every source it is used with). */
  readonly valueMaps?: readonly string[];
}

export interface HookHelperSpec {
  readonly kind: 'hook';
  readonly module: string;
  readonly sources: readonly HelperSource[];
  /** Value maps of the spec the hook looks up by name (each must exist, for every source it is used with). */
  readonly valueMaps?: readonly string[];
}

export type HelperSpec = ValueHelperSpec | HookHelperSpec;
export type HelperManifest = Readonly<Record<string, HelperSpec>>;

// Their own file: helpers read them at run time, and importing them from here would bundle this
// whole manifest (build-time data) into every app.
export { HOOK_VALUE_MAPS };
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
const value = <const M extends string, const A extends readonly HelperArg[]>(
  module: M,
  args: A,
  sources: readonly HelperSource[],
  valueMaps?: readonly string[],
) => ({ kind: 'value', module, args, sources, optional: 0, ...(valueMaps ? { valueMaps } : {}) }) as const;
/** A value helper whose last `optional` arguments may be left out. */
const valueOptional = <const M extends string, const A extends readonly HelperArg[], const N extends 1 | 2>(
  module: M,
  args: A,
  sources: readonly HelperSource[],
  optional: N,
) => ({ kind: 'value', module, args, sources, optional }) as const;
const hook = <const M extends string>(module: M, sources: readonly HelperSource[], valueMaps?: readonly string[]) =>
  ({ kind: 'hook', module, sources, ...(valueMaps ? { valueMaps } : {}) }) as const;

/** Every helper and its file (runtime/helpers/index.ts checks that the file exports it with this signature). */
export const HELPER_MANIFEST = {
  closeTurn: hook('close', ALL, [HOOK_VALUE_MAPS.turnEndItemStatus]),
  closeThread: hook('close', ALL),
  failedTurnError: hook('turns', ALL),
  pendingRequestType: value('requests', [], ['codex-app-server', 'claude-agent-sdk', 'acp']),
  userInputDecision: value('requests', ['value'], CODEX_APP),
  permissionsDecision: value('requests', ['value', 'value'], CODEX_APP),
  retry: value('retry', ['value', 'value', 'value', 'value'], ALL),
  codexRetry: value('retry', ['value'], CODEX_APP),
  retryMessage: value('retry', ['value'], ALL),
  supersedeOnRetry: hook('superseded', CODEX_APP),
  newTurnId: value('turns', [], ['codex-sdk']),
  openTurn: value('turns', [], ALL),
  newRun: hook('runs', ['codex-sdk']),
  runPrompt: hook('runs', ['codex-sdk']),
  runError: hook('runs', ['codex-sdk']),
  claudeOpenTurn: hook('claude-turns', CLAUDE),
  claudeMessageStart: hook('claude-blocks', CLAUDE),
  claudeMessageStop: hook('claude-blocks', CLAUDE),
  claudeBlockStart: hook('claude-blocks', CLAUDE, CLAUDE_MAPS),
  claudeBlockItem: value('claude-blocks', ['value'], CLAUDE),
  claudeBlockType: value('claude-blocks', ['value'], CLAUDE),
  claudeBlockDelta: hook('claude-blocks', CLAUDE, [HOOK_VALUE_MAPS.claudeBlock, HOOK_VALUE_MAPS.claudeDeltaItem]),
  claudeBlockStop: hook('claude-blocks', CLAUDE),
  claudeAssistant: hook('claude-blocks', CLAUDE, CLAUDE_MAPS),
  claudeProposedPlan: hook('claude-blocks', CLAUDE),
  claudeRetry: hook('claude-blocks', CLAUDE),
  claudeToolDetail: value('claude-tools', ['value', 'value', 'value'], CLAUDE, [HOOK_VALUE_MAPS.claudeFileChange]),
  claudeTokenUsage: hook('claude-usage', CLAUDE),
  claudeUser: hook('claude-turns', CLAUDE, CLAUDE_MAPS),
  claudeTurnState: value('claude-turns', ['value', 'value'], CLAUDE),
  claudeErrorMessage: value('claude-turns', ['value', 'value'], CLAUDE),
  claudeTurnEnd: hook('claude-turns', CLAUDE),
  claudeCompaction: hook('claude-turns', CLAUDE),
  claudeDecision: value('claude-requests', ['value', 'value', 'value', 'value'], CLAUDE),
  claudeTaskItem: valueOptional('claude-requests', ['value', 'value', 'literal'], CLAUDE, 2),
  claudeTaskInput: value('claude-requests', ['value', 'literal'], CLAUDE),
  userInputQuestions: value('user-input', ['value'], ALL),
  userInputAnswers: value('user-input', ['value'], ALL),
  codexToolDetail: value('tool-detail', ['value'], CODEX_APP),
  codexSdkToolDetail: value('tool-detail', ['value'], ['codex-sdk']),
  joinedText: valueOptional('tool-detail', ['value', 'value'], ALL, 1),
  commandDetail: value('tool-detail', ['value', 'value'], CODEX_APP),
  namedToolDetail: value('tool-detail', ['value', 'value'], CODEX_APP),
  patchDetail: value('tool-detail', ['value'], CODEX_APP),
  codexTokenUsage: value('usage', ['value'], CODEX_APP),
  codexKeepTotals: hook('usage', CODEX_APP),
  codexTurnUsage: value('usage', [], CODEX_APP),
  codexSdkTurnUsage: value('usage', ['value'], ['codex-sdk']),
  claudeTurnUsage: value('usage', ['value', 'value'], CLAUDE),
  claudeTaskUsage: value('usage', ['value'], CLAUDE),
  todoListPlan: value('plans', ['value'], ['codex-sdk']),
  codexPlan: value('plans', ['value'], CODEX_APP, [HOOK_VALUE_MAPS.codexPlanStatus]),
  acpOpenTurn: hook('acp', ACP),
  acpPromptTurn: hook('acp', ACP),
  acpUserTurn: hook('acp', ACP),
  acpEndReplay: hook('acp', ACP),
  acpChunk: hook('acp', ACP),
  acpKeepShellOutput: hook('acp', ACP),
  acpChunkItem: value('acp', [], ACP),
  acpRequestId: value('acp', [], ACP),
  acpItemType: value('acp', ['value', 'value'], ACP),
  acpToolDetail: value('acp', ['value'], ACP),
  acpPermissionDecision: value('acp', ['value'], ACP, [HOOK_VALUE_MAPS.acpPermissionDecision]),
  acpPlan: value('acp', ['value'], ACP, [HOOK_VALUE_MAPS.acpPlanStatus]),
  acpTokenUsage: valueOptional('acp', ['value', 'value', 'value'], ACP, 1),
  acpTurnUsage: value('usage', ['value'], ACP),
  acpPromptItem: value('acp', [], ACP),
  acpContentText: value('acp', ['value'], ACP),
  acpAgent: hook('acp', ACP, [HOOK_VALUE_MAPS.acpAgent]),
  acpCancel: hook('acp', ACP),
  acpPermissionTool: hook('acp', ACP, [HOOK_VALUE_MAPS.acpToolItemType]),
  acpToolEnd: value('acp', ['value', 'value'], ACP),
  acpStopMessage: value('acp', ['value'], ACP),
  acpCodexMeta: hook('acp', ACP),
  acpPromptState: value('acp', ['value'], ACP),
  acpElicitationQuestions: value('acp', ['value'], ACP),
  acpElicitationAnswers: value('acp', ['value'], ACP),
  threadModel: valueOptional('models', ['value'], ['codex-app-server'], 1),
  codexThreadModel: hook('models', CODEX_APP),
  acpModel: hook('models', ACP),
  claudeParentItem: value('links', [], CLAUDE),
  canonicalThreadId: value('links', ['value'], CODEX_APP),
  codexSubagentThreads: hook('links', CODEX_APP),
} as const satisfies HelperManifest;

export type HelperName = keyof typeof HELPER_MANIFEST;

/**
 * The file of runtime/helpers/ that exports a helper (without `.ts`). A source's generated mappers
 * import each helper they call from its file, so that an app bundles only its source's helpers;
 * index.ts checks that the file exports it.
 */
export type HelperModule = (typeof HELPER_MANIFEST)[HelperName]['module'];

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

/** Each helper's precise signature, by name (runtime/helpers/index.ts holds each export to it, arity included). */
export type HelperSignatures = { [K in HelperName]: SignatureOf<(typeof HELPER_MANIFEST)[K]> };
