// @eventmap/runtime/reducer: fold canonical events into a typed session view a UI renders without
// knowing which provider ran the session. Its own subpath, so an app that only normalises does not
// bundle it, and a browser UI that only renders does not bundle the normalizer. What the view holds
// and the rules of the fold: README.md, "Render a session"; view.ts and the modules say why.
export { reduceEvents, reduceSession } from './reduce.ts';
export { VIEW_LIMITS } from './limits.ts';
export { EMPTY_SESSION } from './threads.ts';
export { isToolItem, TOOL_ITEM_TYPES, TOOL_STATES } from './tool-state.ts';
export type * from './view.ts';
// The canonical shapes the view holds, so a renderer needs one import.
export type {
  CanonicalItemType,
  CanonicalRequestType,
  FileChange,
  ItemStatus,
  ProviderRuntimeEvent,
  RuntimeItemId,
  RequestDecision,
  TaskState,
  TaskUsage,
  ThreadId,
  ThreadTokenUsageSnapshot,
  ToolDetail,
  TurnId,
  TurnPlanStep,
  TurnState,
  TurnUsage,
  UserInputQuestion,
  UserInputQuestionOption,
} from '../../generated/canonical/types.ts';
