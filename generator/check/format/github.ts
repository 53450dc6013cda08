// check --format github: GitHub Actions workflow commands, one annotation per finding.
import { annotation } from '../../output/github.ts';
import type { CheckResult } from '../run.ts';
import { fileOf, subject } from './shared.ts';

export function formatGithub(r: CheckResult): string {
  const out = r.findings.map((f) =>
    annotation(
      'error',
      {
        file: fileOf(f),
        ...(f.loc ? { line: f.loc.line, col: f.loc.col } : {}),
        title: `eventmap ${f.category}: ${subject(f)}`,
      },
      `${f.message}${f.hint ? ` — fix: ${f.hint}` : ''}`,
    ),
  );
  // Notices annotate too, without failing the job.
  for (const f of r.notices)
    out.push(
      annotation(
        'notice',
        { ...(f.loc ? { file: fileOf(f), line: f.loc.line, col: f.loc.col } : {}), title: `eventmap ${f.code}` },
        `${f.message}${f.hint ? ` — fix: ${f.hint}` : ''}`,
      ),
    );
  out.push(
    annotation('notice', { title: 'eventmap check' }, r.findings.length ? `${r.findings.length} finding(s)` : 'clean'),
  );
  return `${out.join('\n')}\n`;
}
