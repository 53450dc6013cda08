// check --format markdown: a pull-request comment.
import { percent } from '../../emit/coverage.ts';
import type { CheckResult } from '../run.ts';
import { subject, where } from './shared.ts';
import { mdCell, mdCode, mdProse } from '../../output/markdown.ts';

export function formatMarkdown(r: CheckResult): string {
  const out = [
    `### eventmap check: ${r.findings.length ? `❌ ${r.findings.length} finding(s)` : '✅ clean'}`,
    '',
    '| source | kind | accounted | mapped | ignored | gaps |',
    '|---|---|---:|---:|---:|---:|',
  ];
  for (const [source, s] of Object.entries(r.coverage.sources)) {
    for (const [kind, k] of Object.entries(s.summary))
      out.push(
        `| ${mdCell(source)} | ${mdCell(kind)} | ${k.mapped + k.ignored}/${k.total} (${percent(k.mapped + k.ignored, k.total)}) | ${k.mapped} | ${k.ignored} | ${k.gap} |`,
      );
  }
  if (r.findings.length) {
    out.push('', '| | where | what |', '|---|---|---|');
    for (const f of r.findings) {
      // The subject names what a snapshot supplies: always in a code span.
      const subj = subject(f) ? mdCode(subject(f)) : '';
      out.push(`| ${f.category} | ${mdCell(where(f)) || subj} | ${subj ? `${subj}: ` : ''}${mdProse(f.message)} |`);
    }
  }
  if (r.notices.length) {
    out.push('', '<details><summary>notices (not failures)</summary>', '');
    for (const f of r.notices) out.push(`- ${where(f) ? `${mdCode(where(f))}: ` : ''}${mdProse(f.message)}`);
    out.push('', '</details>');
  }
  return `${out.join('\n')}\n`;
}
