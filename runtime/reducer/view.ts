// The session view the reducer folds canonical events into: what a UI renders, typed, and the same
// for every provider. Plain immutable data (no classes, no Maps), so it serialises, and an update
// replaces only the objects on the path to what changed: React and friends compare by identity.
// Every list keeps at most VIEW_LIMITS entries (limits.ts), the most recent ones; the `dropped…`
// counts say how many earlier ones it no longer keeps. Times are the events' `createdAt` (ISO 8601).
import type {
  CanonicalItemType,
  CanonicalRequestType,
  ItemStatus,
  ProviderThreadId,
  RequestDecision,
  RetryInfo,
  RuntimeErrorClass,
  RuntimeItemId,
  RuntimeRequestId,
  RuntimeSessionId,
  RuntimeTaskId,
  SessionExitKind,
  SessionState,
  TaskState,
  TaskUsage,
  ThreadId,
  ThreadState,
  ThreadTokenUsageSnapshot,
  ToolDetail,
  TurnId,
  TurnPlanStep,
  TurnState,
  TurnUsage,
  UserInputQuestion,
} from '../../generated/canonical/types.ts';

/** One agent session: its threads, and what it said outside them. */
export interface SessionView {
  /** The sessionId of the first event folded. */
  readonly sessionId?: RuntimeSessionId;
  /** The last session.state.changed. */
  readonly state?: SessionState;
  /** Set by session.exited. */
  readonly exit?: SessionExitView;
  /**
   * In order of first appearance. Thread-scoped events that name no thread go to the session's
   * default thread, the one whose `threadId` is undefined (created only when such an event comes).
   */
  readonly threads: readonly ThreadView[];
  /** runtime.warning, config.warning, deprecation.notice, and the reducer's own (kind `reducer`). */
  readonly warnings: readonly NoticeView[];
  /** runtime.error. */
  readonly errors: readonly NoticeView[];
  /** Earlier threads the view no longer keeps (the first thread is always kept). */
  readonly droppedThreads?: number;
  /** Earlier warnings the view no longer keeps: `warnings.length + droppedWarnings` came in all. */
  readonly droppedWarnings?: number;
  /** Earlier errors the view no longer keeps. */
  readonly droppedErrors?: number;
}

export interface SessionExitView {
  readonly reason?: string;
  readonly exitKind?: SessionExitKind;
  readonly recoverable?: boolean;
}

export type NoticeKind = 'runtime-warning' | 'runtime-error' | 'config-warning' | 'deprecation' | 'reducer';

/** A warning or error, with where it happened when the event said. */
export interface NoticeView {
  readonly kind: NoticeKind;
  readonly message: string;
  /** config.warning and deprecation.notice details. */
  readonly details?: string;
  /** A model request that failed and is retried (runtime.warning). */
  readonly retry?: RetryInfo;
  /** runtime.error's class. */
  readonly errorClass?: RuntimeErrorClass;
  readonly threadId?: ThreadId;
  readonly turnId?: TurnId;
}

export interface ThreadView {
  /** Undefined for the session's default thread (events that name no thread). */
  readonly threadId?: ThreadId;
  readonly providerThreadId?: ProviderThreadId;
  /** thread.metadata.updated name. */
  readonly name?: string;
  /** A subagent's thread: the thread and the tool call item that spawned it (thread.started). */
  readonly parentThreadId?: ThreadId;
  readonly parentItemId?: RuntimeItemId;
  readonly state?: ThreadState;
  /** In order of first appearance. */
  readonly turns: readonly TurnView[];
  /** Items that named no turn while the thread had none: kept here, never dropped. */
  readonly items: readonly ItemView[];
  /** Approvals and other requests, pending and decided, in order of first appearance. */
  readonly requests: readonly RequestView[];
  /** Questions put to the user, and the answers. */
  readonly userInputs: readonly UserInputView[];
  /** The latest turn.plan.updated. */
  readonly plan?: PlanView;
  /** The latest turn.proposed.completed: a plan waiting for the user to accept it. */
  readonly proposedPlan?: ProposedPlanView;
  /** The latest context-window snapshot (thread.token-usage.updated). */
  readonly usage?: ThreadTokenUsageSnapshot;
  /** Background tasks and subagents, in order of first appearance. */
  readonly tasks: readonly TaskView[];
  readonly droppedTurns?: number;
  /** Earlier turn-less items the view no longer keeps. */
  readonly droppedItems?: number;
  readonly droppedRequests?: number;
  readonly droppedUserInputs?: number;
  readonly droppedTasks?: number;
}

/** `running` until turn.completed gives the final state. */
export type TurnViewState = 'running' | TurnState;

export interface TurnView {
  readonly turnId: TurnId;
  readonly state: TurnViewState;
  /**
   * In order of first appearance. A subagent's items are not here but under the item that spawned
   * them (ItemView.children).
   */
  readonly items: readonly ItemView[];
  /** Earlier items of the turn the view no longer keeps. */
  readonly droppedItems?: number;
  /** The first event of the turn (turn.started, or whatever named it first). */
  readonly startedAt?: string;
  /** turn.completed. */
  readonly completedAt?: string;
  /** The model the turn runs on: turn.started's, or the one model.rerouted moved it to. */
  readonly model?: string;
  readonly effort?: string;
  readonly errorMessage?: string;
  /** turn.aborted's reason (the turn.completed that follows gives the state). */
  readonly abortReason?: string;
  /** The provider's own cost figure (turn.completed totalCostUsd: Claude's is the session's running total). */
  readonly totalCostUsd?: number;
  /** This turn's own tokens and cost, and the session's running cost (turn.completed turnUsage). */
  readonly usage?: TurnUsage;
  /** The latest turn.diff.updated. */
  readonly diff?: string;
}

/**
 * Where a tool call is, in the words of the Vercel AI SDK's tool UI parts (see tool-state.ts for
 * where they fit and where they do not).
 */
export type ToolState = 'input-streaming' | 'input-available' | 'output-available' | 'output-error';

export interface ItemView {
  readonly itemId: RuntimeItemId;
  /** From item.* events; an item first seen in a content.delta gets the type its stream implies. */
  readonly itemType: CanonicalItemType;
  /** `inProgress` until item.completed gives the final status. */
  readonly status: ItemStatus;
  readonly title?: string;
  readonly detail?: string;
  /** The item's text: the last `text` an item.* event carried, plus the text deltas since. */
  readonly text: string;
  /** Merged field by field over the item's events; command output deltas fill `output`. */
  readonly toolDetail?: ToolDetail;
  /** Set on tool items (tool-state.ts). */
  readonly toolState?: ToolState;
  /**
   * Where `toolDetail.output` came from: streamed output deltas, or an item event (whose output
   * is the whole output: later deltas no longer append).
   */
  readonly outputFrom?: 'deltas' | 'item';
  /** The item's first event. */
  readonly startedAt?: string;
  /** item.completed. */
  readonly completedAt?: string;
  /**
   * The items of the subagent this item (a subagent tool call) spawned, in order of first
   * appearance: items whose events name it as `parentItemId`.
   */
  readonly children?: readonly ItemView[];
  /** Earlier subagent items the view no longer keeps. */
  readonly droppedChildren?: number;
}

export interface RequestView {
  readonly requestId: RuntimeRequestId;
  readonly requestType: CanonicalRequestType;
  readonly title?: string;
  readonly detail?: string;
  readonly toolDetail?: ToolDetail;
  /** The tool item the request is about, when the event named one. */
  readonly itemId?: RuntimeItemId;
  readonly turnId?: TurnId;
  /** `resolved` once request.resolved came (possibly with no request.opened before it). */
  readonly status: 'pending' | 'resolved';
  readonly decision?: RequestDecision;
}

export interface UserInputView {
  readonly requestId: RuntimeRequestId;
  /** Empty when the answers came with no user-input.requested before them. */
  readonly questions: readonly UserInputQuestion[];
  /** Question id → the chosen labels or the text typed. */
  readonly answers?: Readonly<Record<string, readonly string[]>>;
  readonly status: 'pending' | 'resolved';
  readonly itemId?: RuntimeItemId;
  readonly turnId?: TurnId;
}

export interface PlanView {
  readonly turnId?: TurnId;
  readonly explanation?: string;
  readonly steps: readonly TurnPlanStep[];
}

export interface ProposedPlanView {
  readonly turnId?: TurnId;
  /** The item that proposed it (Codex's plan item, Claude's ExitPlanMode tool use). */
  readonly itemId?: RuntimeItemId;
  readonly planMarkdown: string;
}

export interface TaskView {
  readonly taskId: RuntimeTaskId;
  /** `running` from task.started; task.updated and task.completed move it. */
  readonly state: TaskState;
  readonly description?: string;
  /** The latest task.progress or task.completed summary. */
  readonly summary?: string;
  readonly lastToolName?: string;
  /** What the task has used so far (task.progress / task.completed taskUsage). */
  readonly usage?: TaskUsage;
  readonly error?: string;
  readonly turnId?: TurnId;
  /** The tool call item that started the task (a subagent's tool call), when the events named it. */
  readonly itemId?: RuntimeItemId;
  /** A subagent's type (its agent definition), and the model it runs on, when the provider says. */
  readonly subagentType?: string;
  readonly model?: string;
  /** task.started, and task.completed. */
  readonly startedAt?: string;
  readonly completedAt?: string;
}
