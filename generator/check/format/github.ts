// check --format github: GitHub Actions workflow commands, one annotation per finding.
import type { CheckResult } from '../run.ts';
import { SPEC_FILE, subject } from './shared.ts';

/** Workflow-command data must escape %, CR and LF; properties also : and ,. */
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const prop = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function formatGithub(r: CheckResult): string {
  const out = r.findings.map((f) => {
    const props = [`file=${SPEC_FILE}`, ...(f.loc ? [`line=${f.loc.line}`] : []), `title=${prop(`eventmap ${f.category}: ${subject(f)}`)}`];
    return `::error ${props.join(',')}::${data(`${f.message}${f.hint ? ` — fix: ${f.hint}` : ''}`)}`;
  });
  // Notices annotate too, without failing the job.
  for (const f of r.notices) out.push(`::notice ${[...(f.loc ? [`file=${SPEC_FILE}`, `line=${f.loc.line}`] : []), `title=${prop(`eventmap ${f.code}`)}`].join(',')}::${data(`${f.message}${f.hint ? ` — fix: ${f.hint}` : ''}`)}`);
  out.push(`::notice title=eventmap check::${r.findings.length ? `${r.findings.length} finding(s)` : 'clean'}`);
  return `${out.join('\n')}\n`;
}
