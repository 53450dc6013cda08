// check --format markdown: a pull-request comment.
import { percent } from '../../emit/coverage.ts';
import type { CheckResult } from '../run.ts';
import { subject, where } from './shared.ts';
import { mdCell } from '../../markdown.ts';

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
        `| ${source} | ${kind} | ${k.mapped + k.ignored}/${k.total} (${percent(k.mapped + k.ignored, k.total)}) | ${k.mapped} | ${k.ignored} | ${k.gap} |`,
      );
  }
  if (r.findings.length) {
    out.push('', '| | where | what |', '|---|---|---|');
    for (const f of r.findings)
      out.push(`| ${f.category} | ${where(f) || subject(f)} | ${mdCell(`${subject(f)}: ${f.message}`)} |`);
  }
  if (r.notices.length) {
    out.push('', '<details><summary>notices (not failures)</summary>', '');
    for (const f of r.notices) out.push(`- ${mdCell(`${where(f) ? `${where(f)}: ` : ''}${f.message}`)}`);
    out.push('', '</details>');
  }
  return `${out.join('\n')}\n`;
}
