// Bits every check format shares.
import type { Finding } from '../../mapping/findings.ts';

export const SPEC_FILE = 'mapping-spec.yaml';

/** `codex-app-server@0.171.0 notification:foo` — source, versions and discriminant. */
export function subject(f: Finding): string {
  const src = f.source ? `${f.source}${f.versions?.length ? `@${f.versions.join(',')}` : ''}` : '';
  return [src, f.discriminant].filter(Boolean).join(' ');
}

/**
 * The file a finding is in: mapping-spec.yaml (named so whatever the working directory, as
 * generated/coverage.json records it), or the generated file a stale-output finding names.
 */
export function fileOf(f: Finding): string {
  return f.loc?.file.startsWith('generated/') ? f.loc.file : SPEC_FILE;
}

/** `mapping-spec.yaml:12:5`, or '' for a finding with no place. */
export function where(f: Finding): string {
  return f.loc ? `${fileOf(f)}:${f.loc.line}:${f.loc.col}` : '';
}
