// `eventmap catalog` output: JSON for tools, text for people.
import { textLines } from '../output/text.ts';
import { getAtPointer } from '../schema/pointer.ts';
import type { Catalog, EntryKind } from './types.ts';

export function catalogCounts(catalog: Catalog): Partial<Record<EntryKind, number>> {
  const counts: Partial<Record<EntryKind, number>> = {};
  for (const e of catalog.entries) counts[e.kind] = (counts[e.kind] ?? 0) + 1;
  return counts;
}

export function catalogToJson(catalog: Catalog): unknown {
  return {
    source: catalog.source,
    version: catalog.version,
    counts: catalogCounts(catalog),
    entries: catalog.entries.map((e) => ({
      kind: e.kind,
      name: e.name,
      ...(e.unresolved ? { unresolved: true } : {}),
      ...(e.meta ? { meta: e.meta } : {}),
      ...(e.response ? { response: e.response } : {}),
      origin: `${e.document}${e.pointer}`,
      schema: getAtPointer(catalog.documents[e.document], e.pointer) ?? null,
    })),
    enums: catalog.enums,
  };
}

export function catalogToText(catalog: Catalog): string {
  const lines = [`${catalog.source}@${catalog.version}`];
  const counts = catalogCounts(catalog);
  for (const [kind, n] of Object.entries(counts)) lines.push(`  ${kind}: ${n}`);
  let kind = '';
  for (const e of catalog.entries) {
    if (e.kind !== kind) lines.push('', `${(kind = e.kind)}:`);
    const answer = !e.response
      ? ''
      : 'missing' in e.response
        ? `  (answer untyped: ${e.response.missing})`
        : `  → ${e.response.type}`;
    lines.push(`  ${e.name}${e.unresolved ? '  (unresolved: referenced upstream but never declared)' : ''}${answer}`);
  }
  const enumNames = Object.keys(catalog.enums);
  if (enumNames.length) {
    lines.push('', 'enums:');
    for (const name of enumNames) lines.push(`  ${name}: ${catalog.enums[name]!.values.join(' | ')}`);
  }
  return textLines(lines);
}
