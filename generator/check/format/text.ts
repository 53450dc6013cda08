// check --format text: for people.
import { percent } from '../../emit/coverage.ts';
import { textLines } from '../../output/text.ts';
import type { CheckResult } from '../run.ts';
import { subject, where } from './shared.ts';

export function formatText(r: CheckResult): string {
  const out: string[] = [];
  for (const [source, s] of Object.entries(r.coverage.sources)) {
    out.push(`${source} (${s.snapshots.join(', ')})`);
    for (const [kind, k] of Object.entries(s.summary)) {
      out.push(
        `  ${kind.padEnd(14)} ${String(k.mapped + k.ignored).padStart(4)}/${k.total} accounted (${percent(k.mapped + k.ignored, k.total)}): ${k.mapped} mapped, ${k.ignored} ignored, ${k.gap} gaps`,
      );
    }
  }
  for (const [title, list] of [
    ['findings', r.findings],
    ['notices (not failures)', r.notices],
  ] as const) {
    if (list.length) out.push('', `${title}:`);
    for (const f of list) {
      const loc = where(f);
      const subj = subject(f);
      out.push(`  ${loc ? `${loc}: ` : ''}${f.category}${subj ? ` ${subj}` : ''}: ${f.message}`);
      if (f.hint) out.push(`    fix: ${f.hint}`);
    }
  }
  out.push(
    '',
    r.findings.length
      ? `eventmap check: ${r.findings.length} finding(s)`
      : `eventmap check: clean${r.fast ? ' (inputs unchanged since the last generate)' : ''}`,
  );
  return textLines(out);
}
