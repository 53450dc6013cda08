// The notes next to recorded transcripts: per recording, the command that made it
// (`<recording>.cmd`), and README.md, which lists every recording of the version folder with its
// scenarios. Re-recording one recording rewrites its own section and keeps the others'. Nothing in
// them changes between two runs of the same command.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { RunSummary } from './run/types.ts';
import type { CaptureSource } from './sources.ts';

export interface NoteInput {
  source: CaptureSource;
  version: string;
  recording: string;
  /** acp: the agent recorded, given as `--agent <name>@<version>` (the recording is named for it). */
  agent?: { name: string; version: string };
  /** The scenarios asked for with --scenarios (empty: the whole recording). */
  scenarios: string[];
  summary: RunSummary;
  file: string;
  bareFile?: string;
}

const MARK = /^<!-- recording: ([\w-]+) -->$/m;

export function captureCommand(o: Pick<NoteInput, 'source' | 'version' | 'recording' | 'scenarios' | 'agent'>): string {
  const which = o.agent ? `--agent ${o.agent.name}@${o.agent.version}` : `--recording ${o.recording}`;
  return `npm run capture -- ${o.source.name}@${o.version} ${which}${o.scenarios.length ? ` --scenarios ${o.scenarios.join(',')}` : ''}`;
}

export function writeFixtureNote(dir: string, o: NoteInput): void {
  const command = captureCommand(o);
  writeFileSync(
    join(dir, `${o.recording}.cmd`),
    `# Recorded from the real upstream, offline, from the repository root:\n${command}\n`,
  );
  const readme = join(dir, 'README.md');
  const sections = existsSync(readme) ? sectionsOf(readFileSync(readme, 'utf8')) : new Map<string, string>();
  sections.set(o.recording, `${section(o, command).trimEnd()}\n`);
  const order = o.source.recordings.map((r) => r.name);
  const names = [...sections.keys()].sort((a, b) => rank(order, a) - rank(order, b));
  // Sections end in one newline; a blank line between them.
  writeFileSync(readme, [header(o), ...names.map((n) => sections.get(n)!)].join('\n'));
}

const rank = (order: string[], name: string) => (order.includes(name) ? order.indexOf(name) : order.length);

/** The recordings' sections of an existing README, by name (each runs to the next marker). */
export function sectionsOf(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const parts = text.split(new RegExp(`(?=${MARK.source})`, 'm'));
  for (const part of parts) {
    const m = MARK.exec(part);
    if (m) out.set(m[1]!, `${part.trimEnd()}\n`);
  }
  return out;
}

function header(o: NoteInput): string {
  const from = o.source.byAgent
    ? [
        `Recorded from real ACP agents that speak ACP as of \`${o.source.npmPackage}@${o.version}\` (protocol version 1), each`,
        'played by the capture driver as the client (editor) and served offline by the scripted model server of',
        'capture/ in a loopback-only network namespace; one file (one session) per agent, named for it. Each',
        "section names the agent's package and the ACP library it speaks through (`agent`, `acpLibrary`).",
      ]
    : [
        `Recorded from the real upstream (npm \`${o.source.npmPackage}@${o.version}\`), driven offline by the scripted model`,
        'server of capture/ in a loopback-only network namespace; one file (one session) per recording below.',
      ];
  return [
    `# ${o.source.name} ${o.version}: recorded traffic`,
    '',
    ...from,
    'Ids, timestamps, durations and local paths were normalised (see test/fixtures/transcripts/README.md);',
    'everything else is what the upstream sent.',
    '',
  ].join('\n');
}

function section(o: NoteInput, command: string): string {
  const prompts = new Map(o.source.recordings.flatMap((r) => r.scenarios.map((s) => [s.name, s.prompt] as const)));
  const lines = [
    `<!-- recording: ${o.recording} -->`,
    `## \`${basename(o.file)}\``,
    '',
    '```sh',
    command,
    '```',
    '',
    ...(o.bareFile
      ? [
          `\`${basename(o.bareFile)}\` holds the same traffic in the bare input format: only what the upstream wrote.`,
          '',
        ]
      : []),
    `Settings: ${
      Object.entries(o.summary.settings)
        .map(([k, v]) => `${k} \`${JSON.stringify(v)}\``)
        .join(', ') || 'defaults'
    }.`,
    '',
    'Scenarios recorded, in order (capture/scenarios/):',
    '',
    ...o.summary.recorded.map((s) => `- \`${s}\`${prompts.get(s) ? `: ${prompts.get(s)}` : ''}`),
    '',
  ];
  if (o.summary.skipped.length)
    lines.push(
      'Skipped (this version cannot reach them):',
      '',
      ...o.summary.skipped.map((s) => `- \`${s.name}\`: ${s.why}`),
      '',
    );
  return lines.join('\n');
}
