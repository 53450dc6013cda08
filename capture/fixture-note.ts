// The note next to a recorded transcript: the command that made it (`<name>.cmd`) and what it
// covers (README.md). Nothing in it changes between two runs of the same command.
import { writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { RunSummary } from './run/types.ts';

export function writeFixtureNote(dir: string, o: { source: string; version: string; scenarios: string[]; summary: RunSummary; file: string; bareFile: string }): void {
  const command = `npm run capture -- ${o.source}@${o.version}${o.scenarios.length ? ` --scenarios ${o.scenarios.join(',')}` : ''}`;
  const stem = basename(o.file).split('.')[0]!;
  writeFileSync(join(dirname(o.file), `${stem}.cmd`), `# Recorded from the real upstream, offline, from the repository root:\n${command}\n`);
  const lines = [
    `# ${o.source} ${o.version}: recorded traffic`,
    '',
    `\`${basename(o.file)}\` was recorded from the real upstream (npm \`${o.source === 'codex-app-server' ? '@openai/codex' : '@anthropic-ai/claude-agent-sdk'}@${o.version}\`), driven offline`,
    'by the scripted model server of capture/ in a loopback-only network namespace, with:',
    '',
    '```sh',
    command,
    '```',
    '',
    'Ids, timestamps, durations and local paths were normalised (see test/fixtures/transcripts/README.md);',
    'everything else is what the upstream sent.',
    `\`${basename(o.bareFile)}\` holds the same traffic in the bare input format: only what the upstream wrote.`,
    '',
    `Settings: ${Object.entries(o.summary.settings).map(([k, v]) => `${k} \`${JSON.stringify(v)}\``).join(', ') || 'defaults'}.`,
    '',
    'Scenarios recorded, in order (capture/scenarios/):',
    '',
    ...o.summary.recorded.map((s) => `- \`${s}\``),
    '',
  ];
  if (o.summary.skipped.length) lines.push('Skipped (this version cannot reach them):', '', ...o.summary.skipped.map((s) => `- \`${s.name}\`: ${s.why}`), '');
  writeFileSync(join(dir, 'README.md'), lines.join('\n'));
}
