// canonical/lifecycle.ts: the lifecycle roles of canonical-model.yaml as a table the runtime reads.
import { LIFECYCLE_SUBJECTS } from '../../model/types.ts';
import type { CanonicalModel } from '../../model/types.ts';
import { joinCode, lit, quotedKey, ts } from '../emission.ts';
import { renderTemplate } from './templates.ts';

export function renderLifecycle(model: CanonicalModel): string {
  const roles = model.eventTypes.flatMap((type) => {
    const role = model.lifecycle[type];
    if (!role) return [];
    const fields = [
      ...(role.opens ? [ts`opens: ${lit(role.opens, "'")}`] : []),
      ...(role.closes ? [ts`closes: ${lit(role.closes, "'")}`] : []),
      ts`turnScoped: ${lit(role.turnScoped)}`,
    ];
    return [{ key: quotedKey(type, "'"), role: ts`{ ${joinCode(fields, ', ')} }` }];
  });
  const eventThat = (how: 'opens' | 'closes', subject: string) =>
    lit(model.eventTypes.find((t) => model.lifecycle[t]?.[how] === subject) ?? null, "'");
  return renderTemplate('lifecycle.ts.hbs', {
    subjectType: joinCode(
      LIFECYCLE_SUBJECTS.map((s) => lit(s, "'")),
      ' | ',
    ),
    roles,
    subjects: LIFECYCLE_SUBJECTS.map((s) => ({
      key: quotedKey(s, "'"),
      opener: eventThat('opens', s),
      closer: eventThat('closes', s),
    })),
  });
}
