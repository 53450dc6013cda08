// check --format json: for tools. The shape is documented in docs/maintainers.md ("check --format json").
import { jsonOutput } from '../../output/json.ts';
import type { Finding } from '../../mapping/findings.ts';
import type { CheckResult } from '../run.ts';
import { fileOf } from './shared.ts';

export function formatJson(r: CheckResult): string {
  return jsonOutput({
    ok: r.findings.length === 0,
    fast: r.fast,
    findings: r.findings.map(findingJson),
    notices: r.notices.map(findingJson),
    sources: r.coverage.sources,
  });
}

function findingJson(f: Finding): Record<string, unknown> {
  return {
    category: f.category,
    code: f.code,
    message: f.message,
    ...(f.hint ? { hint: f.hint } : {}),
    ...(f.source ? { source: f.source } : {}),
    ...(f.versions ? { versions: f.versions } : {}),
    ...(f.discriminant ? { discriminant: f.discriminant } : {}),
    ...(f.loc ? { file: fileOf(f), line: f.loc.line, col: f.loc.col } : {}),
  };
}
