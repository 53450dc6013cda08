// "As of the release": the moment every dependency `upstream add` installs is resolved at
// (`npm install --before`), so that a re-run years later installs what the release's users got,
// not a peer published since (claude-agent-sdk 0.3.332 was built against @anthropic-ai/sdk 1.14;
// 1.15, published later, added a content block the SDK of its day lacked).
// A release is the package and the platform packages it pins exactly (Codex's native binaries,
// Claude's CLI), which are published seconds to minutes after it: the cut-off is the last of
// those publish times, so the release's own pieces resolve and nothing published after them does.
import semverValid from 'semver/functions/valid.js';
import { EventmapError } from '../shared/diagnostics.ts';
import { npmName, runNpm } from './npm.ts';

/** What `upstream add` asks the npm registry (a stand-in in tests: no network). */
export interface Registry {
  /** `npm view <pkg> time --json`: version → ISO publish time. */
  times(pkg: string): Record<string, unknown>;
  /** `npm view <pkg>@<version> optionalDependencies --json`. */
  optionalDependencies(pkg: string, version: string): Record<string, string>;
}

export interface ReleaseDate {
  /** When `pkg@version` itself was published (ISO). */
  published: string;
  /** The `--before` cut-off: the last publish time of the release's pieces (ISO). */
  before: string;
}

export function releaseDate(registry: Registry, pkg: string, version: string): ReleaseDate {
  const own = registry.times(pkg);
  const published = publishTime(own, pkg, version);
  let before = published;
  const seen = new Map<string, Record<string, unknown>>([[pkg, own]]);
  for (const pinned of exactPins(registry.optionalDependencies(pkg, version))) {
    npmName(pinned.name, `${pkg}@${version}'s optionalDependencies`);
    if (!seen.has(pinned.name)) seen.set(pinned.name, registry.times(pinned.name));
    // An optional pin the registry does not list cannot be installed either (npm skips it):
    // @openai/codex 0.105.0 pins six platform packages, of which the registry lists one.
    if (!(pinned.version in seen.get(pinned.name)!)) continue;
    const time = publishTime(seen.get(pinned.name)!, pinned.name, pinned.version);
    if (time > before) before = time;
  }
  return { published, before };
}

/** Optional dependencies pinned to one version (`1.2.3` or `npm:<name>@1.2.3`); ranges are not the release's. */
export function exactPins(deps: Record<string, string>): { name: string; version: string }[] {
  const pins: { name: string; version: string }[] = [];
  for (const [name, spec] of Object.entries(deps)) {
    const alias = /^npm:((?:@[^/@]+\/)?[^@]+)@(.+)$/.exec(spec);
    const [target, version] = alias ? [alias[1]!, alias[2]!] : [name, spec];
    if (semverValid(version) === version) pins.push({ name: target, version });
  }
  return pins.sort((a, b) => (a.name + a.version < b.name + b.version ? -1 : 1));
}

function publishTime(times: Record<string, unknown>, pkg: string, version: string): string {
  const time = times[version];
  const date = typeof time === 'string' ? new Date(time) : undefined;
  if (!date || Number.isNaN(date.getTime()))
    throw new EventmapError({
      code: 'upstream/no-publish-time',
      message: `the npm registry gives no publish time for ${pkg}@${version}`,
      hint: `check that the version is published (\`npm view ${pkg} time\`) and the registry reachable, then re-run \`eventmap upstream add\``,
    });
  return date.toISOString();
}

/** `npm view <spec> <field> --json`, the name checked and after `--` (npm reads nothing there as an option). */
export function npmViewArgs(pkg: string, version: string | undefined, field: string): string[] {
  const name = npmName(pkg, 'the package asked about');
  return ['view', '--json', '--', version === undefined ? name : `${name}@${version}`, field];
}

/** The real registry, through npm (your npm configuration: registry, proxy, credentials). */
export const npmRegistry: Registry = {
  times: (pkg) => viewJson(npmViewArgs(pkg, undefined, 'time')) as Record<string, unknown>,
  optionalDependencies: (pkg, version) => {
    const deps = viewJson(npmViewArgs(pkg, version, 'optionalDependencies'));
    return deps && typeof deps === 'object' && !Array.isArray(deps) ? (deps as Record<string, string>) : {};
  },
};

function viewJson(args: string[]): unknown {
  const stdout = runNpm(args, undefined, {
    code: 'upstream/npm-failed',
    what: `\`npm ${args.join(' ')}\``,
    hint: 'check that the npm registry is reachable and the package version exists',
  });
  if (!stdout.trim()) return {}; // npm prints nothing for a field the version lacks
  try {
    return JSON.parse(stdout) as unknown;
  } catch {
    return {};
  }
}
