// `eventmap suggest` output: the drafts as YAML for people (text), or as data (json).
import { jsonOutput } from '../output/json.ts';
import { textLines } from '../output/text.ts';
import { flowText, renderPair, type InsertPair } from '../mapping/edit.ts';
import type { Finding } from '../mapping/findings.ts';
import { REVIEW_MARKER } from '../mapping/review.ts';
import { toEdit, type Draft, type FixDraft, type SuggestResult } from './run.ts';

export function suggestText(r: SuggestResult, written: string | undefined): string {
  const out: string[] = [];
  for (const d of r.drafts) {
    if (d.type === 'fix') {
      out.push(`${d.source} ${d.discriminant} (${d.versions.join(', ')}): fix → ${d.at.join('.')}`);
      out.push(`    ${flowText(d.value)}`, '');
      continue;
    }
    const edit = toEdit(d) as InsertPair;
    const where = `${edit.map.join('.')}${d.after !== undefined ? `, after ${d.after}` : ''}`;
    out.push(`${d.source} ${draftName(d)} (${d.versions.join(', ')}): ${draftBasis(d)} → ${where}`);
    out.push(
      ...renderPair({ ...edit, comment: undefined, trailing: undefined })
        .trimEnd()
        .split('\n')
        .map((l) => `    ${l}`),
      '',
    );
  }
  for (const f of r.manual) out.push(`${f.source} ${f.discriminant}: no draft — ${f.message}; ${f.hint ?? ''}`, '');
  const summary = `${r.drafts.length} draft(s): ${draftCounts(r.drafts)}${r.manual.length ? `, ${r.manual.length} gap(s) without a draft` : ''}`;
  if (!r.drafts.length && !r.manual.length) out.push('eventmap suggest: no gaps, nothing to draft');
  else if (written)
    out.push(
      `eventmap suggest: ${summary}; written to ${written}, each marked \`# ${REVIEW_MARKER}\` (check fails until a person deletes the marker)`,
    );
  else out.push(`eventmap suggest: ${summary}; \`eventmap suggest --write\` inserts them into mapping-spec.yaml`);
  return textLines(out);
}

export function suggestJson(r: SuggestResult, written: string | undefined): string {
  return jsonOutput({
    written: written !== undefined,
    drafts: r.drafts.map(draftJson),
    manual: r.manual.map(manualJson),
  });
}

/** How each draft was made, counted: an entry like another, a value like another or by a fallback, a slot, a fix, a placeholder. */
function draftCounts(drafts: readonly Draft[]): string {
  const count = (f: (d: Draft) => boolean) => drafts.filter(f).length;
  const parts: [number, string][] = [
    [count((d) => d.type === 'entry' && !d.placeholder), 'entry(ies) like another'],
    [count((d) => d.type === 'value' && d.basis.startsWith('like ')), 'value(s) like another'],
    [
      count((d) => d.type === 'value' && !d.basis.startsWith('like ')),
      "value(s) by a fallback (the map's default, the enum's unknown, or null)",
    ],
    [count((d) => d.type === 'slot'), 'new field(s) read into a free slot'],
    [count((d) => d.type === 'fix'), `stale range(s) rewritten as check prints`],
    [count((d) => d.type === 'entry' && d.placeholder), 'placeholder(s) for a person'],
  ];
  const said = parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
  return said.length ? said.join(', ') : 'none';
}

function draftName(d: Exclude<Draft, FixDraft>): string {
  return d.type === 'value' ? d.discriminant : `${d.kind}:${d.name}`;
}

function draftBasis(d: Exclude<Draft, FixDraft>): string {
  if (d.type === 'value') return d.basis;
  if (d.type === 'slot') return `new field ${d.path} → ${d.slot} (${d.why})`;
  return d.placeholder ? 'PLACEHOLDER: a person must decide' : `like ${d.like}`;
}

function draftJson(d: Draft): Record<string, unknown> {
  if (d.type === 'fix') return { ...d }; // type, source, discriminant, versions, at, value: as it is
  const edit = toEdit(d) as InsertPair;
  const common = {
    source: d.source,
    name: d.name,
    versions: d.versions,
    target: edit.map.join('.'),
    ...(d.after !== undefined ? { after: d.after } : {}),
    value: d.value,
  };
  if (d.type === 'value') return { type: 'value', discriminant: d.discriminant, map: d.map, basis: d.basis, ...common };
  if (d.type === 'slot')
    return {
      type: 'slot',
      discriminant: draftName(d),
      kind: d.kind,
      slot: d.slot,
      path: d.path,
      basis: d.why,
      ...common,
    };
  return {
    type: 'entry',
    discriminant: `${d.kind}:${d.name}`,
    kind: d.kind,
    placeholder: d.placeholder,
    ...(d.like !== undefined ? { like: d.like } : {}),
    ...common,
  };
}

function manualJson(f: Finding): Record<string, unknown> {
  return {
    source: f.source,
    discriminant: f.discriminant,
    versions: f.versions,
    message: f.message,
    ...(f.hint ? { hint: f.hint } : {}),
  };
}
