// `--upstream <source>=<dir>`, shared by generate and check.
import { EventmapError } from '../diagnostics.ts';
import { parseSourceName } from '../catalog/snapshots.ts';
import type { SourceName } from '../sources.ts';

export function collectUpstream(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export function parseUpstreamOverrides(values: string[]): Partial<Record<SourceName, string>> {
  const out: Partial<Record<SourceName, string>> = {};
  for (const v of values) {
    const eq = v.indexOf('=');
    if (eq <= 0) throw new EventmapError({ code: 'cli/bad-argument', message: `--upstream expects <source>=<dir>, got \`${v}\``, hint: 'for example --upstream codex-app-server=/tmp/codex-schema' });
    out[parseSourceName(v.slice(0, eq))] = v.slice(eq + 1);
  }
  return out;
}
