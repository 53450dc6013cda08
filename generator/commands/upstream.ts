// `eventmap upstream add <source>@<version> [--support]` and `eventmap upstream support <source>@<version>`.
// Progress and next steps go to stderr; stdout gets one line per result.
import type { Command } from 'commander';
import { printOut, sayErr, sayOut } from '../output/streams.ts';
import type { Confinement } from '../upstream/sandbox.ts';
import { projectPaths, type ProjectPaths } from '../project/paths.ts';
import { compareVersions } from '../mapping/presence.ts';
import type { SourceName } from '../project/sources.ts';
import { parseSourceAtVersion } from '../upstream/source-at-version.ts';
import { supportSnapshot, vendoredSnapshots } from './upstream-support.ts';
import { parseFormat } from './format.ts';
import { jsonOutput } from '../output/json.ts';

// The ingesters pull in ts-morph and the TypeScript compiler (~1.3 s): loaded by the actions, so
// that `eventmap --help`, which registers every command, does not pay for them.
const add = () => import('../upstream/add.ts');

export function registerUpstreamCommand(program: Command): void {
  const upstream = program
    .command('upstream')
    .description('manage vendored upstream snapshots (add is the only command that uses the network)');
  upstream
    .command('add <source@version>')
    .description(
      'install the real package from npm and write upstream-schemas/<source>/<version>/ with provenance.json',
    )
    .option('--support', 'also add the version to sources.<source>.snapshots in mapping-spec.yaml')
    .option('--overwrite', 'replace a version already vendored (re-vendoring should give byte-identical files)')
    .option(
      '--unconfined',
      'DANGEROUS: run the upstream binary without the sandbox, with your full access (recorded in provenance.json)',
    )
    .action(async (arg: string, opts: { support?: boolean; overwrite?: boolean; unconfined?: boolean }) => {
      parseSourceAtVersion(arg); // a bad argument is refused before the ingesters load
      const { addUpstream } = await add();
      const paths = projectPaths(program.opts<{ root?: string }>().root);
      const started = Date.now();
      if (opts.unconfined) sayErr(...UNCONFINED_WARNING);
      const added = addUpstream(paths.upstream, arg, {
        progress: (m) => sayErr(`eventmap upstream: ${m}…`),
        overwrite: opts.overwrite === true,
        unconfined: opts.unconfined === true,
      });
      const { provenance } = added;
      const { confinement } = provenance;
      if ('unconfined' in confinement) sayErr(...UNCONFINED_WARNING);
      const replaced = added.replaced
        ? `; replaced the vendored version: ${added.replaced.written} files changed, ${added.replaced.unchanged} identical, ${added.replaced.removed} removed`
        : '';
      sayOut(
        `wrote ${added.dir} (${added.files} files, ${provenance.package}@${provenance.version} ${provenance.integrity}, dependencies as of ${provenance.resolvedBefore}${replaced}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        `confinement: ${describeConfinement(confinement)}`,
      );
      if (opts.support) reportSupport(supportSnapshot(paths, arg), added.source, added.version);
      // A version the spec supports already (`--overwrite`) is past `check --with`: its steps are the supported ones.
      const supported = vendoredSnapshots(paths).some(
        (r) => r.source === added.source && r.version === added.version && r.supported,
      );
      sayErr(...nextSteps(paths, added.source, added.version, supported));
    });
  upstream
    .command('list')
    .description('list the vendored snapshots of every source, and which mapping-spec.yaml supports (no network)')
    .option('--format <format>', 'text or json', 'text')
    .action((opts: { format: string }) => {
      const format = parseFormat(opts.format, ['text', 'json'] as const);
      const rows = vendoredSnapshots(projectPaths(program.opts<{ root?: string }>().root));
      if (format === 'json') printOut(jsonOutput(rows));
      else sayOut(...rows.map((r) => `${r.source}@${r.version}${r.supported ? '' : '   (vendored, not supported)'}`));
    });
  upstream
    .command('support <source@version>')
    .description(
      'add a vendored version to sources.<source>.snapshots in mapping-spec.yaml (oldest first; nothing else in the file changes)',
    )
    .action((arg: string) => {
      const paths = projectPaths(program.opts<{ root?: string }>().root);
      const { source, version } = parseSourceAtVersion(arg);
      reportSupport(supportSnapshot(paths, arg), source, version);
      sayErr(...nextSteps(paths, source, version, true));
    });
}

const UNCONFINED_WARNING = [
  '',
  'eventmap: WARNING: --unconfined: the upstream binary runs WITHOUT the sandbox, with your full access',
  'eventmap: WARNING: (your files, network, processes and environment); provenance.json records "unconfined": true',
  '',
];

function describeConfinement(c: Confinement): string {
  if (c.sandbox === 'bubblewrap')
    return `bubblewrap ${c.version} (no network, uid 65534 without capabilities, private /proc, read-only but its scratch folder)`;
  if ('unconfined' in c) return 'NONE (--unconfined): the upstream binary ran with your full access';
  return 'no upstream code was run (declarations read as text)';
}

function reportSupport(added: boolean, source: string, version: string): void {
  sayOut(
    added
      ? `added ${version} to sources.${source}.snapshots in mapping-spec.yaml`
      : `mapping-spec.yaml already supports ${source}@${version}`,
  );
}

export function nextSteps(paths: ProjectPaths, source: SourceName, version: string, supported: boolean): string[] {
  // What changed upstream, for the reviewer: from the nearest supported version below (or, for a
  // release older than all of them, to the oldest).
  const others = vendoredSnapshots(paths)
    .filter((r) => r.source === source && r.supported && r.version !== version)
    .map((r) => r.version);
  const below = others.filter((v) => compareVersions(v, version) < 0).at(-1);
  const diff =
    below !== undefined
      ? [`eventmap diff ${source}@${below} ${source}@${version}   # what changed upstream`]
      : others.length
        ? [`eventmap diff ${source}@${version} ${source}@${others[0]}   # what the supported releases changed since`]
        : [];
  const steps = supported
    ? [
        ...diff,
        // generate first: check compares generated/ too, which is stale until it runs.
        'eventmap generate                 # gaps do not stop it; check then names them',
        `eventmap check                    # what ${source}@${version} needs from mapping-spec.yaml`,
        'eventmap suggest --write          # drafts for its gaps, each marked for review: review it, delete the marker',
        'eventmap generate && eventmap check',
      ]
    : [
        ...diff,
        `eventmap check --with ${source}@${version}            # what the bump needs, before taking it`,
        `eventmap suggest --with ${source}@${version} --write  # drafts for its gaps, each marked for review: review it, delete the marker`,
        `eventmap upstream support ${source}@${version}        # then generate and check`,
      ];
  return ['next:', ...steps.map((s) => `  ${s}`)];
}
