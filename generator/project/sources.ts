// The upstream sources eventmap knows (named in runtime/sources/names.ts; each one's npm package: its
// ingester, generator/upstream/).
import { SOURCE_NAMES, type SourceName } from '../../runtime/sources/names.ts';
import { EventmapError } from '../shared/diagnostics.ts';
import { nearestHint } from '../shared/did-you-mean.ts';
import { printable } from '../output/text.ts';

export { SOURCE_NAMES, type SourceName };

/** What each source is called in prose: descriptions and help name every source from this list. */
export const SOURCE_TITLES: Readonly<Record<SourceName, string>> = {
  'codex-app-server': 'Codex app-server',
  'claude-agent-sdk': 'Claude Agent SDK',
  'codex-sdk': 'Codex SDK',
  acp: 'Agent Client Protocol (ACP)',
};

/** Every source in prose, in SOURCE_NAMES order: `A, B, C and D`. */
export function sourcesInProse(): string {
  const titles = SOURCE_NAMES.map((s) => SOURCE_TITLES[s]);
  return titles.length < 2 ? titles.join('') : `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}`;
}

export function isSourceName(value: string): value is SourceName {
  return (SOURCE_NAMES as readonly string[]).includes(value);
}

/** `what`: where the name was given (`--source`), for the message. */
export function parseSourceName(name: string, what = 'source'): SourceName {
  if (!isSourceName(name)) throw unknownSource(name, what, SOURCE_NAMES);
  return name;
}

/** An unknown source name: the sources (`known`), and the nearest of them when one is near. */
export function unknownSource(name: string, what: string, known: readonly string[]): EventmapError {
  return new EventmapError({
    code: 'cli/unknown-source',
    message: `unknown ${what} \`${printable(name)}\`: the sources are ${known.join(', ')}`,
    hint: nearestHint(name, known, `use one of: ${known.join(', ')}`),
  });
}
