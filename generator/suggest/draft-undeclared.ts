// A union member an upstream names without declaring it (claude-agent-sdk's `SDKRateLimitEvent`
// in 0.2.62): the catalog lists it by its type name, and its real traffic is the declared type
// named like it (`rate_limit_event`). When the spec already ignores such a member (a precedent),
// the draft copies the precedent's reason with the new member's versions and traffic, instead of
// a TODO placeholder. Without a precedent, or a traffic entry to point at, nothing is drafted here.
import type { Catalog, EntryKind } from '../catalog/types.ts';
import { isPlaceholder } from '../mapping/review.ts';
import type { MappingEntry, MappingSpec } from '../mapping/types.ts';
import type { EntryDraft } from './draft-entry.ts';

/** The entries a member's traffic may be, most specific first: `SDKRateLimitEvent` → rate_limit_event, rate_limit, system:… */
export function trafficNames(member: string): string[] {
  const words = member
    .replace(/^SDK/, '')
    .split(/(?<=[a-z0-9])(?=[A-Z])/)
    .map((w) => w.toLowerCase());
  const whole = words.join('_');
  const bare = /^(message|event)$/.test(words.at(-1) ?? '') ? words.slice(0, -1).join('_') : whole;
  return [...new Set([whole, bare, `system:${whole}`, `system:${bare}`])].filter((n) => n && n !== 'system:');
}

export function draftUndeclared(
  spec: MappingSpec,
  catalogs: readonly Catalog[],
  source: string,
  kind: EntryKind,
  name: string,
  versions: string[],
): EntryDraft | undefined {
  const entries = spec.entries.filter((e) => e.source === source && e.kind === kind);
  const byName = new Map(entries.map((e) => [e.name, e]));
  const unresolved = (n: string) =>
    catalogs.some((c) => c.entries.some((e) => e.kind === kind && e.name === n && e.unresolved));
  if (!unresolved(name)) return undefined;
  const decided = (e: MappingEntry | undefined) => e && !(e.ignore !== undefined && isPlaceholder(e.ignore));
  const traffic = trafficNames(name).find((n) => decided(byName.get(n)));
  const precedent = entries.find(
    (e) =>
      e.ignore !== undefined &&
      !isPlaceholder(e.ignore) &&
      unresolved(e.name) &&
      trafficNames(e.name).some((n) => byName.has(n)),
  );
  if (!traffic || !precedent) return undefined;
  const reason = copyReason(precedent, catalogs, byName, { name, versions, traffic: byName.get(traffic)! });
  return {
    type: 'entry',
    source,
    kind,
    name,
    versions,
    like: precedent.name,
    after: traffic,
    value: { ignore: reason },
    placeholder: false,
  };
}

/** The precedent's reason with its versions, traffic name and status replaced by the new member's. */
function copyReason(
  precedent: MappingEntry,
  catalogs: readonly Catalog[],
  byName: Map<string, MappingEntry>,
  now: { name: string; versions: string[]; traffic: MappingEntry },
): string {
  const its = catalogs
    .filter((c) => c.entries.some((e) => e.name === precedent.name && e.unresolved))
    .map((c) => c.version);
  const itsTraffic = trafficNames(precedent.name).find((n) => byName.has(n))!;
  const status = (e: MappingEntry) => (e.ignore !== undefined ? 'ignored' : 'mapped');
  const text = precedent.ignore!;
  const [oldVersions, oldTraffic] = [its.join(', '), `\`${itsTraffic}\``];
  // A reason that does not name its own versions and traffic cannot be copied: say it the precedents' way.
  if (!its.length || !text.includes(oldVersions) || !text.includes(oldTraffic))
    return `${now.versions.join(', ')} names this member without declaring it; its traffic is \`${now.traffic.name}\`, ${status(now.traffic)} above.`;
  return text
    .split(oldTraffic)
    .join(`\`${now.traffic.name}\``)
    .split(oldVersions)
    .join(now.versions.join(', '))
    .replace(new RegExp(`\\b${status(byName.get(itsTraffic)!)}\\b`), status(now.traffic));
}
