// `eventmap suggest` output: the drafts as YAML for people (text), or as data (json).
import { jsonOutput } from '../output/json.ts';
import { textLines } from '../output/text.ts';
import { flowText, renderPair, type InsertPair } from '../mapping/edit.ts';
import type { Finding } from '../mapping/findings.ts';
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
  const placeholders = r.drafts.filter((d) => d.type === 'entry' && d.placeholder).length;
  const slots = r.drafts.filter((d) => d.type === 'slot').length;
  const fixes = r.drafts.filter((d) => d.type === 'fix').length;
  const summary = `${r.drafts.length} draft(s): ${r.drafts.length - placeholders - slots - fixes} by analogy, ${slots ? `${slots} new field(s) read into a free slot, ` : ''}${fixes ? `${fixes} stale range(s) fixed as check prints, ` : ''}${placeholders} placeholder(s) for a person${r.manual.length ? `, ${r.manual.length} gap(s) without a draft` : ''}`;
  if (!r.drafts.length && !r.manual.length) out.push('eventmap suggest: no gaps, nothing to draft');
  else if (written)
    out.push(`eventmap suggest: ${summary}; written to ${written}, each marked \`# eventmap suggest: review\``);
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
