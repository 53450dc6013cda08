// The snapshot options of generate, check and suggest: `--upstream <source>=<dir>` (replace a
// source's supported snapshots) and `--with <source>@<version|dir[@version]>` (add one, for this run).
// Both repeat: --with accumulates; --upstream twice for one source is an error, not "last wins".
import type { Command } from 'commander';
import { EventmapError } from '../shared/diagnostics.ts';
import { parseSourceName } from '../project/sources.ts';
import type { PipelineOptions } from '../pipeline/pipeline.ts';
import type { SourceName } from '../project/sources.ts';

export function collectUpstream(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export function parseUpstreamOverrides(values: string[]): Partial<Record<SourceName, string>> {
  const out: Partial<Record<SourceName, string>> = {};
  for (const v of values) {
    const eq = v.indexOf('=');
    if (eq <= 0)
      throw new EventmapError({
        code: 'cli/bad-argument',
        message: `--upstream expects <source>=<dir>, got \`${v}\``,
        hint: 'for example --upstream codex-app-server=/tmp/codex-schema',
      });
    const source = parseSourceName(v.slice(0, eq));
    if (out[source] !== undefined)
      throw new EventmapError({
        code: 'cli/repeated-option',
        message: `--upstream names ${source} twice (${out[source]} and ${v.slice(eq + 1)})`,
        hint: `--upstream replaces ${source}'s snapshots with ONE folder; to check several snapshots at once, add them with --with ${source}@<version|dir>`,
      });
    out[source] = v.slice(eq + 1);
  }
  return out;
}

/** Add --upstream to a command. */
export function upstreamOption(cmd: Command, verb: string): Command {
  return cmd.option(
    '--upstream <source=dir>',
    `${verb} against this snapshot folder instead of the source’s supported snapshots (once per source)`,
    collectUpstream,
    [],
  );
}

/** Add --upstream and --with to a command. */
export function snapshotOptions(cmd: Command, verb: string): Command {
  return upstreamOption(cmd, verb).option(
    '--with <source@version|dir[@version]>',
    `${verb} with this snapshot added to the supported set, for this run only (a vendored version, or a folder, placed among the releases as @version; repeatable)`,
    collectUpstream,
    [],
  );
}

/** The PipelineOptions the two options say (a `--with` snapshot is resolved, reading its provenance). */
export async function snapshotPipelineOptions(
  upstreamRoot: string,
  opts: { upstream: string[]; with: string[] },
): Promise<PipelineOptions> {
  const upstreamOverrides = () => parseUpstreamOverrides(opts.upstream);
  if (!opts.with.length) return { upstreamOverrides: upstreamOverrides(), withSnapshots: [] };
  // Loaded for `--with` only: it locates provenance errors with the yaml parser, which a plain
  // check never loads.
  const { resolveSnapshot } = await import('../catalog/snapshots.ts');
  const withSnapshots = opts.with.map((arg) => {
    if (!arg.includes('@'))
      throw new EventmapError({
        code: 'cli/bad-argument',
        message: `--with expects <source>@<version|dir[@version]>, got \`${arg}\``,
        hint: 'for example --with codex-app-server@0.172.0, --with codex-app-server@./candidate-schema, or --with codex-app-server@./old-schema@0.150.0',
      });
    return resolveSnapshot(upstreamRoot, arg);
  });
  return { upstreamOverrides: upstreamOverrides(), withSnapshots };
}
