// The lifecycle role of each canonical event (`lifecycle:` under an event in canonical-model.yaml):
// which thing it opens or closes (a turn, an item, a request, a request's user input) and whether
// it belongs to a turn (`scope: turn`: an event that names no turn joins its thread's open turn).
// The runtime's bookkeeping (runtime/track.ts, context.ts, helpers/close.ts) reads the generated
// table (generated/canonical/lifecycle.ts) instead of knowing event names itself.
import type { Problems } from './problems.ts';
import type { RawModel } from './sections.ts';
import { LIFECYCLE_SUBJECTS, type LifecycleRole } from './types.ts';
import { pointerJoin } from './yaml-source.ts';

/** Event type → its role (events without `lifecycle:` have none); the keys and values are model-schema.ts's. */
export function readLifecycleRoles(events: RawModel['events'], problems: Problems): Record<string, LifecycleRole> {
  const roles: Record<string, LifecycleRole> = {};
  for (const [type, { lifecycle }] of Object.entries(events)) {
    if (!lifecycle) continue;
    const { opens, closes, scope } = lifecycle;
    roles[type] = { turnScoped: scope === 'turn', ...(opens ? { opens } : {}), ...(closes ? { closes } : {}) };
  }
  // One opener and one closer each.
  for (const subject of LIFECYCLE_SUBJECTS) {
    for (const how of ['opens', 'closes'] as const) {
      const by = Object.keys(roles).filter((t) => roles[t]![how] === subject);
      if (by.length === 1) continue;
      problems.add(
        by.length ? pointerJoin('/events', by[1]!, 'lifecycle') : '/events',
        'bad-lifecycle',
        by.length
          ? `${by.length} events ${how} ${subject}: ${by.join(', ')}`
          : `no event ${how} ${subject} (the runtime tracks what is open by it)`,
        by.length
          ? `keep \`${how}: ${subject}\` on one event`
          : `add \`lifecycle: { ${how}: ${subject} }\` to the event that ${how} a ${subject}`,
      );
    }
  }
  return roles;
}
