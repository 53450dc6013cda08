// What the view keeps, at most: the most recent entries of every list, with a count of the earlier
// ones it dropped (the `dropped…` fields). The caps make each event's cost bounded by them rather
// than by the session's length (a hostile or endless session cannot make the fold quadratic), and
// bound the view's memory. They are far above what a session UI shows at once; an app that needs
// the whole history keeps the events.

export const VIEW_LIMITS = {
  /** Warnings, and errors, each: the most recent (SessionView.droppedWarnings / droppedErrors). */
  notices: 100,
  /** Threads of a session: the first (the one the session opened) and the most recent others. */
  threads: 256,
  /** Turns per thread. */
  turns: 500,
  /** Items per turn, a thread's turn-less items, and the subagent items under one item. */
  items: 1000,
  /** Requests, questions to the user, and tasks, per thread, each. */
  requests: 500,
} as const;

/** How deep subagent items nest under the items that spawned them (a deeper one goes to its turn). */
export const MAX_NESTING = 8;
