// Bits every check format shares.
import type { Finding } from '../../spec/findings.ts';

export const SPEC_FILE = 'mapping-spec.yaml';

/** `codex-app-server@0.171.0 notification:foo` — source, versions and discriminant. */
export function subject(f: Finding): string {
  const src = f.source ? `${f.source}${f.versions?.length ? `@${f.versions.join(',')}` : ''}` : '';
  return [src, f.discriminant].filter(Boolean).join(' ');
}

export function where(f: Finding): string {
  return f.loc ? `${SPEC_FILE}:${f.loc.line}` : '';
}
