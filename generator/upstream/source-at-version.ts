// `<source>@<version>`, the argument of `eventmap upstream add|support`: a known source and a strict
// version, checked before anything is installed or written. Kept apart from add.ts, whose ingesters
// load the TypeScript compiler.
import { EventmapError } from '../shared/diagnostics.ts';
import { parseSourceName, type SourceName } from '../project/sources.ts';
import { isStrictVersion, versionProblem } from '../project/versions.ts';

export function parseSourceAtVersion(arg: string): { source: SourceName; version: string } {
  const at = arg.lastIndexOf('@');
  if (at <= 0) {
    throw new EventmapError({
      code: 'cli/bad-argument',
      message: `expected <source>@<version>, got \`${arg}\``,
      hint: 'for example: eventmap upstream add codex-app-server@0.171.0',
    });
  }
  const source = parseSourceName(arg.slice(0, at));
  const version = arg.slice(at + 1);
  if (!isStrictVersion(version)) throw new EventmapError({ code: 'cli/bad-version', ...versionProblem(version) });
  return { source, version };
}
