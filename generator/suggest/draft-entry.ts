// Drafting an entry for a message-kind gap by analogy: the nearest existing entry of the same
// family (most leading name segments shared, then the one whose paths the new message has) gives
// the canonical type(s), helpers and the shape of ids and payload; every path is re-read against
// the new message's own schema. Ids come from the sibling's id paths or from fields named like
// threadId/turnId/itemId/requestId; payload fields from the sibling's reads or from schema fields
// named like the canonical field. When nothing fits, the draft is an `ignore:` placeholder.
import type { Catalog, CatalogEntry, EntryKind } from '../catalog/types.ts';
import type { JsonType } from '../schema/paths.ts';
import { ANY_TYPES } from '../schema/paths.ts';
import { fieldInfo, payloadShape } from '../model/query.ts';
import type { CanonicalModel } from '../model/types.ts';
import { responseTarget } from '../mapping/analyze.ts';
import { fits } from '../mapping/check-emit.ts';
import { pathDepth, specFields } from '../mapping/field-paths.ts';
import { readValue } from '../mapping/path-hints.ts';
import { PLACEHOLDER } from '../mapping/review.ts';
import { reads } from '../mapping/slot-fit.ts';
import {
  ID_KEYS,
  type Condition,
  type EmitSpec,
  type IdKey,
  type MappingEntry,
  type MappingSpec,
  type ValueExpr,
} from '../mapping/types.ts';
import { MessageFields, type VersionFields } from './message-fields.ts';
import { nameSegments, nameWords, rankByName } from './similar.ts';

export interface EntryDraft {
  type: 'entry';
  source: string;
  kind: EntryKind;
  name: string;
  versions: string[];
  /** The existing entry the draft is modelled on. */
  like?: string;
  /** Insert after this entry (its family); else at the end of the kind's section. */
  after?: string;
  /** The entry as YAML data. */
  value: Record<string, unknown>;
  /** An `ignore:` with a TODO reason: a person must decide. */
  placeholder: boolean;
}

const ID_NAMES: Record<IdKey, RegExp> = {
  thread: /^thread(Id|_id)$/,
  turn: /^turn(Id|_id)$/,
  item: /^item(Id|_id)$/,
  request: /^request(Id|_id)$/,
};

/** One snapshot's view of the discriminant. */
export interface Having {
  catalog: Catalog;
  entry: CatalogEntry;
}

export function draftEntry(
  spec: MappingSpec,
  model: CanonicalModel,
  source: string,
  kind: EntryKind,
  name: string,
  having: Having[],
): EntryDraft {
  const base = { type: 'entry' as const, source, kind, name, versions: having.map((h) => h.catalog.version) };
  const message = new MessageFields(
    having.map((h) => ({
      version: h.catalog.version,
      fields: specFields(h.catalog, h.entry.document, h.entry.pointer),
    })),
  );
  const response = new MessageFields(having.flatMap((h) => responseFields(h)));
  const siblings = spec.entries.filter((e) => e.source === source && e.kind === kind && e.name !== name);
  const signature = (e: MappingEntry) => (e.ignore !== undefined ? 'ignore' : e.emit.map((x) => x.type).join('+'));
  const ranked = rankByName(
    name,
    siblings,
    (e) => e.name,
    nameSegments,
    (e) => fit(e, message),
    (e, tier) => tier.filter((o) => signature(o) === signature(e)).length,
  );
  // A canonical type named like the discriminant (`thread/realtime/started` ~ thread.realtime.started) is the strongest hint.
  const named = model.eventTypes.find((t) => nameWords(t).join(' ') === nameWords(name).join(' '));
  const best = ranked[0];
  const after = best?.candidate.name;
  if (best?.candidate.ignore !== undefined && !named) {
    return {
      ...base,
      like: best.candidate.name,
      after,
      value: {
        ignore: `${PLACEHOLDER} ignore it like ${best.candidate.name} (${JSON.stringify(best.candidate.ignore)})? write the reason, or map it`,
      },
      placeholder: true,
    };
  }
  const emits = (e: MappingEntry, t: string) => e.ignore === undefined && e.emit.some((x) => x.type === t);
  // Named: that type or nothing (a sibling's other type would be a worse guess than a placeholder).
  const tries: { entry: MappingEntry; like: string }[] = named
    ? [
        ...ranked.filter((r) => emits(r.candidate, named)).map((r) => ({ entry: r.candidate, like: r.candidate.name })),
        { entry: bare(source, kind, name, named), like: `canonical ${named}` },
      ]
    : ranked
        .filter((r) => r.shared === best!.shared && r.candidate.ignore === undefined)
        .map((r) => ({ entry: r.candidate, like: r.candidate.name }));
  let why = '';
  for (const { entry, like } of tries) {
    const built = buildEntry(model, entry, message, response);
    if ('value' in built)
      return { ...base, like, ...(after !== undefined ? { after } : {}), value: built.value, placeholder: false };
    why ||= `map it like ${like} (${entry.emit.map((e) => e.type).join(', ')})? ${built.missing}`;
  }
  why ||= `no ${kind} of the same family to draft from; map it, or say why it is ignored`;
  return {
    ...base,
    ...(best ? { like: best.candidate.name } : {}),
    ...(after !== undefined ? { after } : {}),
    value: { ignore: `${PLACEHOLDER} ${why}` },
    placeholder: true,
  };
}

/** An entry emitting `type` and nothing else, to draft from when no sibling emits it. */
function bare(source: string, kind: EntryKind, name: string, type: string): MappingEntry {
  const loc = { file: '', line: 0, col: 0 };
  return {
    source: source as MappingEntry['source'],
    kind,
    name,
    emit: [{ type, ids: {}, payload: {}, loc }],
    response: [],
    before: [],
    after: [],
    ignoreFields: {},
    loc,
  };
}

/**
 * How well a sibling suits the new message: its paths the message has, less those it lacks
 * (ignored entries: 0). Whole-message reads (`$`, `$.params`) say nothing: every message has them.
 */
function fit(e: MappingEntry, message: MessageFields): number {
  let n = 0;
  for (const emit of e.emit) for (const p of reads(emit)) if (pathDepth(p) > 1) n += message.has(p) ? 1 : -1;
  return n;
}

/** Ids and same-name payload fields are looked for near the top: on the message or its params, not inside a nested object. */
const NEAR_THE_TOP = 2;

function buildEntry(
  model: CanonicalModel,
  sibling: MappingEntry,
  message: MessageFields,
  response: MessageFields,
): { value: Record<string, unknown> } | { missing: string } {
  const emit: unknown[] = [];
  for (const em of sibling.emit) {
    const r = buildEmit(model, em, message);
    if ('missing' in r) return r;
    emit.push(r.value);
  }
  const answered: unknown[] = [];
  for (const em of response.empty ? [] : sibling.response) {
    const r = buildEmit(model, em, response);
    if ('missing' in r) return r;
    answered.push(r.value);
  }
  const helpers = (hs: { name: string }[]) => hs.map((h) => h.name);
  return {
    value: {
      ...(sibling.before.length ? { before: helpers(sibling.before) } : {}),
      ...(emit.length ? { emit } : {}),
      ...(answered.length ? { response: answered } : {}),
      ...(sibling.after.length ? { after: helpers(sibling.after) } : {}),
    },
  };
}

function buildEmit(
  model: CanonicalModel,
  em: EmitSpec,
  message: MessageFields,
): { value: Record<string, unknown> } | { missing: string } {
  const shape = payloadShape(model, em.type);
  if (!shape) return { missing: `\`${em.type}\` is not a canonical type` };
  const out: Record<string, unknown> = { type: em.type };
  if (em.when) {
    if (!message.has(em.when.path.text))
      return { missing: `its condition reads ${em.when.path.text}, which this message lacks` };
    out.when = conditionData(em.when);
  }
  const ids: Record<string, unknown> = {};
  for (const key of ID_KEYS) {
    const own = em.ids[key];
    const path = message.byName((n) => ID_NAMES[key].test(n), NEAR_THE_TOP);
    const value =
      (own ? copyExpr(own, message, false) : undefined) ?? (path ? readValue(path, message.presence(path)) : undefined);
    if (value !== undefined) ids[key] = value;
  }
  if (Object.keys(ids).length) out.ids = ids;
  const payload: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(shape.fields)) {
    const canonical = fieldInfo(model, schema);
    const choice =
      canonical !== undefined &&
      (canonical.values !== undefined || [...canonical.types].every((t) => t === 'boolean' || t === 'null'));
    const own = em.payload[field];
    const value = (own ? copyExpr(own, message, choice) : undefined) ?? sameName(field, message, canonical);
    if (value !== undefined) payload[field] = value;
    else if (shape.required.includes(field))
      return { missing: `nothing in this message gives the required \`${em.type}.${field}\`` };
  }
  out.payload = payload;
  return { value: out };
}

/** A schema field named like the canonical field (`session_id` ~ `sessionId`), whose values fit it. */
function sameName(field: string, message: MessageFields, canonical: ReturnType<typeof fieldInfo>): unknown {
  const norm = (s: string) => s.replace(/_/g, '').toLowerCase();
  const path = message.byName((n) => norm(n) === norm(field), NEAR_THE_TOP);
  if (!path || !canonical) return undefined;
  const info = message.info(path)!;
  const types = new Set<JsonType>(info.types.includes('any') ? ANY_TYPES : (info.types as JsonType[]));
  if (!fits(types, canonical.types)) return undefined;
  if (canonical.values && !(info.values && info.values.every((v) => canonical.values!.has(v)))) return undefined;
  return readValue(path, message.presence(path));
}

/** The sibling's value re-read against the new message: undefined when it reads what the message lacks. */
function copyExpr(e: ValueExpr, message: MessageFields, constants: boolean): unknown {
  switch (e.kind) {
    case 'path':
      return message.has(e.path.text) ? readValue(e.path.text, message.presence(e.path.text), e.map) : undefined;
    case 'const':
      return constants ? constData(e.value) : undefined;
    case 'helper': {
      const args = e.args.map((a) => copyExpr(a, message, true));
      return args.every((a) => a !== undefined) ? { helper: e.name, ...(args.length ? { args } : {}) } : undefined;
    }
    case 'first': {
      const options = e.options.map((o) => copyExpr(o, message, constants)).filter((o) => o !== undefined);
      return options.length > 1 ? { first: options } : options[0];
    }
  }
}

function constData(v: unknown): unknown {
  // A string starting with `$` would read as a path; lists and objects are written `{ const: ... }`.
  return (typeof v === 'string' && v.startsWith('$')) || (v !== null && typeof v === 'object') ? { const: v } : v;
}

function conditionData(c: Condition): Record<string, unknown> {
  if (c.op === 'in') return { path: c.path.text, in: c.values };
  if (c.op === 'present') return { path: c.path.text, present: c.present };
  return { path: c.path.text, equals: c.value };
}

/** The client's answer to a server request, when the snapshot describes one. */
function responseFields(h: Having): VersionFields[] {
  return responseTarget(h.catalog, h.entry).map((t) => ({
    version: h.catalog.version,
    fields: specFields(t.catalog, t.document, t.pointer),
  }));
}
