// The lifecycle role of a canonical event, from canonical-model.yaml (generated/canonical/lifecycle.ts):
// the runtime knows which events open and close turns, items and requests, and which belong to a
// turn, only from there.
import { LIFECYCLE_ROLES, type LifecycleRole } from '../generated/canonical/lifecycle.ts';

export { CLOSED_BY, OPENED_BY, type LifecycleRole } from '../generated/canonical/lifecycle.ts';

/** Own entries only, as a Map (a keyed load of the table on every event cost more). */
const ROLES = new Map(Object.entries(LIFECYCLE_ROLES));

export function roleOf(type: string): LifecycleRole | undefined {
  return ROLES.get(type);
}
