// One-line wording of diff changes, shared by the text and markdown formats.
import type { FieldInfo } from '../../schema/fields.ts';
import type { EntryChange, ValueMapChange } from '../spec-diff.ts';
import type { SourceSpecDiff } from '../spec-report.ts';
import { SPEC_FILE, type Affect, type Change, type ChangeClass } from '../types.ts';

/** How a snapshot diff is shown: one class only; the command that made it (named where rows are left out); a size limit (markdown). */
export interface DiffView {
  only?: ChangeClass;
  command?: string;
  limit?: number;
}

/**
 * How a name from a snapshot or the spec is shown: as it is in text (the text printer escapes
 * whole lines), in a code span in Markdown (output/markdown.ts `mdSpan`).
 */
export type Show = (name: string) => string;
const plain: Show = (s) => s;

/** Affected lines listed in full up to this many; the rest are counted (JSON has them all). */
const MAX_AFFECTS = 8;

function field(info: FieldInfo): string {
  return `${info.types.join('|')}, ${info.required ? 'required' : 'optional'}`;
}

function subject(c: Change, show: Show): string {
  if ('enum' in c) return `enum ${show(c.enum)}`;
  if ('path' in c && c.places && c.origin) return `definition ${show(c.origin.definition)} ${show(c.origin.path)}`;
  if ('path' in c) return `${c.kind} ${show(c.name)}${c.scope === 'response' ? ' response' : ''} ${show(c.path)}`;
  if ('names' in c) return `kind ${c.kind}`;
  return `${c.kind} ${show(c.name)}`;
}

function namedOf(c: Change, show: Show): string {
  const named = 'enum' in c ? c.values : 'path' in c ? c.after?.values : undefined;
  return named?.length ? ` (${named.map(show).join(', ')})` : '';
}

/** What happened, e.g. `notification turn/completed $.emittedAtMs added (integer, optional)`. */
export function describeChange(c: Change, show: Show = plain): string {
  const s = subject(c, show);
  const values = (v: readonly string[]) => v.map(show).join(', ');
  switch (c.change) {
    case 'kind-added':
    case 'kind-removed':
      return `${s} ${c.change === 'kind-added' ? 'added' : 'removed'} (${c.names.length} discriminants)`;
    case 'discriminant-added':
    case 'discriminant-removed':
      return `${s} ${c.change === 'discriminant-added' ? 'added' : 'removed'}`;
    case 'response-added':
    case 'response-removed':
      return `${s}: response schema ${c.change === 'response-added' ? 'added' : 'removed'}`;
    case 'field-added':
      return `${s} added (${field(c.after!)})${c.subfields ? ` with ${c.subfields} field(s) below` : ''}`;
    case 'field-removed':
      return `${s} removed (was ${field(c.before!)})${c.subfields ? ` with ${c.subfields} field(s) below` : ''}`;
    case 'field-type-changed':
      return `${s} type ${c.before!.types.join('|')} → ${c.after!.types.join('|')}`;
    case 'field-made-optional':
    case 'field-made-required':
      return `${s} made ${c.change === 'field-made-optional' ? 'optional' : 'required'}`;
    case 'field-values-added':
    case 'enum-values-added':
      return `${s} values added: ${values(c.values!)}`;
    case 'field-values-removed':
    case 'enum-values-removed':
      return `${s} values removed: ${values(c.values!)}`;
    case 'enum-added':
      return `${s} added (${values(c.values)})`;
    case 'enum-removed':
      return `${s} removed (was ${values(c.values)})`;
    case 'field-values-opened':
    case 'enum-opened':
      return `${s} opened: accepts strings beyond its named values${namedOf(c, show)}`;
    case 'field-values-closed':
    case 'enum-closed':
      return `${s} closed: only its named values${namedOf(c, show)}`;
  }
}

/**
 * `in 35 places: notification thread/started, …` for a change of a shared definition (the path is
 * named where it differs from the definition's), or '' for a change of one message. `max` caps the list.
 */
export function describePlaces(c: Change, max = Infinity, show: Show = plain): string {
  if (!('path' in c) || !c.places) return '';
  const own = c.origin?.path;
  const shown = c.places
    .slice(0, max)
    .map(
      (p) =>
        `${p.kind} ${show(p.name)}${p.scope === 'response' ? ' response' : ''}${p.path !== own ? ` at ${show(p.path)}` : ''}`,
    );
  if (c.places.length > max) shown.push(`… ${c.places.length - max} more (--format json lists them all)`);
  return `in ${c.places.length} places: ${shown.join(', ')}`;
}

function affectText(a: Affect, show: Show): string {
  const path = a.path === undefined ? '' : show(a.path);
  const how = {
    entry: 'entry',
    'value-map': 'value map',
    reads: `reads ${path}`,
    'reads-below': `reads ${path}, below it`,
    'passes-through': `passes ${path} through`,
  }[a.how];
  return `${SPEC_FILE}:${a.line} (${how})`;
}

/** `mapping-spec.yaml:605 (reads $.decision), ...`, or '' when nothing in the spec is affected. */
export function describeAffects(c: Change, show: Show = plain): string {
  if (!c.affects.length) return '';
  const shown = c.affects.slice(0, MAX_AFFECTS).map((a) => affectText(a, show));
  if (c.affects.length > MAX_AFFECTS) shown.push(`… ${c.affects.length - MAX_AFFECTS} more`);
  return shown.join(', ');
}

interface ChangeRow {
  what: string;
  /** The discriminant or upstream value concerned. */
  name: string;
  before: string;
  after: string;
  details: string[];
}

/** A source's changes to the table, one row each: entries, then value maps. */
export function changeRows(s: SourceSpecDiff): ChangeRow[] {
  return [...s.entries.map(entryRow), ...s.valueMaps.map(valueMapRow)];
}

function entryRow(e: EntryChange): ChangeRow {
  const show = (s: EntryChange['before']) =>
    !s ? '—' : s.status === 'ignored' ? `ignored: ${s.reason}` : s.targets.join(', ');
  const what = e.change === 'reason-changed' ? 'ignore reason changed' : e.change.replace('-', ' ');
  return { what, name: `${e.kind} ${e.name}`, before: show(e.before), after: show(e.after), details: e.details };
}

function valueMapRow(v: ValueMapChange): ChangeRow {
  const val = (x: string | null | undefined) => (x === undefined ? '—' : x === null ? 'null (left out)' : x);
  const [before, after] =
    v.change === 'map-added'
      ? ['—', v.summary ?? '']
      : v.change === 'map-removed'
        ? [v.summary ?? '', '—']
        : [val(v.before), val(v.after)];
  // `map-added` → `value map added`, `value-added` → `value added`, `covers-changed` → `covers changed`.
  const what = `${v.change.startsWith('map-') ? 'value ' : ''}${v.change.replace('-', ' ')}`;
  return { what, name: `value map ${v.map}${v.value !== undefined ? `: ${v.value}` : ''}`, before, after, details: [] };
}
