// The census as text (a table per source and version, then the findings) or JSON.
import { jsonOutput } from '../output/json.ts';
import { printable, textLines } from '../output/text.ts';
import type { CensusReport, ClassifiedType, SpecStatus } from './classify.ts';

export function censusToJson(report: CensusReport): string {
  // version: null when unknown (JSON has no undefined).
  const groups = report.groups.map((g) => ({
    ...g,
    version: g.version ?? null,
    catalogVersion: g.catalogVersion ?? null,
  }));
  return jsonOutput({
    ...report,
    groups,
    undocumented: findings(report, (t) => !t.catalog.documented),
    unmapped: findings(report, (t) => t.spec.status !== 'mapped'),
  });
}

/** Rows that meet `test`, flattened with their group's source and version. */
function findings(report: CensusReport, test: (t: ClassifiedType) => boolean) {
  return report.groups.flatMap((g) =>
    g.types.filter(test).map((t) => ({
      source: g.source,
      version: g.version ?? null,
      kind: t.kind,
      name: t.name,
      count: t.count,
      catalog: t.catalog,
      spec: t.spec,
    })),
  );
}

function specText(s: SpecStatus, specFile: string): string {
  if (s.status === 'mapped') return `mapped${s.via ? ` (${s.via})` : ''}, ${specFile}:${s.line}`;
  if (s.status === 'ignored') return `ignored: ${s.reason} (${specFile}:${s.line})`;
  return `no entry${s.note ? ` (${s.note})` : ''}`;
}

/** `against`: a line saying which spec the types were classified against. */
export function censusToText(report: CensusReport, specFile: string, against: string): string {
  const out: string[] = [];
  const messages = report.groups.reduce((n, g) => n + g.messages, 0);
  out.push(
    `eventmap census: ${report.files.length} file(s), ${report.lines} line(s), ${messages} upstream message(s)${report.unrecognised.length ? `, ${report.unrecognised.length} line(s) not recognised` : ''}`,
  );
  out.push(against);
  for (const g of report.groups) {
    const against = g.catalogVersion
      ? `catalog ${g.catalogVersion}`
      : `catalogs ${g.supported.join(', ') || '(none)'}${g.version ? ` (${g.version} is not a supported snapshot)` : ' (version unknown)'}`;
    out.push(
      '',
      `${g.source} ${g.version ?? '(version unknown)'}: ${g.files.length} file(s), ${g.messages} message(s) (and ${g.appRecords} records of the app's side); against ${against}`,
    );
    // Columns as shown: a name is as wide as its escaped form.
    const width = Math.max(...g.types.map((t) => printable(t.name).length), 4);
    const kindWidth = Math.max(...g.types.map((t) => t.kind.length), 4);
    for (const t of g.types) {
      const flags = [
        t.catalog.documented ? '' : 'UNDOCUMENTED',
        t.spec.status === 'mapped' ? 'mapped' : t.spec.status === 'ignored' ? 'ignored' : 'NO ENTRY',
      ]
        .filter(Boolean)
        .join(', ');
      out.push(
        `  ${t.kind.padEnd(kindWidth)}  ${printable(t.name).padEnd(width)}  ${String(t.count).padStart(5)}  ${flags}`,
      );
    }
  }
  const undocumented = findings(report, (t) => !t.catalog.documented);
  out.push('', `Undocumented upstream types (not in the catalog of the supported snapshots): ${undocumented.length}`);
  for (const f of undocumented)
    out.push(
      `  ${f.source} ${f.version ?? '?'} ${f.kind} ${f.name} ×${f.count}${f.catalog.in.length ? ` (documented in ${f.catalog.in.join(', ')} only)` : ''}; spec: ${specText(f.spec, specFile)}`,
    );
  const unmapped = findings(report, (t) => t.spec.status !== 'mapped');
  out.push('', `Not mapped by the spec (ignored, or no entry): ${unmapped.length}`);
  for (const f of unmapped)
    out.push(`  ${f.source} ${f.version ?? '?'} ${f.kind} ${f.name} ×${f.count}: ${specText(f.spec, specFile)}`);
  if (report.unrecognised.length)
    out.push(
      '',
      `Lines not recognised (not JSON, or no known upstream): ${report.unrecognised.slice(0, 20).join(', ')}${report.unrecognised.length > 20 ? ', ...' : ''}`,
    );
  return textLines(out);
}
