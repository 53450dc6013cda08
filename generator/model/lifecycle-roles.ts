// The lifecycle role of each canonical event (`lifecycle:` under an event in canonical-model.yaml):
// which thing it opens or closes (a turn, an item, a request, a request's user input) and whether
// it belongs to a turn (`scope: turn`: an event that names no turn joins its thread's open turn).
// The runtime's bookkeeping (runtime/track.ts, context.ts, helpers/close.ts) reads the generated
// table (generated/canonical/lifecycle.ts) instead of knowing event names itself.
import { guessHint } from '../shared/did-you-mean.ts';
import { isObj } from '../schema/object.ts';
import { describeValue, type Problems } from './problems.ts';
import { LIFECYCLE_SUBJECTS, type LifecycleRole, type LifecycleSubject } from './types.ts';
import { pointerJoin } from './yaml-source.ts';

const ROLE_KEYS = ['opens', 'closes', 'scope'];
const SCOPES = ['turn'];

/** Event type → its role (events without `lifecycle:` have none), checked; problems are located. */
export function readLifecycleRoles(events: unknown, problems: Problems): Record<string, LifecycleRole> {
  const roles: Record<string, LifecycleRole> = {};
  if (!isObj(events)) return roles;
  const before = problems.count;
  for (const [type, entry] of Object.entries(events)) {
    if (!isObj(entry) || !('lifecycle' in entry)) continue;
    const p = pointerJoin(pointerJoin('/events', type), 'lifecycle');
    const raw = entry.lifecycle;
    if (!isObj(raw)) {
      problems.add(
        p,
        'bad-lifecycle',
        `\`lifecycle\` of "${type}" must be a map; found ${describeValue(raw)}`,
        'write e.g. `lifecycle: { opens: item, scope: turn }`',
      );
      continue;
    }
    const role: LifecycleRole = { turnScoped: false };
    for (const [key, value] of Object.entries(raw)) {
      const at = pointerJoin(p, key);
      if (!ROLE_KEYS.includes(key)) {
        problems.add(
          at,
          'unknown-key',
          `unknown key \`${key}\` in the lifecycle of "${type}"`,
          guessHint(key, ROLE_KEYS, `use ${ROLE_KEYS.join(', ')}`),
        );
      } else if (key === 'scope') {
        if (value === 'turn') role.turnScoped = true;
        else
          problems.add(
            at,
            'bad-lifecycle',
            `scope ${JSON.stringify(value)} of "${type}" is not a lifecycle scope`,
            guessHint(String(value), SCOPES, '`scope: turn` is the one scope; leave it out for an event of no turn'),
          );
      } else if (typeof value === 'string' && (LIFECYCLE_SUBJECTS as readonly string[]).includes(value)) {
        role[key as 'opens' | 'closes'] = value as LifecycleSubject;
      } else {
        problems.add(
          at,
          'bad-lifecycle',
          `\`${key}: ${JSON.stringify(value)}\` of "${type}" names no lifecycle subject`,
          guessHint(String(value), LIFECYCLE_SUBJECTS, `use one of ${LIFECYCLE_SUBJECTS.join(', ')}`),
        );
      }
    }
    roles[type] = role;
  }
  // One opener and one closer each: only worth saying when every role could be read.
  for (const subject of problems.count === before ? LIFECYCLE_SUBJECTS : []) {
    for (const how of ['opens', 'closes'] as const) {
      const by = Object.keys(roles).filter((t) => roles[t]![how] === subject);
      if (by.length === 1) continue;
      problems.add(
        by.length ? pointerJoin(pointerJoin('/events', by[1]!), 'lifecycle') : '/events',
        'bad-lifecycle',
        by.length
          ? `${by.length} events ${how} ${subject}: ${by.join(', ')}`
          : `no event ${how} ${subject} (the runtime tracks what is open by it)`,
        by.length
          ? `keep \`${how}: ${subject}\` on one event`
          : `add \`lifecycle: { ${how}: ${subject} }\` to the event that ${how === 'opens' ? 'opens' : 'closes'} a ${subject}`,
      );
    }
  }
  return roles;
}
