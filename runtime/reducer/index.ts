// @eventmap/runtime/reducer: fold canonical events into a typed session view a UI renders without
// knowing which provider ran the session. Its own subpath, so an app that only normalises does not
// bundle it, and a browser UI that only renders does not bundle the normalizer.
//
//   let view = reduceSession(undefined, event); view = reduceSession(view, next); ...
//   const view = reduceEvents(events);
//
// The view: threads → turns (running, then their TurnState) → items (type, status, title, text,
// tool detail and tool state); per thread the requests (pending and decided), the questions and
// answers, the latest plan, the proposed plan, the context-window snapshot and the tasks; session
// warnings and errors. Every update is immutable with structural sharing: what an event does not
// touch keeps its identity, and an event with nothing to show returns the same view.
//
// Rules (view.ts and the modules say why):
// - Item text: an item event's `text` replaces the text; assistant, reasoning, reasoning summary
//   and plan deltas append; command and file-change output deltas fill toolDetail.output until an
//   item event carries the output. toolDetail merges field by field, the later event winning.
// - A request about an item shows that item's toolDetail when it carries none of its own.
// - Tool items carry a toolState (tool-state.ts: the Vercel AI SDK's tool part states).
// - An event naming no turn goes to the thread's running turn, else its last turn, else the
//   thread's turn-less items; an event naming no thread goes to the default thread (threadId
//   undefined). Events lacking the id they need (an item event without itemId) become a warning of
//   kind `reducer`: the fold never throws, whatever the order.
// - It never reads `provider`, `raw`, nor a payload's provider-shaped slots (`data`, `args`,
//   `resolution`, unknown-typed `detail`, `usage`...).
export { reduceEvents, reduceSession } from './reduce.ts';
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
  RequestDecision,
  TaskState,
  ThreadTokenUsageSnapshot,
  ToolDetail,
  TurnPlanStep,
  TurnState,
  UserInputQuestion,
  UserInputQuestionOption,
} from '../../generated/canonical/types.ts';
